import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { filterBatches, summarizeBatches, type BatchRow } from './batch-list.ts';
import type { BatchMode } from './batches-search.ts';
import { buildCatalog } from '../../../lib/product-catalog.ts';

export interface BatchList {
  loaded: boolean;
  rows: BatchRow[];
  matching: number;
  page: number;
  pages: number;
}

/** /inventory/batches from the device: numbers, thumbnails and totals as the server's list computes them. */
export function useBatchList({
  mode,
  start,
  end,
  member = '',
  page,
}: {
  mode: BatchMode;
  start: string;
  end: string;
  /** A member's id, or '' for everyone's. */
  member?: string;
  page: number;
}): BatchList {
  const all = useLiveQuery(async () => {
    const [batches, lots, others, products, listings] = await Promise.all([
      db.rows('batches').toArray(),
      db
        .rows('lots')
        .filter((l) => !!l.batch_id)
        .toArray(),
      db
        .rows('other_realizations')
        .filter((o) => !!o.batch_id)
        .toArray(),
      db.rows('products_wh').toArray(),
      db.rows('products_mp').toArray(),
    ]);
    const images = new Map(buildCatalog(products, listings).map((p) => [p.id, p.image]));
    return summarizeBatches(batches, lots, others, (id) => images.get(id) ?? null);
  }, []);
  const filtered = useMemo(() => filterBatches(all ?? [], mode, start, end, member), [all, mode, start, end, member]);
  const { start: from, end: to, ...at } = pageWindow(filtered.length, page);
  return { loaded: all !== undefined, rows: filtered.slice(from, to), matching: filtered.length, ...at };
}
