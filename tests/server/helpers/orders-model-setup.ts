import type { FastifyInstance } from 'fastify';
import type { SandboxMarketplace } from '../../../server/sandbox/server.ts';
import { runStoreJobs, type NamedStore } from './sandbox-app.ts';
import { apiCall, ok } from './stock.ts';
import type { TestUser } from './test-app.ts';

/*
 * The catalog of the randomized order test (tests/server/orders-model.test.ts): three stores added with their order
 * intake off (so orders can be made before it begins), their catalogs imported, and the same article number on the
 * three stores grouped into one warehouse product — so one product takes orders from every store at once — except
 * one store's listing of `unlinkedKey`, whose product is deleted: its orders arrive unlinked.
 */

export interface Catalog {
  /** The store's article of product `key` (the article number, 1…offers). */
  offerOf(marketplace: SandboxMarketplace, key: number): string;
  productOf(key: number): string;
}

/** Adds the stores with the order intake off; answers each store's id by its market id. */
export async function addStoresWithIntakeOff(
  app: FastifyInstance,
  user: TestUser,
  stores: readonly NamedStore[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const s of stores) {
    const row = (await ok(
      apiCall(app, user, 'POST', 'markets/add/', {
        market_id: s.marketId,
        name: s.name,
        marketplace: s.marketplace,
        access_token: s.apiKey,
        order_intake: false,
      }),
      201,
    )) as { id: string };
    ids.set(s.marketId, row.id);
  }
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  return ids;
}

const articleNumber = (offerId: string) => Number(/(\d+)$/.exec(offerId)?.[1] ?? Number.NaN);

interface ListedProduct {
  product_wh: { id: string };
  products_mp: Array<{ offer_id: string; market_id: string }>;
}

/** One product per article number, listed on the three stores; `unlinkedKey`'s first listing is deleted. */
export async function groupByArticle(
  app: FastifyInstance,
  user: TestUser,
  stores: readonly NamedStore[],
  unlinkedKey: number,
): Promise<Catalog> {
  const list = (await ok(apiCall(app, user, 'GET', 'products/all/?page=1&page_size=200'))) as {
    products: ListedProduct[];
  };
  const byKey = new Map<number, Map<string, { productId: string; offerId: string }>>();
  for (const row of list.products)
    for (const l of row.products_mp) {
      const key = articleNumber(l.offer_id);
      if (!byKey.has(key)) byKey.set(key, new Map());
      byKey.get(key)!.set(l.market_id, { productId: row.product_wh.id, offerId: l.offer_id });
    }
  const offers = new Map<string, string>();
  const products = new Map<number, string>();
  for (const [key, listings] of byKey) {
    const [first, ...rest] = stores.map((s) => listings.get(s.marketId));
    if (!first || rest.some((l) => !l)) throw new Error(`article ${key} is not on every store`);
    for (const s of stores) offers.set(`${s.marketplace}:${key}`, listings.get(s.marketId)!.offerId);
    const grouped = key === unlinkedKey ? rest : [first, ...rest];
    const [main, ...others] = grouped.map((l) => l!.productId);
    await ok(apiCall(app, user, 'PATCH', `products/group/${main}/`, others));
    products.set(key, main!);
    if (key === unlinkedKey) await ok(apiCall(app, user, 'DELETE', 'products/warehouse/delete/', [first.productId]));
  }
  return {
    offerOf: (marketplace, key) => offers.get(`${marketplace}:${key}`)!,
    productOf: (key) => products.get(key)!,
  };
}
