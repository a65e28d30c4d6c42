import { allocate, unitCostOf } from '../../../../domain/fifo.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { dayToIso } from '../../../lib/format.ts';
import { queueGroup, type GroupCall, type RowChange } from '../../../sync/outbox.ts';
import { lineCount, lineState, parseAmount, type OtherLine } from './other-lines.ts';
import { batchCall, type BatchSave } from '../../../stock/batch-call.ts';
import type { Marketplace, OtherRealization } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';
import { authoredHere } from '../../../sync/authorship.ts';

/** Lines checked before: a count above 0 and a marketplace each. */
export interface OtherSave extends BatchSave<OtherRealization, OtherLine> {
  /** Its lots, if any: kept as they are. */
  lotIds?: readonly string[];
}

const now = () => new Date().toISOString();

/**
 * The unit cost the server will compute (FIFO over the projected lots), shown until it answers; undefined when
 * the lots came without prices (a member without leave to see costs), as the server's row will too.
 */
async function estimatedCost(productId: string, count: number): Promise<number | undefined> {
  const lots = await loadProjectedLots(productId);
  const taken = allocate(
    lots.map((l) => ({ id: l.id, count: l.count, price: l.price, receivedAt: l.created_at })),
    count,
  );
  if (!taken.ok) return 0;
  const cost = unitCostOf(taken.allocations);
  return Number.isFinite(cost) ? cost : undefined;
}

/**
 * «Реализовать» / «Обновить»: POST /api/v1/other_realization_batch/ with the new and changed
 * lines, then POST /api/v1/batch/ (PATCH /api/v1/batch/{id}/ when editing) with every line, as one
 * outbox group the server applies all or nothing. The rows and the document are written on the
 * device in the same transaction, so stock and every screen follow at once, offline too.
 */
export async function saveOtherRealizations({
  batch,
  saved = [],
  lotIds = [],
  date,
  lines,
}: OtherSave): Promise<string> {
  const batchId = batch?.id ?? crypto.randomUUID();
  const day = dayToIso(date);
  const byId = new Map(saved.map((r) => [r.id, r]));
  const sent = lines.filter((l) => lineState(l, byId.get(l.id)) !== 'same');
  const fields = (l: OtherLine) => ({
    count: lineCount(l),
    marketplace: l.marketplace as Marketplace,
    realization_price: parseAmount(l.realization_price),
    description: l.description,
  });

  const rowChanges: RowChange[] = [];
  for (const l of sent) {
    const existing = byId.get(l.id);
    if (existing) {
      rowChanges.push({ table: 'other_realizations', id: l.id, changes: { ...fields(l), updated_at: now() } });
      continue;
    }
    const cost = await estimatedCost(l.product_id, lineCount(l));
    // Left out when unknown, as the server's rows for such a member leave it out.
    const row = {
      id: l.id,
      product_id: l.product_id,
      batch_id: batchId,
      date: day,
      ...fields(l),
      ...(cost === undefined ? {} : { price: cost }),
      release: false,
      version: 0,
      updated_at: now(),
      ...authoredHere(),
    } as OtherRealization;
    rowChanges.push({ table: 'other_realizations', put: row });
  }
  const calls: GroupCall[] = [];
  if (sent.length > 0) {
    const body = { batch: sent.map((l) => ({ id: l.id, product_id: l.product_id, ...fields(l) })) };
    calls.push({
      ...apiCall('POST', '/other_realization_batch/', { body }),
      table: 'other_realizations',
      rowId: sent[0]!.id,
      changes: rowChanges,
    });
  }

  const listed = lines.map((l) => l.id);
  const rows = { table: 'other_realizations' as const, saved, dateField: 'date' as const, listed };
  calls.push(batchCall({ batch, batchId, kind: 'other', date, rows, inventoryIds: lotIds, otherIds: listed }));
  await queueGroup(calls);
  return batchId;
}
