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

export async function fetchServerProducts(
  query: ServerProductsQuery,
  signal?: AbortSignal,
): Promise<ServerProductsOutcome> {
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
