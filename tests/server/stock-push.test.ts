import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingStatuses, productsMp, productsWh, reserves, stockPushLog } from '../../server/db/schema/index.ts';
import type { Sandbox, SandboxMarketplace, SandboxRequestLog, SandboxStore } from '../../server/sandbox/server.ts';
import { availableToSell } from '../../server/stock-push/available.ts';
import { waitUntil } from './helpers/live-client.ts';
import { seeder } from './helpers/products.ts';
import {
  addStores,
  jobsFinished,
  runStoreJobs,
  startSandboxApp,
  type JobWire,
  type NamedStore,
  type SandboxApp,
} from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * The stock push (issue 15) against the sandbox marketplaces over HTTP: the real adapters, the real job
 * and the sandbox's own checks of shapes and limits. The limits are tight here (a "minute" of 1.5 s,
 * three items a request), so the pacing shows in the sandbox's request log within seconds. Who may call
 * what, and bad input: tests/server/stock-push-api.test.ts.
 */

const OFFERS = 9;
const MINUTE_MS = 1500;
const limits = { ozonPerMinute: 2, wbPerMinute: 4, wbBurst: 2, ymSkusPerMinute: 6 };

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7770011', apiKey: 'ozon-stock-key', name: 'Озон Остатки' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-stock', apiKey: 'wb-stock-token', name: 'ВБ Остатки' },
  { marketplace: 'YM', marketId: '43000011', apiKey: 'ym-stock-key', name: 'Маркет Остатки' },
];

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload });

async function finished(id: string) {
  const [wire] = await jobsFinished(app, user, [id], 90_000);
  return wire!;
}

/** The sandbox's key of a store's stocks: OZON Client-Id, WB marketId, YM campaign id (= marketId here). */
const storeKey = (s: SandboxStore) => s.marketId;

/** What each listing of a store must get: worked out here from the tables, by the rule's own function. */
async function expected(s: SandboxStore): Promise<Map<string, number>> {
  const { db } = app.database;
  const listings = await db
    .select({ id: productsMp.id, offerId: productsMp.offerId, productId: productsWh.id, onHand: productsWh.stockCount })
    .from(productsMp)
    .innerJoin(productsWh, eq(productsWh.id, productsMp.productWhId))
    .where(and(eq(productsMp.userId, user.id), eq(productsMp.marketId, s.marketId), isNull(productsMp.deletedAt)));
  const reserveOf = new Map<string, number>();
  const active = await db
    .select({ productId: reserves.productId, count: reserves.count })
    .from(reserves)
    .where(and(eq(reserves.userId, user.id), eq(reserves.status, 'active'), isNull(reserves.deletedAt)));
  for (const r of active) reserveOf.set(r.productId, (reserveOf.get(r.productId) ?? 0) + r.count);
  const waiting = await db
    .select({ productId: productsMp.productWhId, n: postingStatuses.awaitingPackaging })
    .from(postingStatuses)
    .innerJoin(productsMp, eq(productsMp.id, postingStatuses.productMpId))
    .where(and(eq(postingStatuses.userId, user.id), isNull(postingStatuses.deletedAt), isNull(productsMp.deletedAt)));
  const waitingOf = new Map<string, number>();
  for (const w of waiting) waitingOf.set(w.productId, (waitingOf.get(w.productId) ?? 0) + w.n);
  return new Map(
    listings.map((l) => [
      l.offerId,
      availableToSell(l.onHand, reserveOf.get(l.productId) ?? 0, waitingOf.get(l.productId) ?? 0),
    ]),
  );
}

const sandboxStock = (s: SandboxStore) =>
  new Map(sandbox.stocks(s.marketplace as SandboxMarketplace, storeKey(s)).map((v) => [v.offerId, v.amount]));

async function push(): Promise<{ id: string; wire: JobWire }> {
  const res = await call('POST', 'stock-push/start/', {});
  expect(res.statusCode, res.body).toBe(202);
  const id = (res.json() as { job_id: string }).job_id;
  return { id, wire: await finished(id) };
}

/** The stock updates the sandbox served, per marketplace, with their arrival times. */
const stockCalls = (marketplace: SandboxMarketplace, since: number): SandboxRequestLog[] =>
  sandbox.control.requests.filter(
    (r) =>
      r.marketplace === marketplace &&
      r.at >= since &&
      (marketplace === 'OZON'
        ? r.path === '/v2/products/stocks'
        : r.method === 'PUT' && /^\/api\/v3\/stocks\/|\/offers\/stocks$/.test(r.path)),
  );

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: OFFERS, postingsPerStore: 24, stores, stockLimits: { minuteMs: MINUTE_MS, ...limits } },
    {
      STOCK_PUSH_BATCH_SIZE: '3',
      STOCK_PUSH_MINUTE_MS: String(MINUTE_MS),
      STOCK_PUSH_DEBOUNCE_MS: '200',
      OZON_STOCKS_PER_MINUTE: String(limits.ozonPerMinute),
      WB_MARKETPLACE_PER_MINUTE: String(limits.wbPerMinute),
      WB_MARKETPLACE_BURST: String(limits.wbBurst),
      YM_STOCK_SKUS_PER_MINUTE: String(limits.ymSkusPerMinute),
    },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  // These stores keep their postings as a snapshot (awaiting packaging subtracted from what may be sold); with order
  // intake on, the waiting units would be reserves instead (docs/rules.md «Передача остатков»).
  for (const s of stores) {
    const res = await call('PATCH', `markets/${s.marketId}/`, { order_intake: false });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Catalogs (each offer becomes a warehouse product with its listing), then the postings awaiting assembly.
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  await runStoreJobs(app, user, 'extract/products/status/', stores, 90_000);

  // Stock on hand for every product, and reserves on some: the available quantity has all three parts.
  const seed = seeder(app, user);
  const products = await app.database.db
    .select({ id: productsWh.id })
    .from(productsWh)
    .where(eq(productsWh.userId, user.id));
  for (const [i, p] of products.entries()) {
    await seed.lot(p.id, 2 + (i % 7), 100);
    if (i % 3 === 0) await seed.reserve(p.id, 1);
    if (i % 5 === 0) await seed.reserve(p.id, 1, 'released');
  }
}, 180_000);

afterAll(() => env?.close());

describe('stock push to the sandbox marketplaces', () => {
  it('previews what would change: the available quantity per listing and nothing on the marketplace yet', async () => {
    const res = await call('GET', 'stock-push/preview/');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as {
      stores: Array<{
        market_id: string;
        marketplace: string;
        warehouse: { id: string } | null;
        error: string | null;
        items: Array<Record<string, unknown>>;
      }>;
    };
    expect(preview.stores.map((s) => s.market_id).sort()).toEqual(stores.map((s) => s.marketId).sort());
    let waiting = 0;
    let reserved = 0;
    for (const s of stores) {
      const store = preview.stores.find((p) => p.market_id === s.marketId)!;
      expect(store.error, s.marketplace).toBeNull();
      expect(store.warehouse, s.marketplace).not.toBeNull();
      const want = await expected(s);
      expect(new Map(store.items.map((i) => [i.offer_id, i.available]))).toEqual(want);
      for (const i of store.items) {
        expect(i).toMatchObject({ marketplace_stock: null, change: null });
        expect(i.available).toBe(
          availableToSell(i.on_hand as number, i.reserved as number, i.awaiting_packaging as number),
        );
        waiting += i.awaiting_packaging as number;
        reserved += i.reserved as number;
      }
    }
    // The fixture really exercises both subtractions.
    expect(waiting).toBeGreaterThan(0);
    expect(reserved).toBeGreaterThan(0);
  });

  it('pushes every listing: the sandbox keeps exactly the computed quantities, with progress and no limit exceeded', async () => {
    const socket = await env.live(user);
    const since = Date.now();
    const { id, wire } = await push();
    expect(wire, JSON.stringify(wire)).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(wire.result).toMatchObject({ trigger: 'manual', sent: OFFERS * 3, failed: 0 });

    for (const s of stores) expect(sandboxStock(s), s.marketplace).toEqual(await expected(s));

    // Progress went up to 100 over the live channel, then the notification.
    const values: number[] = [];
    let noted = false;
    while (!noted || values.at(-1) !== 100) {
      const m = await socket.next(10_000);
      if (m.type === 'progress' && m.job_id === id) values.push(m.value);
      if (m.type === 'notification' && m.value.text === `Остатки переданы: ${OFFERS * 3} поз.`) noted = true;
    }
    expect(values.at(-1)).toBe(100);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.length).toBeGreaterThan(2);

    // No 429/420: every stock call was paced inside the limits, and the pacing shows.
    const windowed = (calls: SandboxRequestLog[], units: (r: SandboxRequestLog) => number, limit: number) => {
      for (const c of calls) {
        const inWindow = calls.filter((o) => o.at <= c.at && o.at > c.at - MINUTE_MS + 50);
        expect(inWindow.reduce((n, o) => n + units(o), 0)).toBeLessThanOrEqual(limit);
      }
    };
    const ozon = stockCalls('OZON', since);
    expect(ozon.map((r) => r.status)).toEqual([200, 200, 200]); // 9 items, 3 a request
    windowed(ozon, () => 1, limits.ozonPerMinute);
    expect(ozon[2]!.at - ozon[0]!.at).toBeGreaterThanOrEqual(MINUTE_MS - 100);

    const wb = stockCalls('WILDBERRIES', since);
    expect(wb.map((r) => r.status)).toEqual([204, 204, 204]);
    // WB's token bucket: any burst + 1 calls of the category span at least one refill interval.
    const category = sandbox.control.requests.filter(
      (r) => r.marketplace === 'WILDBERRIES' && r.at >= since && /^\/api\/v3\/(stocks|warehouses)/.test(r.path),
    );
    for (let i = limits.wbBurst; i < category.length; i++)
      expect(category[i]!.at - category[i - limits.wbBurst]!.at).toBeGreaterThanOrEqual(
        MINUTE_MS / limits.wbPerMinute - 60,
      );
    expect(sandbox.control.requests.filter((r) => r.at >= since && r.status === 429)).toEqual([]);

    const ym = stockCalls('YM', since);
    expect(ym.map((r) => r.status)).toEqual([200, 200, 200]);
    windowed(ym, () => 3, limits.ymSkusPerMinute);
    expect(ym[2]!.at - ym[0]!.at).toBeGreaterThanOrEqual(MINUTE_MS - 100);

    // The log has a row per listing, every one accepted.
    const log = await call('GET', `stock-push/log/${id}/`);
    expect(log.statusCode, log.body).toBe(200);
    const run = log.json() as {
      items: Array<{ ok: boolean; quantity: number; offer_id: string; market_id: string }>;
      sent: number;
      failed: number;
    };
    expect(run).toMatchObject({ sent: OFFERS * 3, failed: 0 });
    expect(run.items).toHaveLength(OFFERS * 3);
    for (const s of stores) {
      const want = await expected(s);
      for (const i of run.items.filter((r) => r.market_id === s.marketId))
        expect(i.quantity).toBe(want.get(i.offer_id));
    }

    // The next preview reads the marketplaces' stock back: nothing left to change.
    const again = await call('GET', 'stock-push/preview/');
    for (const store of (
      again.json() as {
        stores: Array<{ items: Array<{ available: number; marketplace_stock: number | null; change: number | null }> }>;
      }
    ).stores)
      for (const i of store.items) expect(i).toMatchObject({ marketplace_stock: i.available, change: 0 });
  });

  it('one refused item fails alone, explained in Russian beside the marketplace’s own answer; the rest of its batch still goes', async () => {
    const refused = new Map<string, string>();
    for (const s of stores) {
      const offerId = [...(await expected(s)).keys()].sort()[4]!;
      // The sandbox's own control endpoint, over HTTP, as a person testing by hand would call it.
      const answer = await fetch(`${sandbox.url}/__sandbox/stocks/${s.marketplace}/refuse`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ offer_id: offerId }),
      });
      expect(answer.status).toBe(200);
      refused.set(s.marketId, offerId);
    }
    const before = new Map(stores.map((s) => [s.marketId, sandboxStock(s)]));
    // One more unit of everything, so the items that went show the new quantity.
    const seed = seeder(app, user);
    for (const p of await app.database.db
      .select({ id: productsWh.id })
      .from(productsWh)
      .where(eq(productsWh.userId, user.id)))
      await seed.lot(p.id, 1, 100);

    const since = Date.now();
    const { id, wire } = await push();
    expect(wire.status).toBe('done');
    expect(wire.result).toMatchObject({ sent: (OFFERS - 1) * 3, failed: 3 });
    for (const s of stores) {
      const want = await expected(s);
      const offerId = refused.get(s.marketId)!;
      want.set(offerId, before.get(s.marketId)!.get(offerId)!);
      expect(sandboxStock(s), s.marketplace).toEqual(want);
    }
    const run = (await call('GET', `stock-push/log/${id}/`)).json() as {
      items: Array<{
        ok: boolean;
        error: string | null;
        marketplace_error: string | null;
        offer_id: string;
        market_id: string;
      }>;
    };
    const failed = run.items.filter((i) => !i.ok);
    expect(failed.map((i) => `${i.market_id}:${i.offer_id}`).sort()).toEqual(
      stores.map((s) => `${s.marketId}:${refused.get(s.marketId)}`).sort(),
    );
    for (const i of run.items.filter((r) => r.ok)) expect(i).toMatchObject({ error: null, marketplace_error: null });
    // Russian first, what it means and what to do; the marketplace's own answer apart, word for word.
    const refusal = (marketId: string) => {
      const item = failed.find((i) => i.market_id === marketId)!;
      return { error: item.error, marketplace_error: item.marketplace_error };
    };
    const offerOf = (marketId: string) => refused.get(marketId)!;
    expect(refusal('7770011')).toEqual({
      error: expect.stringMatching(/^OZON не знает этот артикул — проверьте связь карточки/),
      marketplace_error: `NOT_FOUND: Product not found: ${offerOf('7770011')}`,
    });
    expect(refusal('wb-stock')).toEqual({
      error: expect.stringMatching(/^Wildberries не знает этот артикул или размер — проверьте связь карточки/),
      marketplace_error: 'NotFound: Not found',
    });
    expect(refusal('43000011')).toEqual({
      error: expect.stringMatching(/^Яндекс Маркет не знает этот артикул — проверьте связь карточки/),
      marketplace_error: `OFFER_NOT_FOUND: Offer not found: ${offerOf('43000011')}`,
    });
    for (const i of failed)
      expect((i.error!.match(/[A-Za-z]+/g) ?? []).filter((w) => w !== 'OZON' && w !== 'Wildberries')).toEqual([]);
    // The log keeps both, as the API answered them.
    const kept = await app.database.db
      .select({
        offerId: stockPushLog.offerId,
        error: stockPushLog.error,
        marketplaceError: stockPushLog.marketplaceError,
      })
      .from(stockPushLog)
      .where(and(eq(stockPushLog.userId, user.id), eq(stockPushLog.jobId, id), eq(stockPushLog.ok, false)));
    expect(kept.map((r) => [r.offerId, r.error, r.marketplaceError]).sort()).toEqual(
      failed.map((i) => [i.offer_id, i.error, i.marketplace_error]).sort(),
    );
    // WB refused the batch with 409 and YM with 400: the adapters resent the rest, and nothing was rate-limited.
    expect(stockCalls('WILDBERRIES', since).some((r) => r.status === 409)).toBe(true);
    expect(stockCalls('YM', since).some((r) => r.status === 400)).toBe(true);
    expect(sandbox.control.requests.filter((r) => r.at >= since && (r.status === 429 || r.status === 420))).toEqual([]);

    // The run shows in the log list with its counts.
    const listed = await call('GET', 'stock-push/log/?limit=5');
    const runs = listed.json() as { runs: Array<{ job_id: string; sent: number; failed: number; stores: unknown[] }> };
    expect(runs.runs[0]).toMatchObject({ job_id: id, sent: (OFFERS - 1) * 3, failed: 3 });
    expect(runs.runs[0]!.stores).toHaveLength(3);
  });

  it('pushes on its own after a stock change once the automatic push is on, sending only what changed', async () => {
    const off = await call('GET', 'stock-push/settings/');
    expect(off.json()).toEqual({ auto_push: false });
    const on = await call('PATCH', 'stock-push/settings/', { auto_push: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ auto_push: true });

    const [listing] = await app.database.db
      .select({ productId: productsMp.productWhId, offerId: productsMp.offerId })
      .from(productsMp)
      .where(
        and(
          eq(productsMp.userId, user.id),
          eq(productsMp.marketId, stores[0]!.marketId),
          eq(productsMp.offerId, [...(await expected(stores[0]!)).keys()].sort()[0]!),
        ),
      );
    const runsBefore = ((await call('GET', 'stock-push/log/')).json() as { runs: unknown[] }).runs.length;
    // A reserve through the API: a write that sends `changes`, and lowers the product's available quantity.
    const res = await call('POST', 'reserve/', { product: listing!.productId, count: 1, price: 0 });
    expect(res.statusCode, res.body).toBe(201);

    let runs: Array<{ job_id: string; trigger: string; status: string }> = [];
    await waitUntil(
      async () => {
        runs = ((await call('GET', 'stock-push/log/')).json() as { runs: typeof runs }).runs;
        return runs.length > runsBefore && runs[0]!.status === 'done';
      },
      30_000,
      'automatic push',
    );
    expect(runs[0]!.trigger).toBe('auto');
    const run = (await call('GET', `stock-push/log/${runs[0]!.job_id}/`)).json() as {
      items: Array<{ offer_id: string; ok: boolean }>;
    };
    // Only the listings of the reserved product whose quantity changed (plus the refused ones, never accepted).
    expect(run.items.some((i) => i.offer_id === listing!.offerId && i.ok)).toBe(true);
    expect(run.items.length).toBeLessThan(OFFERS * 3);
    expect(sandboxStock(stores[0]!).get(listing!.offerId)).toBe((await expected(stores[0]!)).get(listing!.offerId));

    await call('PATCH', 'stock-push/settings/', { auto_push: false });
  });
});
