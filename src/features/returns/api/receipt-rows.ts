import type { MirroredRow } from '../../../db/database.ts';
import type { RowChange } from '../../../sync/outbox.ts';
import type { Batch, Disposal, Lot, Markdown, Receivable } from './types.ts';
import { authoredHere } from '../../../sync/authorship.ts';

/** What one received return becomes; the ids are the ones the server is told to use. */
export interface ReceiptIds {
  batchId: string;
  lotId: string;
  markdownIds?: string[];
  disposalId?: string;
}

interface Received {
  returnId: string;
  productId: string;
  status: Receivable;
  count: number;
  price: number;
  markdownPrice: number;
  description: string;
}

const meta = (now: string) => ({ version: 0, updated_at: now, ...authoredHere() });

/** The returns document the device shows until the server's copy arrives. */
export function returnBatch(id: string, at: string, now: string): RowChange {
  const batch: Batch = { id, kind: 'return', date: at, description: '', created_at: now, ...meta(now) };
  return { table: 'batches', put: batch };
}

/**
 * The rows the server writes for one received return (docs/rules.md «Возвраты»): a return lot of all
 * its units, then one markdown per unit or one disposal of them all from that lot. Lot first: the
 * projection replays a group's rows in order, receipts before the outflows from them.
 */
export function receivedRows(r: Received, ids: ReceiptIds, at: string, now: string): RowChange[] {
  const lot: Lot = {
    id: ids.lotId,
    _id: ids.lotId,
    product_id: r.productId,
    batch_id: ids.batchId,
    return_id: r.returnId,
    count: r.count,
    count_max: r.count,
    price: r.price,
    created_at: at,
    is_return: true,
    count_max_edited: false,
    price_edited: false,
    ...meta(now),
  };
  const rows: RowChange[] = [{ table: 'lots', put: lot }];
  const outflow = { product_id: r.productId, datetime: at, description: r.description, price: r.price, ...meta(now) };
  if (r.status === 'markdown') {
    for (const id of ids.markdownIds ?? []) {
      const markdown: Markdown = {
        ...outflow,
        id,
        lot_id: ids.lotId,
        markdown_price: r.markdownPrice,
        release: false,
        count: 1,
      };
      rows.push({ table: 'markdowns', put: markdown });
    }
  } else if (r.status === 'disposal' && ids.disposalId) {
    const disposal: Disposal = {
      ...outflow,
      id: ids.disposalId,
      _id: ids.disposalId,
      batch_id: ids.batchId,
      count: r.count,
    };
    // The lot it takes from rides along for the projection (the wire row does not name it).
    rows.push({ table: 'disposals', put: { ...disposal, lot_id: ids.lotId } as MirroredRow });
  }
  return rows;
}
