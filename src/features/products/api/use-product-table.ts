import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { listingsByProduct } from '../../../lib/listings.ts';
import { PAGE_SIZE, pageWindow } from '../../../lib/paging.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { awaitingPackagingOf, shortfall } from './shortfalls.ts';
import {
  figuresByProduct,
  filterRows,
  joinRows,
  pageOfRows,
  summarize,
  type ProductOrder,
  type ProductRow,
} from './product-table.ts';
import type { LotLike, MarkdownLike, ReserveLike } from './types.ts';

/** A row of the page, with the units it lacks for its orders awaiting assembly (0: enough). */
export type ProductPageRow = ProductRow & { shortfall: number };

export interface ProductTable {
  loaded: boolean;
  rows: ProductPageRow[];
  /** Rows matching the search, over all pages. */
  matching: number;
  page: number;
  pages: number;
  /** Number of the first row on this page (rows are numbered across pages). */
  firstNumber: number;
  summary: { count: number; total: number };
}

/**
 * The /products table from the device. Each table is read by its own live query, so a change to
 * lots re-reads only the stock tables, a keystroke re-reads nothing: filtering is one pass over
 * prepared strings, and only the page's 50 rows are put in order (sorting all 10,000 products by
 * name cost more than everything else on opening the screen) and reach React.
 */
export function useProductTable({ search, order, page }: { search: string; order: ProductOrder; page: number }): ProductTable {
  const products = useLiveQuery(() => db.rows('products_wh').toArray(), []);
  const listings = useLiveQuery(async () => listingsByProduct((await db.rows('products_mp').toArray())), []);
  const figures = useLiveQuery(async () => {
    const [lots, reserves, markdowns] = await Promise.all([
      // As the server will have them: outflows waiting in the outbox already taken (one pass).
      loadProjectedLots() as Promise<LotLike[]>,
      db.rows('reserves').toArray() as Promise<ReserveLike[]>,
      db.rows('markdowns').toArray() as Promise<MarkdownLike[]>,
    ]);
    return figuresByProduct(lots, reserves, markdowns);
  }, []);

  const joined = useMemo(() => (products && listings && figures ? joinRows(products, listings, figures) : undefined), [products, listings, figures]);
  const filtered = useMemo(() => filterRows(joined ?? [], search), [joined, search]);
  const summary = useMemo(() => summarize(joined ?? []), [joined]);

  const { page: current, pages, start } = pageWindow(filtered.length, page);
  const pageRows = useMemo(() => pageOfRows(filtered, order, start, PAGE_SIZE), [filtered, order, start]);
  // Sufficiency for the page's rows only (docs/rules.md «Достаточность»): two indexed reads, live.
  const ids = pageRows.map((r) => r.id).join(',');
  const awaiting = useLiveQuery(() => awaitingPackagingOf(ids ? ids.split(',') : []), [ids]);
  const rows = useMemo(() => pageRows.map((r) => ({ ...r, shortfall: shortfall(r.count, awaiting?.get(r.id) ?? 0) })), [pageRows, awaiting]);
  return {
    loaded: joined !== undefined,
    rows,
    matching: filtered.length,
    page: current,
    pages,
    firstNumber: start + 1,
    summary,
  };
}
