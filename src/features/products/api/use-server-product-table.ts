import { useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../../lib/paging.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { fetchServerProducts, type ServerProductItem } from '../../../sync/server-products.ts';
import type { ProductOrder } from './product-table.ts';
import type { ProductPageRow } from './use-product-table.ts';

/**
 * Typing waits this long for the next key before asking the server: a fast typist's keys come
 * ~100 ms apart, and a page of 50 answers in well under 200 ms even through a 100 ms link, so the
 * last key's results arrive within 300 ms (target 3 of issue 26). Paging and sorting ask at once.
 */
export const SEARCH_DEBOUNCE_MS = 90;

export interface ServerPage {
  rows: ProductPageRow[];
  total: number;
}

export interface ServerProductTable {
  /** The answer for the current query, or the previous one while it is on its way. */
  answer: ServerPage | null;
  /** Why there is no answer for the current query: `offline` — the server could not be reached. */
  problem: { offline: boolean; text: string } | null;
}

/** A row of the server's page as the table shows it: the server's own stock figures. */
function toRow(item: ServerProductItem, i: number): ProductPageRow {
  const p = item.product_wh;
  return {
    id: p.id,
    name: p.name,
    image: p.images[0] ?? item.primary_images[0] ?? null,
    articles: item.articles,
    haystack: '',
    rank: i,
    count: p.count,
    reserve: p.reserve,
    markdowns: p.markdowns,
    total_price: p.total_price,
    // The badge needs the device's posting statuses: shown once the list comes from the device.
    shortfall: 0,
  };
}

/**
 * /products from the server, for a device whose first pull has not finished (./use-product-table.ts).
 * Answers are kept for the life of the screen, so going back a page or clearing the search shows
 * at once; a query replaced before its answer came is aborted, so a late answer never overwrites a
 * newer one.
 */
export function useServerProductTable(
  { search, order, page }: { search: string; order: ProductOrder; page: number },
  enabled: boolean,
): ServerProductTable {
  const online = useOnline();
  const [state, setState] = useState<ServerProductTable>({ answer: null, problem: null });
  const kept = useRef(new Map<string, ServerPage>());
  const lastSearch = useRef<string | null>(null);
  const needle = search.trim();

  useEffect(() => {
    if (!enabled) return;
    const key = JSON.stringify([needle, order, page]);
    const known = kept.current.get(key);
    const typed = lastSearch.current !== null && lastSearch.current !== needle;
    lastSearch.current = needle;
    if (known) {
      setState({ answer: known, problem: null });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        void fetchServerProducts({ page, pageSize: PAGE_SIZE, search: needle, order }, controller.signal).then(
          (outcome) => {
            if (controller.signal.aborted) return;
            if (outcome.ok) {
              const answer = { rows: outcome.products.map(toRow), total: outcome.total };
              kept.current.set(key, answer);
              setState({ answer, problem: null });
            } else setState((s) => ({ answer: s.answer, problem: { offline: outcome.offline, text: outcome.error } }));
          },
          () => undefined,
        );
      },
      typed ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `online`: coming back online asks again.
  }, [enabled, needle, order, page, online]);

  return state;
}
