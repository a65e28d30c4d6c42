// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { callOk, server, user, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { loadOrdersData } from './load-orders.ts';
import { linkOffer } from './link-offer.ts';
import { ordersView } from './order-view.ts';

// «Связать с товаром…» against the real server: orders the intake stored (its own writer, as a run would) come to
// the device, the link queued there goes through POST /api/v1/sync/push as POST /api/v1/orders/link/, and the next
// pull brings the waiting line reserved; a refused link says why and offers the row again.
useDeviceOnRealServer();

const pull = () => pullChanges(pullOverHttp);
type Feed = Parameters<ReturnType<typeof server.app.orderIntake.writerFor>['write']>[0];

async function store(marketId: string, name: string) {
  await callOk('POST', '/api/v1/markets/add/', { market_id: marketId, name, marketplace: 'OZON', access_token: 'k' });
  return (await server.app.repos.markets.find(user.id, marketId))!;
}
async function product(name: string, count: number): Promise<string> {
  const body = await callOk<{ product_wh: { id: string } }>('POST', '/api/v1/products/products/', {
    name,
    products_mp: [],
  });
  if (count > 0)
    await callOk('POST', '/api/v1/inventory/', {
      product_id: body.product_wh.id,
      count,
      price: 100,
      date: '2025-01-01',
    });
  return body.product_wh.id;
}
/** An order awaiting packaging, written by the intake's own writer. */
async function order(marketId: string, postingNumber: string, offerId: string, quantity: number) {
  const row = (await server.app.repos.markets.find(user.id, marketId))!;
  const feed: Feed = {
    postingNumber,
    status: 'awaiting_packaging',
    stage: 'awaiting_packaging',
    orderedAt: new Date().toISOString(),
    changedAt: new Date().toISOString(),
    items: [{ lineKey: offerId, offerId, name: `Кепка ${offerId}`, quantity, price: 900 }],
  };
  const writer = server.app.orderIntake.writerFor(user.id, row);
  await writer.write(feed);
  await writer.flush();
}
const view = async () => ordersView(await loadOrdersData(), { stage: 'awaiting_packaging', q: '' });

it('a link made on the device reaches the server, which reserves the waiting order; the device then shows it reserved', async () => {
  const oz = await store('oz-1', 'Озон');
  const cap = await product('Кепка синяя', 5);
  await order('oz-1', '0001-1', 'CAP-1', 2);
  await pull();

  const [offer] = (await view()).unlinked;
  expect(offer).toMatchObject({ store_id: oz.id, offer_id: 'CAP-1', units: 2, orders: 1, linking: false });
  expect(await linkOffer(offer!, cap)).toEqual({ ok: true });
  expect((await view()).unlinked[0]!.linking).toBe(true);

  expect(await drainOutbox(pushOverHttp)).toEqual({ sent: 1, rejected: 0 });
  await pull();

  const after = await view();
  expect(after.unlinked).toEqual([]);
  expect(after.cards[0]!.lines[0]).toMatchObject({
    books: 'reserved',
    product: { id: cap, name: 'Кепка синяя' },
    missing: 0,
    linking: false,
  });
  const reserves = await db.rows('reserves').where('product').equals(cap).toArray();
  expect(reserves.map((r) => [r.count, r.status, r.posting?.posting_number])).toEqual([[2, 'active', '0001-1']]);
  // The listing the link made came too: the article now belongs to the product.
  const listings = await db.rows('products_mp').where('offer_id').equals('CAP-1').toArray();
  expect(listings.map((l) => l.product_wh_id)).toEqual([cap]);
});

it('a refused link (the product was deleted on the server meanwhile) says why and offers the row again', async () => {
  await store('oz-1', 'Озон');
  const gone = await product('Панама', 0);
  await order('oz-1', '0002-1', 'HAT-9', 1);
  await pull();
  await callOk('DELETE', '/api/v1/products/warehouse/delete/', [gone]);

  const [offer] = (await view()).unlinked;
  await linkOffer(offer!, gone);
  expect((await view()).unlinked[0]!.linking).toBe(true);
  expect(await drainOutbox(pushOverHttp)).toEqual({ sent: 0, rejected: 1 });

  expect((await view()).unlinked[0]).toMatchObject({ offer_id: 'HAT-9', linking: false });
  const [entry] = await db.outbox.toArray();
  expect(entry).toMatchObject({ status: 'rejected', path: '/api/v1/orders/link/' });
  expect(entry!.error).toMatch(/^Товар/);
});
