import { useMemo, useSyncExternalStore } from 'react';
import { PAGE_SIZE, pageWindow } from '../../../lib/paging.ts';
import { productSourceSnapshot, subscribeProductSource } from './product-source.ts';
import { filterRows, pageOfRows, type ProductOrder, type ProductRow } from './product-table.ts';
import { shortfall } from './shortfalls.ts';

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
 * The /products table from the device, through the products kept in memory (./product-source.ts):
 * a revisit reads nothing, a keystroke is one pass over prepared strings, and only the page's 50
 * rows are put in order (sorting all 10,000 products by name cost more than everything else on
 * opening the screen) and reach React.
 */
export function useProductTable({
  search,
  order,
  page,
}: {
  search: string;
  order: ProductOrder;
  page: number;
}): ProductTable {
  const source = useSyncExternalStore(subscribeProductSource, productSourceSnapshot);
  const filtered = useMemo(() => filterRows(source.rows, search), [source.rows, search]);
  const { page: current, pages, start } = pageWindow(filtered.length, page);
  // The kept rows are in name order, and filtering keeps it.
  const pageRows = useMemo(
    () => pageOfRows(filtered, order, start, PAGE_SIZE, { inNameOrder: true }),
    [filtered, order, start],
  );
  // Sufficiency (docs/rules.md «Достаточность») for the page's rows only.
  const rows = useMemo(
    () => pageRows.map((r) => ({ ...r, shortfall: shortfall(r.count, source.awaiting.get(r.id) ?? 0) })),
    [pageRows, source.awaiting],
  );
  return {
    loaded: source.loaded,
    rows,
    matching: filtered.length,
    page: current,
    pages,
    firstNumber: start + 1,
    summary: source.summary,
  };
}
