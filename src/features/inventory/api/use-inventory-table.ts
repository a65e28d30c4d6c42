import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../db/projected-stock.ts';
import { filterRows, joinLots, PAGE_SIZE, pageCount, type InventoryFilter } from './inventory-table.ts';
import type { InventoryRow, Lot, ProductMp, ProductWh } from './types.ts';

export interface InventoryTable {
  loaded: boolean;
  rows: InventoryRow[];
  matching: number;
  page: number;
  pages: number;
}

/**
 * /inventory from the device: every lot with its product, remaining units as the server will have
 * them once the outbox is sent (outflows still waiting already taken). 50 per page (SPEC §9).
 */
export function useInventoryTable(filter: InventoryFilter & { page: number }): InventoryTable {
  const joined = useLiveQuery(async () => {
    const [lots, products, listings] = await Promise.all([
      loadProjectedLots() as unknown as Promise<Lot[]>,
      db.mirrored('products_wh').toArray() as unknown as Promise<ProductWh[]>,
      db.mirrored('products_mp').toArray() as unknown as Promise<ProductMp[]>,
    ]);
    return joinLots(lots, products, listings);
  }, []);
  const { search, start, end, page } = filter;
  const filtered = useMemo(() => filterRows(joined ?? [], { search, start, end }), [joined, search, start, end]);
  const pages = pageCount(filtered.length);
  const current = Math.min(Math.max(1, page), pages);
  const from = (current - 1) * PAGE_SIZE;
  return { loaded: joined !== undefined, rows: filtered.slice(from, from + PAGE_SIZE), matching: filtered.length, page: current, pages };
}
