import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { filterRows, joinLots, type InventoryFilter } from './inventory-table.ts';
import type { InventoryRow } from './types.ts';

/** Every lot with its product, newest receipt first: the screen's rows before the filter (and its export's). */
export async function loadInventoryRows(): Promise<InventoryRow[]> {
  const [lots, products, listings] = await Promise.all([
    loadProjectedLots(),
    db.rows('products_wh').toArray(),
    db.rows('products_mp').toArray(),
  ]);
  return joinLots(lots, products, listings);
}

export interface InventoryTable {
  loaded: boolean;
  rows: InventoryRow[];
  matching: number;
  page: number;
  pages: number;
}

/**
 * /inventory from the device: every lot with its product, remaining units as the server will have
 * them once the outbox is sent (outflows still waiting already taken). 50 per page (docs/screens.md «Форматы и
 * постоянные»).
 */
export function useInventoryTable(filter: InventoryFilter & { page: number }): InventoryTable {
  const joined = useLiveQuery(loadInventoryRows, []);
  const { search, start, end, page } = filter;
  const filtered = useMemo(() => filterRows(joined ?? [], { search, start, end }), [joined, search, start, end]);
  const { start: from, end: to, ...at } = pageWindow(filtered.length, page);
  return { loaded: joined !== undefined, rows: filtered.slice(from, to), matching: filtered.length, ...at };
}
