import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { filterBatches, PAGE_SIZE, pageCount, summarizeBatches, type BatchRow } from './batch-list.ts';
import type { BatchMode } from './batches-search.ts';
import { buildCatalog } from './product-catalog.ts';
import type { Batch, Lot, OtherRealization, ProductMp, ProductWh } from './types.ts';

export interface BatchList {
  loaded: boolean;
  rows: BatchRow[];
  matching: number;
  page: number;
  pages: number;
}

/** /inventory/batches from the device: numbers, thumbnails and totals as the server's list computes them. */
export function useBatchList({ mode, start, end, page }: { mode: BatchMode; start: string; end: string; page: number }): BatchList {
  const all = useLiveQuery(async () => {
    const [batches, lots, others, products, listings] = await Promise.all([
      db.mirrored('batches').toArray() as unknown as Promise<Batch[]>,
      db
        .mirrored('lots')
        .filter((l) => !!l.batch_id)
        .toArray() as unknown as Promise<Lot[]>,
      db
        .mirrored('other_realizations')
        .filter((o) => !!o.batch_id)
        .toArray() as unknown as Promise<OtherRealization[]>,
      db.mirrored('products_wh').toArray() as unknown as Promise<ProductWh[]>,
      db.mirrored('products_mp').toArray() as unknown as Promise<ProductMp[]>,
    ]);
    const images = new Map(buildCatalog(products, listings).map((p) => [p.id, p.image]));
    return summarizeBatches(batches, lots, others, (id) => images.get(id) ?? null);
  }, []);
  const filtered = useMemo(() => filterBatches(all ?? [], mode, start, end), [all, mode, start, end]);
  const pages = pageCount(filtered.length);
  const current = Math.min(Math.max(1, page), pages);
  return { loaded: all !== undefined, rows: filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), matching: filtered.length, page: current, pages };
}
