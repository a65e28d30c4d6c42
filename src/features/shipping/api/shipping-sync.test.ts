// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { callOk, server, user, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { loadShippingView } from './load-shipping.ts';
import type { ShippingRow, SufficiencyFilter } from './shipping-rows.ts';

// The device's /shipping-delivery figures, computed from the mirrored rows with domain/sufficiency.ts,
// equal GET /api/v1/products_mp_status/ on the real server for the same data: every filter, a search,
// the totals, after an offline outflow is sent, and after a new snapshot moves orders along.
useDeviceOnRealServer();

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) => callOk<never>(method, url, payload);

const STORES = [
  { market_id: 'oz-1', name: 'Озон', marketplace: 'OZON', access_token: 'k-oz' },
  { market_id: 'wb-1', name: 'ВБ', marketplace: 'WILDBERRIES', access_token: 'k-wb' },
] as const;

/** A product with one listing per article (store given per article), and its listings' ids by article. */
async function product(
  name: string,
  offers: [string, (typeof STORES)[number]][],
): Promise<{ id: string; listing: Record<string, string> }> {
  const body = (await inject('POST', '/api/v1/products/products/', {
    name,
    products_mp: offers.map(([offer_id, store]) => ({
      offer_id,
      name: `${name} ${offer_id}`,
      marketplace: store.marketplace,
      market_id: store.market_id,
    })),
  })) as { product_wh: { id: string }; products_mp: { id: string; offer_id: string }[] };
  return { id: body.product_wh.id, listing: Object.fromEntries(body.products_mp.map((l) => [l.offer_id, l.id])) };
}
const receive = (productId: string, count: number, price: number, date: string) =>
  inject('POST', '/api/v1/inventory/', { product_id: productId, count, price, date });

/**
 * The store's new snapshot, written by the status job's own repository call (server/import/postings.ts does the same).
 */
async function snapshot(store: (typeof STORES)[number], figures: [string, number, number, number][], at: Date) {
  const row = (await server.app.repos.markets.find(user.id, store.market_id))!;
  await server.app.repos.postings.replaceSnapshot(
    user.id,
    row,
    figures.map(([productMpId, awaitingPackaging, awaitingDeliver, delivering]) => ({
      productMpId,
      awaitingPackaging,
      awaitingDeliver,
      delivering,
    })),
    at,
  );
}

const fields = (
  r: Pick<
    ShippingRow,
    | 'id'
    | 'name'
    | 'articles'
    | 'count'
    | 'awaiting_packaging'
    | 'awaiting_deliver'
    | 'delivering'
    | 'sufficiency'
    | 'enough'
    | 'delivery_price'
    | 'delivering_uncovered'
    | 'fetched_at'
  >,
) => ({
  id: r.id,
  name: r.name,
  articles: [...r.articles].sort(),
  count: r.count,
  awaiting_packaging: r.awaiting_packaging,
  awaiting_deliver: r.awaiting_deliver,
  delivering: r.delivering,
  sufficiency: r.sufficiency,
  enough: r.enough,
  delivery_price: r.delivery_price,
  delivering_uncovered: r.delivering_uncovered,
  fetched_at: r.fetched_at === null ? null : new Date(r.fetched_at).toISOString(),
});

interface ServerItem {
  products: (Omit<ShippingRow, 'id' | 'name' | 'image'> & {
    product: { id: string; name: string };
    primary_image: string | null;
  })[];
  total: { delivering: number; delivery_price: number; complete: boolean };
}

/** Device and server, side by side, for one query. */
async function expectSame(filter: SufficiencyFilter, search = '') {
  const [item] = (await inject(
    'GET',
    `/api/v1/products_mp_status/?sufficiency=${filter}&search=${encodeURIComponent(search)}`,
  )) as ServerItem[];
  const device = await loadShippingView({ filter, search });
  const fromServer = item!.products.map((p) => fields({ ...p, id: p.product.id, name: p.product.name }));
  expect(device.rows.map(fields), `${filter} «${search}»`).toEqual(fromServer);
  expect(device.total, `${filter} «${search}»`).toEqual(item!.total);
  return device;
}
const sync = async () => {
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  await pullChanges(pullOverHttp);
};

it('the device computes the very sufficiency, delivery price, filters, search and totals the server answers', async () => {
  for (const store of STORES) await inject('POST', '/api/v1/markets/add/', store);
  const [oz, wb] = STORES;
  const cup = await product('Кружка', [
    ['CUP-1', oz],
    ['CUP-WB', wb],
  ]);
  const mug = await product('Бокал', [['MUG-1', oz]]);
  const plate = await product('Тарелка', [['PLT-1', wb]]);
  const bowl = await product('Миска', [['BWL-1', oz]]);
  await product('Ложка', [['SPN-1', oz]]);
  await receive(cup.id, 3, 100, '2026-01-10');
  await receive(mug.id, 3, 150, '2026-02-01');
  await receive(mug.id, 2, 100, '2026-01-01');
  await receive(mug.id, 10, 999.99, '2026-03-01');
  await receive(bowl.id, 2, 40.5, '2026-01-01');
  await receive(bowl.id, 1, 60, '2026-01-02');
  const first = new Date('2026-04-01T10:00:00.000Z');
  await snapshot(
    oz,
    [
      [cup.listing['CUP-1']!, 4, 1, 0],
      [mug.listing['MUG-1']!, 0, 0, 6],
      [bowl.listing['BWL-1']!, 3, 0, 4],
    ],
    first,
  );
  await snapshot(
    wb,
    [
      [cup.listing['CUP-WB']!, 1, 0, 0],
      [plate.listing['PLT-1']!, 1, 0, 2],
    ],
    new Date('2026-04-01T09:00:00.000Z'),
  );
  await pullChanges(pullOverHttp);
  expect(await db.rows('posting_statuses').count()).toBe(5);

  const all = await expectSame('all');
  // Hand-checked too: Кружка 3 − 5 = −2; Бокал 6 delivering = 2×100 + 3×150 + 999.99; Тарелка «?»; Ложка has no status.
  expect(all.rows.map((r) => [r.name, r.sufficiency, r.delivery_price])).toEqual([
    ['Бокал', 0, 1649.99],
    ['Кружка', -2, 0],
    ['Миска', 0, 141],
    ['Тарелка', -1, null],
  ]);
  expect(all.total).toEqual({ delivering: 12, delivery_price: 1790.99, complete: false });
  // The oldest of the stores' snapshot times; each store its own.
  expect(all.fetched_at).toBe('2026-04-01T09:00:00.000Z');
  await expectSame('enough');
  await expectSame('not_enough');
  await expectSame('all', 'cup-wb');
  await expectSame('not_enough', 'тар');
  await expectSame('enough', 'БОКАЛ');

  // An outflow made offline counts at once on the device; the server agrees once it is sent.
  const body = { id: crypto.randomUUID(), product_id: bowl.id, count: 2, price: 0 };
  await queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body });
  const offline = await loadShippingView({ filter: 'all', search: '' });
  expect(offline.rows.find((r) => r.id === bowl.id)).toMatchObject({
    count: 1,
    sufficiency: -2,
    delivery_price: 60,
    delivering_uncovered: 3,
  });
  await sync();
  await expectSame('all');
  await expectSame('not_enough');

  // A new OZON snapshot: Кружка's orders went from assembly to delivering, Миска has none any more.
  await snapshot(
    oz,
    [
      [cup.listing['CUP-1']!, 0, 0, 4],
      [mug.listing['MUG-1']!, 0, 0, 6],
    ],
    new Date('2026-04-02T10:00:00.000Z'),
  );
  await pullChanges(pullOverHttp);
  const later = await expectSame('all');
  expect(later.rows.map((r) => r.name)).toEqual(['Бокал', 'Кружка', 'Тарелка']);
  expect(later.rows.find((r) => r.id === cup.id)).toMatchObject({
    awaiting_packaging: 1,
    delivering: 4,
    sufficiency: 2,
    delivery_price: 300,
    delivering_uncovered: 1,
  });
  await expectSame('enough');
  await expectSame('not_enough');
}, 90_000);
