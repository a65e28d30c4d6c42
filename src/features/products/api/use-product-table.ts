import { useMemo, useRef, useSyncExternalStore } from 'react';
import { PAGE_SIZE, pageWindow } from '../../../lib/paging.ts';
import { useMirrorComplete } from '../../../state/mirror-complete.ts';
import { productSourceSnapshot, subscribeProductSource } from './product-source.ts';
import { filterRows, pageOfRows, type ProductOrder, type ProductRow } from './product-table.ts';
import { shortfall } from './shortfalls.ts';
import { useServerProductTable } from './use-server-product-table.ts';

/** A row of the page, with the units it lacks for its orders awaiting assembly (0: enough). */
export type ProductPageRow = ProductRow & { shortfall: number };

export interface ProductTable {
  loaded: boolean;
  /** Where the rows come from: the server while the device's first pull fills its mirror. */
  source: 'device' | 'server';
  /** The device's first pull has not finished (the screen says the catalog is still loading). */
  filling: boolean;
  /** Why the server's list is not shown; with `offline`, the device has no whole catalog to show instead. */
  problem: { offline: boolean; text: string } | null;
  rows: ProductPageRow[];
  /** Rows matching the search, over all pages. */
  matching: number;
  page: number;
  pages: number;
  /** Number of the first row on this page (rows are numbered across pages). */
  firstNumber: number;
  /** Units and money over all products; null while the rows come from the server, which pages them. */
  summary: { count: number; total: number } | null;
}

const noSubscription = () => () => undefined;

/**
 * The /products table. From the device, through the products kept in memory (./product-source.ts):
 * a revisit reads nothing, a keystroke is one pass over prepared strings, and only the page's 50
 * rows are put in order (sorting all 10,000 products by name cost more than everything else on
 * opening the screen) and reach React. On a device still filling its mirror after sign-in, from
 * the server (./use-server-product-table.ts): its lots are partial and so would be the figures. When
 * the mirror is whole the server's rows stay until the device's are read, then give way to them on
 * the same page, search and order.
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
  const complete = useMirrorComplete();
  // While filling, the device's rows are not read at all: re-reading every lot after each page
  // would compete with the pull for IndexedDB.
  const source = useSyncExternalStore(complete ? subscribeProductSource : noSubscription, productSourceSnapshot);
  const fromDevice = complete === true && source.loaded;
  const servedHere = useRef(false);
  if (complete === false) servedHere.current = true;
  const server = useServerProductTable({ search, order, page }, !fromDevice && servedHere.current);

  const filtered = useMemo(
    () => (fromDevice ? filterRows(source.rows, search) : []),
    [fromDevice, source.rows, search],
  );
  const { page: current, pages, start } = pageWindow(fromDevice ? filtered.length : (server.answer?.total ?? 0), page);
  // The kept rows are in name order, and filtering keeps it.
  const pageRows = useMemo(
    () => pageOfRows(filtered, order, start, PAGE_SIZE, { inNameOrder: true }),
    [filtered, order, start],
  );
  // Sufficiency (docs/rules.md «Достаточность») for the page's rows only.
  const deviceRows = useMemo(
    () => pageRows.map((r) => ({ ...r, shortfall: shortfall(r.count, source.awaiting.get(r.id) ?? 0) })),
    [pageRows, source.awaiting],
  );
  if (fromDevice)
    return {
      loaded: true,
      source: 'device',
      filling: false,
      problem: null,
      rows: deviceRows,
      matching: filtered.length,
      page: current,
      pages,
      firstNumber: start + 1,
      summary: source.summary,
    };
  return {
    loaded: server.answer !== null,
    source: 'server',
    filling: complete === false,
    problem: server.problem,
    rows: server.answer?.rows ?? [],
    matching: server.answer?.total ?? 0,
    page: current,
    pages,
    firstNumber: start + 1,
    summary: null,
  };
}
