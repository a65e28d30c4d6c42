import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsMp, productsWh } from '../../server/db/schema/index.ts';
import type { Sandbox, SandboxMarketplace } from '../../server/sandbox/server.ts';
import { waitUntil } from './helpers/live-client.ts';
import { seeder } from './helpers/products.ts';
import {
  addStores,
  jobsFinished,
  runStoreJobs,
  startSandboxApp,
  type NamedStore,
  type SandboxApp,
} from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * The automatic stock push's timing with the real server, job queue and sandbox marketplaces: a burst of changes
 * becomes one push job, and a steady stream of changes (orders every few hundred milliseconds) still pushes within the
 * maximum wait instead of waiting for a quiet that never comes. The timing rules themselves, to the millisecond:
 * server/stock-push/auto-push.test.ts.
 */

const OFFERS = 6;
const DEBOUNCE_MS = 300;
const MAX_WAIT_MS = 1500;
const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7770021', apiKey: 'ozon-auto-key', name: 'Озон Авто' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-auto', apiKey: 'wb-auto-token', name: 'ВБ Авто' },
  { marketplace: 'YM', marketId: '43000021', apiKey: 'ym-auto-key', name: 'Маркет Авто' },
];

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;
let listings: Array<{ productId: string; offerId: string; marketId: string }>;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload });

interface Run {
  job_id: string;
  trigger: string;
  status: string;
  created_at: string;
}
const runs = async () => ((await call('GET', 'stock-push/log/?limit=50')).json() as { runs: Run[] }).runs;
const autoRuns = async () => (await runs()).filter((r) => r.trigger === 'auto');

/** A reserve through the API: a write that sends `changes` and lowers the product's available quantity. */
async function reserveOne(productId: string): Promise<void> {
  const res = await call('POST', 'reserve/', { product: productId, count: 1, price: 0 });
  expect(res.statusCode, res.body).toBe(201);
}

/** What the sandbox holds for the listing's offer. */
function sandboxStock(marketId: string, offerId: string): number | undefined {
  const store = stores.find((s) => s.marketId === marketId)!;
  return sandbox.stocks(store.marketplace as SandboxMarketplace, store.marketId).find((s) => s.offerId === offerId)
    ?.amount;
}

/** The product's available quantity as the preview works it out (no reserves awaiting packaging here). */
async function available(productId: string, marketId: string): Promise<number> {
  const preview = (await call('GET', 'stock-push/preview/')).json() as {
    stores: Array<{ market_id: string; items: Array<{ product_id: string; available: number }> }>;
  };
  return preview.stores.find((s) => s.market_id === marketId)!.items.find((i) => i.product_id === productId)!.available;
}

async function allRunsDone(): Promise<void> {
  await waitUntil(async () => (await runs()).every((r) => r.status === 'done'), 30_000, 'pushes finished');
}

beforeAll(async () => {
  env = await startSandboxApp(
    // A "minute" of 1.5 s with room to spare: the pacing is kept but never the bottleneck here.
    {
      offersPerStore: OFFERS,
      postingsPerStore: 0,
      stores,
      stockLimits: { minuteMs: 1500, ozonPerMinute: 50, wbPerMinute: 100, wbBurst: 20, ymSkusPerMinute: 1000 },
    },
    {
      STOCK_PUSH_MINUTE_MS: '1500',
      OZON_STOCKS_PER_MINUTE: '50',
      WB_MARKETPLACE_PER_MINUTE: '100',
      WB_MARKETPLACE_BURST: '20',
      YM_STOCK_SKUS_PER_MINUTE: '1000',
      STOCK_PUSH_DEBOUNCE_MS: String(DEBOUNCE_MS),
      STOCK_PUSH_MAX_WAIT_MS: String(MAX_WAIT_MS),
    },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  const seed = seeder(app, user);
  listings = await app.database.db
    .select({ productId: productsWh.id, offerId: productsMp.offerId, marketId: productsMp.marketId })
    .from(productsMp)
    .innerJoin(productsWh, eq(productsWh.id, productsMp.productWhId))
    .where(eq(productsMp.userId, user.id))
    .orderBy(asc(productsMp.marketId), asc(productsMp.offerId));
  expect(listings).toHaveLength(OFFERS * stores.length);
  for (const l of listings) await seed.lot(l.productId, 50, 100);
  // Everything on the marketplaces once, by hand: from here on the automatic push sends only what changes.
  const started = await call('POST', 'stock-push/start/', {});
  expect(started.statusCode, started.body).toBe(202);
  const [first] = await jobsFinished(app, user, [(started.json() as { job_id: string }).job_id], 60_000);
  expect(first!.status).toBe('done');
  expect((await call('PATCH', 'stock-push/settings/', { auto_push: true })).statusCode).toBe(200);
}, 180_000);

afterAll(() => env?.close());

describe('automatic stock push against the sandbox marketplaces', () => {
  it('a burst of changes on every store becomes one push job carrying them all', async () => {
    const before = (await autoRuns()).length;
    // 13 reserves at once: 4 products of each store, one twice. At once, not one after another: on a busy machine
    // (CI, PostgreSQL) 13 calls in a row took longer than the maximum wait, and the push rightly went out in two.
    const burst = [...listings.slice(0, 4), ...listings.slice(6, 10), ...listings.slice(12, 16)];
    await Promise.all([...burst, burst[0]!].map((l) => reserveOne(l.productId)));

    await waitUntil(async () => (await autoRuns()).length > before, 10_000, 'automatic push queued');
    await allRunsDone();
    // A while longer than both waits: no second job follows the first.
    await new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS + DEBOUNCE_MS));
    const after = await autoRuns();
    expect(after.length - before).toBe(1);

    const log = (await call('GET', `stock-push/log/${after[0]!.job_id}/`)).json() as {
      items: Array<{ offer_id: string; ok: boolean }>;
    };
    expect(log.items.map((i) => i.offer_id).sort()).toEqual(burst.map((l) => l.offerId).sort());
    expect(log.items.every((i) => i.ok)).toBe(true);
    for (const l of burst)
      expect(sandboxStock(l.marketId, l.offerId), l.offerId).toBe(await available(l.productId, l.marketId));
  });

  it('a steady stream of changes that never falls quiet still pushes within the maximum wait', async () => {
    const before = (await autoRuns()).length;
    const target = listings[1]!;
    // A change every 150 ms for 4.5 s: the 300 ms quiet time never comes.
    const streamStart = Date.now();
    while (Date.now() - streamStart < 4500) {
      await reserveOne(target.productId);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const streamEnd = Date.now();
    await allRunsDone();
    const all = await autoRuns();
    const during = all
      .slice(0, all.length - before)
      .map((r) => Date.parse(r.created_at))
      .sort((a, b) => a - b);
    // Pushed while the stream still ran, the first no later than the maximum wait after it began (plus a poll).
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during[0]! - streamStart).toBeLessThanOrEqual(MAX_WAIT_MS + 700);
    expect(during[0]!).toBeLessThan(streamEnd);
    // At the end the marketplace holds the last quantity.
    await waitUntil(
      async () =>
        sandboxStock(target.marketId, target.offerId) === (await available(target.productId, target.marketId)),
      15_000,
      'last quantity pushed',
    );
  });
});
