import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import type { BatchLot } from './purchase-lines.ts';
import type { Batch, Disposal, Markdown, OtherRealization } from './types.ts';

export interface BatchContents {
  batch: Batch;
  lots: BatchLot[];
  /** Markdowns and disposals that took units from the batch's lots (read-only in the editor). */
  markdowns: Markdown[];
  disposals: Disposal[];
  otherRealizations: OtherRealization[];
}

/** One batch with its lots and what left them, from the device; what BatchDetail answers. */
export async function loadBatch(batchId: string): Promise<BatchContents | null> {
  const batch = await db.rows('batches').get(batchId);
  if (!batch) return null;
  // Lots have no batch index (src/db/database.ts): one pass over the table.
  const [lots, otherRealizations] = await Promise.all([
    db.rows('lots').where('batch_id').equals(batchId).toArray(),
    db.rows('other_realizations').where('batch_id').equals(batchId).toArray(),
  ]);
  const lotIds = new Set(lots.map((l) => l.id));
  const productIds = [...new Set(lots.map((l) => l.product_id))];
  const [projected, movements, markdowns, disposals] = await Promise.all([
    Promise.all(productIds.map((p) => loadProjectedLots(p))),
    db.rows('stock_movements').where('product_id').anyOf(productIds).toArray(),
    db.rows('markdowns').where('product_id').anyOf(productIds).toArray(),
    db.rows('disposals').where('product_id').anyOf(productIds).toArray(),
  ]);
  const remaining = new Map(projected.flat().map((l) => [l.id, l.count]));
  const fromBatch = (table: string) =>
    new Set(movements.filter((m) => m.source_table === table && lotIds.has(m.lot_id)).map((m) => m.source_id));
  const markdownIds = fromBatch('markdowns');
  const disposalIds = fromBatch('disposals');
  return {
    batch,
    lots: lots.map((l) => ({ ...l, taken: Math.max(0, l.count_max - (remaining.get(l.id) ?? l.count)) })),
    markdowns: markdowns.filter((m) => (m.lot_id && lotIds.has(m.lot_id)) || markdownIds.has(m.id)),
    disposals: disposals.filter((d) => disposalIds.has(d.id)),
    otherRealizations,
  };
}

/** Live: undefined while loading, null when the device has no such batch. */
export function useBatch(batchId: string): BatchContents | null | undefined {
  return useLiveQuery(() => loadBatch(batchId), [batchId]);
}
