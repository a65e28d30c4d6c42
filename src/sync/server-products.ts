import type { components } from '../../api/schema.gen.ts';
import { backgroundApi, problemOf } from './api-client.ts';
import { endpoints } from './contract.ts';

/*
 * One page of /products from the server (GET /api/v1/products/all/, the SPEC's list with its
 * paging, sort and search), for a device whose first pull has not finished: its own lots are
 * partial then, and the figures it would derive from them wrong, while the server's are whole.
 * Background, so typing in the search box does not spin the page; the screen says itself that the
 * list comes from the server. The typed client sends the token and refreshes it on a 401 (./http.ts).
 */

export type ServerProductItem = components['schemas']['ProductListItem'];

export interface ServerProductsQuery {
  page: number;
  pageSize: number;
  search: string;
  order: 'name' | '-name' | 'count' | '-count';
}

export type ServerProductsOutcome =
  | { ok: true; products: ServerProductItem[]; total: number }
  /** `offline`: no answer at all (no network, server down), as opposed to a refusal with its reason. */
  | { ok: false; offline: boolean; error: string };

/**
 * Pages asked for ahead of the screen (prefetchFirstProducts), each handed out once: a fresh
 * device's pull fills the link and the server at once, and a page asked for only when the seller
 * opens /products waited behind its pages.
 */
const early = new Map<string, Promise<ServerProductsOutcome>>();
const EARLY_KEPT_MS = 60_000;
const keyOf = (q: ServerProductsQuery) => JSON.stringify([q.page, q.pageSize, q.search.trim(), q.order]);

/** The page /products opens on (page 1 by name, no search), asked for now: called as a fresh device starts its pull. */
export function prefetchFirstProducts(pageSize: number): void {
  const query: ServerProductsQuery = { page: 1, pageSize, search: '', order: 'name' };
  const key = keyOf(query);
  if (early.has(key)) return;
  early.set(key, load(query));
  setTimeout(() => early.delete(key), EARLY_KEPT_MS);
}

export function fetchServerProducts(query: ServerProductsQuery, signal?: AbortSignal): Promise<ServerProductsOutcome> {
  const key = keyOf(query);
  const prefetched = early.get(key);
  if (prefetched) {
    early.delete(key);
    return prefetched;
  }
  return load(query, signal);
}

async function load(query: ServerProductsQuery, signal?: AbortSignal): Promise<ServerProductsOutcome> {
  try {
    const { data, error, response } = await backgroundApi().GET(endpoints.productList, {
      params: {
        query: { page: query.page, page_size: query.pageSize, search: query.search.trim(), order_by: query.order },
      },
      signal,
    });
    if (error !== undefined || !data)
      return { ok: false, offline: false, error: problemOf(error, response.status).detail };
    return { ok: true, products: data.products, total: data.total };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, offline: true, error: 'Нет связи с сервером' };
  }
}
