import { useCallback } from 'react';
import { stockMessages } from '../../../../domain/stock-rules.ts';
import { db } from '../../../db/database.ts';
import { dayToIso } from '../../../lib/format.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueGroup, type RowChange } from '../../../sync/outbox.ts';
import { receivedRows, returnBatch, type ReceiptIds } from './receipt-rows.ts';
import { isReceivable, type Receivable, type Return } from './types.ts';

/** docs/rules.md «Возвраты»: shown 10 s when a selected return has no price; the server refuses in the same words. */
export const PRICE_MISSING = stockMessages.returnPriceMissing;
export const NOTHING_SELECTED =
  'Нет возвратов для оприходования: выберите статус «Готов к продаже», «Уценка» или «Списание»';

/** Returns the receipt takes: not received, linked to a product, with a status to receive them as. */
export function selectedForReceipt<T extends Pick<Return, 'processed' | 'status' | 'product_id'>>(
  returns: readonly T[],
): T[] {
  return returns.filter((r) => !r.processed && r.product_id !== null && isReceivable(r.status));
}

/**
 * The §5 rule: the price must be above 0, and for markdown the markdown price too. Answers the failing ids. A price
 * the row does not carry is one a member without leave to see costs does not get: the server holds it (the member
 * may have set it) and checks it itself, in the same words.
 */
export function priceFlags(returns: readonly Pick<Return, 'id' | 'status' | 'price' | 'markdown_price'>[]): string[] {
  const missing = (n: number | undefined) => n !== undefined && !(n > 0);
  return returns
    .filter((r) => missing(r.price) || (r.status === 'markdown' && missing(r.markdown_price)))
    .map((r) => r.id);
}

export type ReceiptOutcome =
  { ok: true; batchId: string; count: number } | { ok: false; flagged: string[]; error: string };

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
    const rows: RowChange[] = [];
    const marked: RowChange[] = [];
    const items: Record<
      string,
      {
        return_id: string;
        status: Receivable;
        price?: number;
        markdown_price?: number;
        product_id: string;
        description: string;
        lot_id: string;
        markdown_ids?: string[];
        disposal_id?: string;
      }
    > = {};

    for (const r of selected) {
      const status = r.status as Receivable;
      const productId = r.product_id!;
      const markdownPrice = r.markdown_price > 0 ? r.markdown_price : r.price;
      // Prices the row does not carry (hidden from this member) are left to the server, which has them.
      const prices = {
        ...(r.price === undefined ? {} : { price: r.price }),
        ...(markdownPrice === undefined ? {} : { markdown_price: markdownPrice }),
      };
      const ids: ReceiptIds = {
        batchId,
        lotId: crypto.randomUUID(),
        markdownIds: status === 'markdown' ? Array.from({ length: r.count }, () => crypto.randomUUID()) : undefined,
        disposalId: status === 'disposal' ? crypto.randomUUID() : undefined,
      };
      rows.push(
        ...receivedRows(
          {
            returnId: r.id,
            productId,
            status,
            count: r.count,
            price: r.price,
            markdownPrice,
            description: r.description,
          },
          ids,
          at,
          now,
        ),
      );
      items[r.id] = {
        return_id: r.id,
        status,
        ...prices,
        product_id: productId,
        description: r.description,
        lot_id: ids.lotId,
        ...(ids.markdownIds ? { markdown_ids: ids.markdownIds } : {}),
        ...(ids.disposalId ? { disposal_id: ids.disposalId } : {}),
      };
      const processed: Partial<Return> = {
        processed: true,
        final_moment: at,
        batch_id: batchId,
        markdown_price: markdownPrice,
        updated_at: now,
      };
      marked.push({ table: 'returns', id: r.id, changes: processed });
    }

    const body = { id: batchId, date, description: '', batch: items };
    await queueGroup([
      {
        ...apiCall('POST', '/returns/batch/', { body }),
        table: 'batches',
        rowId: batchId,
        // Lots first: the projection replays the group's rows in this order, receipts before the outflows from them.
        changes: [returnBatch(batchId, at, now), ...rows, ...marked],
      },
    ]);
    return { ok: true, batchId, count: selected.length };
  });
}

export const useReceiveReturns = () => useCallback(receiveReturns, []);
