import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { pageWindow, PAGE_SIZE } from '../../../lib/paging.ts';
import { filterReturns, joinReturns } from './return-list.ts';
import type { ReturnFilter } from './returns-search.ts';
import type { ReturnLine } from './types.ts';

export interface ReturnList {
  loaded: boolean;
  rows: ReturnLine[];
  /** Every return the filter matches (all pages). */
  matching: number;
  page: number;
  pages: number;
  /** The number of the page's first row (numbering runs on across pages). */
  firstNumber: number;
}

/** /returns from the device: 50 a page, newest first, each with its product, receipt date and its order's sale. */
export function useReturnList({
  filter,
  member = '',
  page,
}: {
  filter: ReturnFilter;
  /** A member's id, or '' for everyone's. */
  member?: string;
  page: number;
}): ReturnList {
  const lines = useLiveQuery(async () => {
    const returns = await db.rows('returns').toArray();
    const productIds = [...new Set(returns.map((r) => r.product_id).filter((id): id is string => !!id))];
    const batchIds = [...new Set(returns.map((r) => r.batch_id).filter((id): id is string => !!id))];
    const saleIds = [...new Set(returns.map((r) => r.realization_id).filter((id): id is string => !!id))];
    const [products, listings, batches, sales] = await Promise.all([
      db.rows('products_wh').bulkGet(productIds),
      db.rows('products_mp').where('product_wh_id').anyOf(productIds).toArray(),
      db.rows('batches').bulkGet(batchIds),
      db.rows('realizations').bulkGet(saleIds),
    ]);
    const dates = new Map(batches.filter((b) => b !== undefined).map((b) => [b.id, b.date]));
    return joinReturns(
      returns,
      products.filter((p) => p !== undefined),
      listings,
      dates,
      new Map(sales.filter((s) => s !== undefined).map((s) => [s.id, s])),
    );
  }, []);
  const filtered = useMemo(() => filterReturns(lines ?? [], filter, member), [lines, filter, member]);
  const { page: current, pages, start, end } = pageWindow(filtered.length, page);
  return {
    loaded: lines !== undefined,
    rows: filtered.slice(start, end),
    matching: filtered.length,
    page: current,
    pages,
    firstNumber: (current - 1) * PAGE_SIZE + 1,
  };
}
