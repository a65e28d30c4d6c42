import { useCallback } from 'react';
import { db, type MirroredRow } from '../../../db/database.ts';
import { dayToIso } from '../../../lib/format.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueGroup, type RowChange } from '../../../sync/outbox.ts';
import { isReceivable, type Batch, type Disposal, type Lot, type Markdown, type Receivable, type Return } from './types.ts';

/** SPEC §8: shown 10 s when a selected return has no price. */
export const PRICE_MISSING = 'Не указаны значения цены в выделенных возвратах.';
export const NOTHING_SELECTED = 'Нет возвратов для оприходования: выберите статус «Готов к продаже», «Уценка» или «Списание»';

/** Returns the receipt takes: not received, linked to a product, with a status to receive them as. */
export function selectedForReceipt<T extends Pick<Return, 'processed' | 'status' | 'product_id'>>(returns: readonly T[]): T[] {
  return returns.filter((r) => !r.processed && r.product_id !== null && isReceivable(r.status));
}

/** The §5 rule: the price must be above 0, and for markdown the markdown price too. Answers the failing ids. */
export function priceFlags(returns: readonly Pick<Return, 'id' | 'status' | 'price' | 'markdown_price'>[]): string[] {
  return returns.filter((r) => !(r.price > 0) || (r.status === 'markdown' && !(r.markdown_price > 0))).map((r) => r.id);
}

export type ReceiptOutcome = { ok: true; batchId: string; count: number } | { ok: false; flagged: string[]; error: string };

/**
 * «Оприходовать» (docs/rules.md «Возвраты»): every selected return in one returns document on the
 * day given (YYYY-MM-DD), POST /api/v1/returns/batch/ — queued as ONE outbox group together with
 * the rows it makes, written on the device in the same transaction: the document, a return lot
 * (is_return) per return, one markdown per unit for markdown, a disposal for write-off, and the
 * returns marked processed. The ids of those rows go in the body, so the server makes the very rows
 * the device shows; the stock projection (src/stock/) counts them before the server answers, and a
 * refusal puts every one of them back.
 */
export function receiveReturns(date: string): Promise<ReceiptOutcome> {
  return serial(async () => {
    const selected = selectedForReceipt(await db.rows('returns').toArray());
    if (selected.length === 0) return { ok: false, flagged: [], error: NOTHING_SELECTED };
    const flagged = priceFlags(selected);
    if (flagged.length > 0) return { ok: false, flagged, error: PRICE_MISSING };

    const batchId = crypto.randomUUID();
    const at = dayToIso(date);
    const now = new Date().toISOString();
    const meta = { version: 0, updated_at: now };
    const batch: Batch = { id: batchId, kind: 'return', date: at, description: '', created_at: now, ...meta };
    const lots: RowChange[] = [];
    const outflows: RowChange[] = [];
    const marked: RowChange[] = [];
    const items: Record<string, { return_id: string; status: Receivable; price: number; markdown_price: number; product_id: string; description: string; lot_id: string; markdown_ids?: string[]; disposal_id?: string }> = {};

    for (const r of selected) {
      const status = r.status as Receivable;
      const productId = r.product_id!;
      const markdownPrice = r.markdown_price > 0 ? r.markdown_price : r.price;
      const lotId = crypto.randomUUID();
      const lot: Lot = {
        id: lotId,
        _id: lotId,
        product_id: productId,
        batch_id: batchId,
        return_id: r.id,
        // All units come in; markdowns and the write-off below take them out again (replayed by the projection).
        count: r.count,
        count_max: r.count,
        price: r.price,
        created_at: at,
        is_return: true,
        count_max_edited: false,
        price_edited: false,
        ...meta,
      };
      lots.push({ table: 'lots', put: lot });
      const item: (typeof items)[string] = { return_id: r.id, status, price: r.price, markdown_price: markdownPrice, product_id: productId, description: r.description, lot_id: lotId };
      if (status === 'markdown') {
        item.markdown_ids = Array.from({ length: r.count }, () => crypto.randomUUID());
        for (const id of item.markdown_ids) {
          const markdown: Markdown = { id, product_id: productId, lot_id: lotId, datetime: at, description: r.description, price: r.price, markdown_price: markdownPrice, release: false, count: 1, ...meta };
          outflows.push({ table: 'markdowns', put: markdown });
        }
      } else if (status === 'disposal') {
        const id = crypto.randomUUID();
        item.disposal_id = id;
        const disposal: Disposal = { id, _id: id, product_id: productId, batch_id: batchId, count: r.count, price: r.price, datetime: at, description: r.description, ...meta };
        // The lot it takes from rides along for the projection (the wire row does not name it).
        outflows.push({ table: 'disposals', put: { ...disposal, lot_id: lotId } as MirroredRow });
      }
      items[r.id] = item;
      const processed: Partial<Return> = { processed: true, final_moment: at, batch_id: batchId, markdown_price: markdownPrice, updated_at: now };
      marked.push({ table: 'returns', id: r.id, changes: processed });
    }

    const body = { id: batchId, date, description: '', batch: items };
    await queueGroup([
      {
        ...apiCall('POST', '/returns/batch/', { body }),
        table: 'batches',
        rowId: batchId,
        // Lots first: the projection replays the group's rows in this order, receipts before the outflows from them.
        changes: [{ table: 'batches', put: batch }, ...lots, ...outflows, ...marked],
      },
    ]);
    return { ok: true, batchId, count: selected.length };
  });
}

export const useReceiveReturns = () => useCallback(receiveReturns, []);
