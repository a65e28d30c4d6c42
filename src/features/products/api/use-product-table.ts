import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../db/projected-stock.ts';
import {
  figuresByProduct,
  filterRows,
  joinRows,
  listingsByProduct,
  PAGE_SIZE,
  pageCount,
  pageOfRows,
  summarize,
  type ProductOrder,
  type ProductRow,
} from './product-table.ts';
import type { LotLike, MarkdownLike, ProductMp, ProductWh, ReserveLike } from './types.ts';

export interface ProductTable {
  loaded: boolean;
  rows: ProductRow[];
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
  const products = useLiveQuery(() => db.mirrored('products_wh').toArray() as unknown as Promise<ProductWh[]>, []);
  const listings = useLiveQuery(async () => listingsByProduct((await db.mirrored('products_mp').toArray()) as unknown as ProductMp[]), []);
  const figures = useLiveQuery(async () => {
    const [lots, reserves, markdowns] = await Promise.all([
      // As the server will have them: outflows waiting in the outbox already taken (one pass).
      loadProjectedLots() as Promise<LotLike[]>,
      db.mirrored('reserves').toArray() as Promise<ReserveLike[]>,
      db.mirrored('markdowns').toArray() as Promise<MarkdownLike[]>,
    ]);
    return figuresByProduct(lots, reserves, markdowns);
  }, []);

  const joined = useMemo(() => (products && listings && figures ? joinRows(products, listings, figures) : undefined), [products, listings, figures]);
  const filtered = useMemo(() => filterRows(joined ?? [], search), [joined, search]);
  const summary = useMemo(() => summarize(joined ?? []), [joined]);

  const pages = pageCount(filtered.length);
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * PAGE_SIZE;
  const rows = useMemo(() => pageOfRows(filtered, order, start, PAGE_SIZE), [filtered, order, start]);
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
