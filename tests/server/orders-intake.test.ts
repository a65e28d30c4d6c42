import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, productsMp, reserves, stockMovements } from '../../server/db/schema/index.ts';
import type { Sandbox } from '../../server/sandbox/server.ts';
import { waitUntil } from './helpers/live-client.ts';
import { seeder } from './helpers/products.ts';
import { addStores, runStoreJobs, startSandboxApp, type NamedStore, type SandboxApp } from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * Marketplace orders move the books by themselves (docs/rules.md «Заказы маркетплейсов»), against the sandbox over
 * HTTP with the real adapters and the real intake loop: a reserve while the order awaits packaging, a FIFO sale at
 * the handover, a release on a cancel before it, once per line however often the orders are read.
 */

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7780011', apiKey: 'ozon-intake-key', name: 'Озон Заказы' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-intake', apiKey: 'wb-intake-token', name: 'ВБ Заказы' },
  { marketplace: 'YM', marketId: '43100011', apiKey: 'ym-intake-key', name: 'Маркет Заказы' },
];

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;
const storeIds = new Map<string, string>();

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload });

/** Hurries every store's intake and waits until each has finished a run that started after now. */
async function intake(): Promise<void> {
  const since = Date.now();
  for (const id of storeIds.values())
    expect((await call('POST', 'orders/intake/run/', { store_id: id })).statusCode).toBe(202);
  await waitUntil(
    async () => {
      const states = (await call('GET', 'orders/intake/')).json() as {
        last_run_at: string | null;
        next_run_at: string | null;
      }[];
      return states.every(
        (s) =>
          s.last_run_at &&
          Date.parse(s.last_run_at) >= since - 50 &&
          s.next_run_at &&
          Date.parse(s.next_run_at) > Date.now(),
      );
    },
    30_000,
    'intake runs finished',
  );
}

async function listingOf(marketplace: string, offerId: string) {
  const [row] = await app.database.db
    .select()
    .from(productsMp)
    .where(
      and(
        eq(productsMp.userId, user.id),
        eq(productsMp.marketplace, marketplace),
        eq(productsMp.offerId, offerId),
        isNull(productsMp.deletedAt),
      ),
    );
  return row!;
}

async function linesOf(postingNumber: string) {
  return app.database.db
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, user.id), eq(orders.postingNumber, postingNumber)));
}

const productView = async (productId: string) => {
  const reservesRes = await call('GET', `reserve/${productId}/`);
  const salesRes = await call('GET', `realization/${productId}/`);
  const product = await call('GET', `products/product/${productId}/`);
  return {
    reserves: reservesRes.json() as Array<{
      count: number;
      price: number;
      status: string;
      posting: { marketplace: string; posting_number: string } | null;
    }>,
    sales: salesRes.json() as Array<{
      count: number;
      price: number;
      realization_price: number;
      status: string;
      posting: { posting_number: string } | null;
    }>,
    product: (product.json() as { product_wh: { count: number; reserve: number } }).product_wh,
  };
};

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: 6, postingsPerStore: 0, stores },
    { ORDER_INTAKE_ENABLED: 'true', ORDER_INTAKE_TICK_MS: '100', STOCK_PUSH_DEBOUNCE_MS: '100000' },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  const markets = (await call('GET', 'markets/')).json() as { id: string; market_id: string; order_intake: boolean }[];
  for (const m of markets) {
    expect(m.order_intake).toBe(true);
    storeIds.set(m.market_id, m.id);
  }
}, 180_000);

afterAll(() => env?.close());

describe('orders move stock by themselves', () => {
  it('reserves an OZON order awaiting packaging, sells it FIFO at the handover, once', async () => {
    const offer = await firstOffer('OZON');
    const listing = await listingOf('OZON', offer);
    const seed = seeder(app, user);
    await seed.lot(listing.productWhId, 2, 100);
    await seed.lot(listing.productWhId, 5, 130);

    const [posting] = sandbox.createOrder('OZON', { offerId: offer, quantity: 3, price: 990 });
    await intake();
    let view = await productView(listing.productWhId);
    expect(view.reserves).toHaveLength(1);
    expect(view.reserves[0]).toMatchObject({ count: 3, price: 990, status: 'active' });
    expect(view.reserves[0]!.posting).toMatchObject({ marketplace: 'OZON', posting_number: posting!.postingNumber });
    expect(view.product).toMatchObject({ count: 7, reserve: 3 });

    // Re-reads change nothing.
    await intake();
    await intake();
    expect((await productView(listing.productWhId)).reserves).toHaveLength(1);

    sandbox.setPostingStatus('OZON', posting!.postingNumber, 'delivering');
    await intake();
    view = await productView(listing.productWhId);
    expect(view.reserves.map((r) => r.status)).toEqual(['realized']);
    expect(view.sales).toHaveLength(1);
    // FIFO: 2 at 100 and 1 at 130.
    expect(view.sales[0]).toMatchObject({ count: 3, realization_price: 990, status: 'completed' });
    expect(view.sales[0]!.price).toBeCloseTo(110, 2);
    expect(view.sales[0]!.posting?.posting_number).toBe(posting!.postingNumber);
    expect(view.product).toMatchObject({ count: 4, reserve: 0 });
    const [line] = await linesOf(posting!.postingNumber);
    expect(line!.line.books).toBe('sold');

    sandbox.setPostingStatus('OZON', posting!.postingNumber, 'delivered');
    await intake();
    const moves = await app.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, listing.productWhId), eq(stockMovements.reason, 'realization')));
    expect(moves.reduce((s, m) => s + m.delta, 0)).toBe(-3);
  });

  it('releases the reserve of an order cancelled before the handover; WB tasks are one unit each', async () => {
    const offer = await firstOffer('WILDBERRIES');
    const listing = await listingOf('WILDBERRIES', offer);
    await seeder(app, user).lot(listing.productWhId, 4, 50);
    const tasks = sandbox.createOrder('WILDBERRIES', { offerId: offer, quantity: 2, price: 500 });
    expect(tasks).toHaveLength(2);
    await intake();
    let view = await productView(listing.productWhId);
    expect(view.reserves.filter((r) => r.status === 'active').map((r) => r.count)).toEqual([1, 1]);

    sandbox.setPostingStatus('WILDBERRIES', tasks[0]!.postingNumber, 'cancel/canceled');
    sandbox.setPostingStatus('WILDBERRIES', tasks[1]!.postingNumber, 'complete/waiting');
    await intake();
    view = await productView(listing.productWhId);
    expect(view.reserves.map((r) => r.status).sort()).toEqual(['realized', 'released']);
    expect(view.sales.map((s) => s.count)).toEqual([1]);
    expect(view.product).toMatchObject({ count: 3, reserve: 0 });
  });

  it('a shortage never blocks intake: the reserve holds what is promised and the sale waits for the units', async () => {
    const offer = await firstOffer('YM');
    const listing = await listingOf('YM', offer);
    const [order] = sandbox.createOrder('YM', { offerId: offer, quantity: 2, price: 700 });
    await intake();
    let view = await productView(listing.productWhId);
    expect(view.reserves[0]).toMatchObject({ count: 2, status: 'active' });

    sandbox.setPostingStatus('YM', order!.postingNumber, 'PROCESSING/SHIPPED');
    await intake();
    const [line] = await linesOf(order!.postingNumber);
    expect(line!.line).toMatchObject({ books: 'waiting_stock', shortage: 2 });
    expect((await productView(listing.productWhId)).sales).toHaveLength(0);

    await seeder(app, user).lot(listing.productWhId, 5, 80);
    await intake();
    view = await productView(listing.productWhId);
    expect(view.sales).toHaveLength(1);
    expect(view.sales[0]).toMatchObject({ count: 2, price: 80, realization_price: 700 });
    expect(view.product).toMatchObject({ count: 3, reserve: 0 });
  });

  it('keeps exactly one reserve per order line in the database', async () => {
    const rows = await app.database.db
      .select({ line: reserves.orderLineId })
      .from(reserves)
      .where(and(eq(reserves.userId, user.id), isNull(reserves.deletedAt)));
    const lines = rows.map((r) => r.line).filter(Boolean);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

async function firstOffer(marketplace: string): Promise<string> {
  const used = new Set(
    (
      await app.database.db
        .select({ offerId: orderLines.offerId })
        .from(orderLines)
        .where(eq(orderLines.userId, user.id))
    ).map((r) => r.offerId),
  );
  const listings = await app.database.db
    .select({ offerId: productsMp.offerId })
    .from(productsMp)
    .where(and(eq(productsMp.userId, user.id), eq(productsMp.marketplace, marketplace), isNull(productsMp.deletedAt)));
  return listings.map((l) => l.offerId).find((o) => !used.has(o))!;
}
