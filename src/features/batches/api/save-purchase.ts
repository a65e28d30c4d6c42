import { dayToIso } from '../../../lib/format.ts';
import { queueGroup, type GroupCall, type RowChange } from '../../../sync/outbox.ts';
import { lineCount, linePrice, lineState, type BatchLot, type PurchaseLine } from './purchase-lines.ts';
import { batchCall, type BatchSave } from '../../../stock/batch-call.ts';
import type { Lot } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';
import { authoredHere } from '../../../sync/authorship.ts';

export interface PurchaseSave extends BatchSave<BatchLot, PurchaseLine> {
  /** Its other realizations: kept as they are. */
  otherIds?: readonly string[];
}

const now = () => new Date().toISOString();

/**
 * «Оприходовать» / «Обновить» (docs/rules.md «Документы»): the lines, then the document, as one outbox
 * group the server applies all or nothing — POST /api/v1/inventory_batch/ with the new and changed
 * lines, then POST /api/v1/batch/ (or PATCH /api/v1/batch/{id}/) with every line's lot. The lots
 * and the batch are written on the device in the same transaction, so every screen shows them at
 * once, offline too. Answers the batch id.
 */
export async function savePurchase({ batch, saved = [], otherIds = [], date, lines }: PurchaseSave): Promise<string> {
  const batchId = batch?.id ?? crypto.randomUUID();
  const receivedAt = dayToIso(date);
  const byId = new Map(saved.map((l) => [l.id, l]));
  const calls: GroupCall[] = [];

  const sent: PurchaseLine[] = [];
  const lineChanges: RowChange[] = [];
  for (const line of lines) {
    const count = lineCount(line);
    const price = linePrice(line);
    const lot = byId.get(line.id);
    if (!lot) {
      sent.push(line);
      const row: Lot = {
        id: line.id,
        _id: line.id,
        product_id: line.product_id,
        batch_id: batchId,
        return_id: null,
        count,
        count_max: count,
        price,
        created_at: receivedAt,
        // A line added here is a purchase even in a returns document (the server receives it so).
        is_return: false,
        count_max_edited: false,
        price_edited: false,
        version: 0,
        updated_at: now(),
        ...authoredHere(),
      };
      lineChanges.push({ table: 'lots', put: row });
    } else if (lineState(line, lot) !== 'same') {
      sent.push(line);
      // What was received changes; the units still there move with it (the server's editLot).
      const changes = {
        count_max: count,
        count: lot.count + count - lot.count_max,
        price,
        count_max_edited: lot.count_max_edited || count !== lot.count_max,
        price_edited: lot.price_edited || price !== lot.price,
      };
      lineChanges.push({ table: 'lots', id: lot.id, changes });
    }
  }
  if (sent.length > 0) {
    const body = {
      batch: sent.map((l) => ({ id: l.id, product_id: l.product_id, count: lineCount(l), price: linePrice(l) })),
    };
    calls.push({
      ...apiCall('POST', '/inventory_batch/', { body }),
      table: 'lots',
      rowId: sent[0]!.id,
      changes: lineChanges,
    });
  }

  const listed = lines.map((l) => l.id);
  const rows = { table: 'lots' as const, saved, dateField: 'created_at' as const, listed };
  calls.push(
    batchCall({ batch, batchId, kind: batch?.kind ?? 'purchase', date, rows, inventoryIds: listed, otherIds }),
  );
  await queueGroup(calls);
  return batchId;
}
