import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, returns } from '../../server/db/schema/index.ts';
import type { Sandbox, SandboxMarketplace } from '../../server/sandbox/server.ts';
import { describeErrors, responseValidator, specsAvailable } from './marketplaces/helpers/spec-validator.ts';
import { call, listingsOf, order, ordersOf } from './helpers/orders-intake.ts';
import { seeder } from './helpers/products.ts';
import { addStores, jobsFinished, runStoreJobs, startSandboxApp, type NamedStore } from './helpers/sandbox-app.ts';
import type { SandboxApp } from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * A return names the sale its order made (docs/rules.md «Заказы маркетплейсов»: cancelled or returned after the
 * handover, an order stays sold and the return comes through «Возвраты»). Against the sandbox over HTTP with the real
 * intake loop and the real returns import: an order sold by intake, the buyer returns it on the marketplace, the
 * import stores the return with realization_id = that sale, and the sale stays completed.
 */

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7790021', apiKey: 'ozon-sale-link-key', name: 'Озон Возвраты заказов' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-sale-link', apiKey: 'wb-sale-link-token', name: 'ВБ Возвраты заказов' },
  { marketplace: 'YM', marketId: '43200021', apiKey: 'ym-sale-link-key', name: 'Маркет Возвраты заказов' },
];

/** The status each sandbox marketplace hands an order over with (posting-statuses.ts). */
const handedOver: Record<SandboxMarketplace, string> = {
  OZON: 'delivering',
  WILDBERRIES: 'complete/waiting',
  YM: 'DELIVERY/DELIVERY_SERVICE_RECEIVED',
};

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Yesterday to tomorrow: a return made now falls inside whatever the marketplace's day (Moscow or UTC) is. */
const period = () => ({ date_start: day(Date.now() - DAY_MS), date_end: day(Date.now() + DAY_MS) });

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;
const storeIds = new Map<string, string>();
/** Each store's offers used so far: every case takes a fresh one. */
const used = new Map<string, number>();

interface ImportResult {
  returns: number;
  added: number;
  linked: number;
}

/** The marketplace's buyer returns a line of a handed-over order, over the sandbox's control API. */
async function buyerReturns(marketplace: SandboxMarketplace, postingNumber: string): Promise<number> {
  const res = await fetch(`${sandbox.url}/__sandbox/returns/${marketplace}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ posting_number: postingNumber }),
  });
  const body = (await res.json()) as { id: number; postingNumber: string; message?: string };
  expect(res.status, body.message).toBe(201);
  expect(body.postingNumber).toBe(postingNumber);
  return body.id;
}

/**
 * The sandbox's own returns call of the store, as the import reads it: the return of the posting is listed, naming
 * the order the marketplace's way, and (where the official specs are at hand) the answer is valid against them.
 */
async function expectListed(s: NamedStore, postingNumber: string, offerId: string): Promise<void> {
  const { date_start: from, date_end: to } = period();
  const request: {
    path: string;
    url: string;
    method: 'get' | 'post';
    headers: Record<string, string>;
    body?: unknown;
  } =
    s.marketplace === 'OZON'
      ? {
          path: '/v1/returns/list',
          url: '/v1/returns/list',
          method: 'post',
          headers: { 'Client-Id': s.marketId, 'Api-Key': s.apiKey },
          body: {
            filter: { logistic_return_date: { time_from: `${from}T00:00:00Z`, time_to: `${to}T23:59:59Z` } },
            limit: 500,
            last_id: 0,
          },
        }
      : s.marketplace === 'WILDBERRIES'
        ? {
            path: '/api/v1/analytics/goods-return',
            url: `/api/v1/analytics/goods-return?dateFrom=${from}&dateTo=${to}`,
            method: 'get',
            headers: { Authorization: s.apiKey },
          }
        : {
            path: '/v2/campaigns/{campaignId}/returns',
            url: `/v2/campaigns/${s.marketId}/returns?fromDate=${from}&toDate=${to}&limit=50`,
            method: 'get',
            headers: { 'Api-Key': s.apiKey },
          };
  const res = await fetch(`${sandbox.url}${request.url}`, {
    method: request.method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...request.headers },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  if (s.marketplace === 'OZON') {
    const item = (json.returns as Array<Record<string, unknown>>).find((r) => r.posting_number === postingNumber);
    expect(item).toMatchObject({ order_number: postingNumber.replace(/-\d+$/, ''), product: { offer_id: offerId } });
  } else if (s.marketplace === 'WILDBERRIES') {
    expect((json.report as Array<{ orderId: number }>).some((r) => String(r.orderId) === postingNumber)).toBe(true);
  } else {
    const item = (json.result as { returns: Array<{ orderId: number; items: unknown[] }> }).returns.find(
      (r) => String(r.orderId) === postingNumber,
    );
    expect(item?.items).toEqual([expect.objectContaining({ shopSku: offerId, count: 1 })]);
  }
  if (!specsAvailable) return;
  const spec = s.marketplace === 'WILDBERRIES' ? 'WILDBERRIES_REPORTS' : s.marketplace;
  const validate = (await responseValidator(spec, request.path, request.method, 200))!;
  expect(validate(json), describeErrors(validate)).toBe(true);
}

/** Runs the returns import of one store for the days around now; its job result. */
async function importReturns(who: TestUser, s: NamedStore): Promise<ImportResult> {
  const res = await call(
    app,
    who,
    'POST',
  )('extract/returns/', {
    marketplace: s.marketplace,
    market_id: s.marketId,
    ...period(),
  });
  expect(res.statusCode, res.body).toBe(202);
  const [job] = await jobsFinished<ImportResult>(app, who, (res.json() as { job_ids: string[] }).job_ids);
  expect(job!.status, job!.error ?? '').toBe('done');
  return job!.result!;
}

/** The stored return of a posting (its order number), of one user. */
async function returnOf(who: TestUser, postingNumber: string) {
  const rows = await app.database.db
    .select()
    .from(returns)
    .where(and(eq(returns.userId, who.id), eq(returns.orderNumber, postingNumber)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function lineOf(postingNumber: string) {
  const rows = await app.database.db
    .select({ line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, user.id), eq(orders.postingNumber, postingNumber)));
  expect(rows).toHaveLength(1);
  return rows[0]!.line;
}

/** An offer of the store not ordered yet in this file, with 5 units at 100 ₽ in stock. */
async function stockedOffer(s: NamedStore): Promise<{ offerId: string; productId: string }> {
  const listings = await listingsOf(app, user.id, s.marketId);
  const n = used.get(s.marketId) ?? 0;
  used.set(s.marketId, n + 1);
  const listing = listings[n]!;
  await seeder(app, user).lot(listing.productId!, 5, 100);
  return { offerId: listing.offerId, productId: listing.productId! };
}

async function sales(productId: string) {
  const res = await call(app, user, 'GET')(`realization/${productId}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ id: string; count: number; realization_price: number; status: string }>;
}

async function onHand(productId: string): Promise<number> {
  const res = await call(app, user, 'GET')(`products/product/${productId}/`);
  return (res.json() as { product_wh: { count: number } }).product_wh.count;
}

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: 6, postingsPerStore: 0, returnsPerStore: 2, stores },
    { ORDER_INTAKE_ENABLED: 'true', ORDER_INTAKE_TICK_MS: '100', STOCK_PUSH_DEBOUNCE_MS: '100000' },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  const markets = (await call(app, user, 'GET')('markets/')).json() as { id: string; market_id: string }[];
  for (const m of markets) storeIds.set(m.market_id, m.id);
}, 180_000);

afterAll(() => env?.close());

describe('a return names the sale its order made', () => {
  it.each(stores)('$marketplace: the sale made by intake, then the buyer’s return of it', async (s) => {
    const intake = ordersOf(app, user);
    const storeId = storeIds.get(s.marketId)!;
    const { offerId, productId } = await stockedOffer(s);
    const [posting] = await order(sandbox, s.marketplace, offerId, 1, 700);
    await intake.run([storeId]);
    sandbox.setPostingStatus(s.marketplace, posting!, handedOver[s.marketplace]);
    await intake.run([storeId]);
    const line = await lineOf(posting!);
    expect(line.books).toBe('sold');
    const [sale] = await sales(productId);
    expect(sale).toMatchObject({ id: line.realizationId, count: 1, realization_price: 700, status: 'completed' });
    const before = await onHand(productId);

    await buyerReturns(s.marketplace, posting!);
    await expectListed(s, posting!, offerId);
    const result = await importReturns(user, s);
    expect(result.linked).toBe(1);

    const stored = await returnOf(user, posting!);
    expect(stored.realizationId).toBe(sale!.id);
    expect(stored.productId).toBe(productId);
    // The wire names it too: GET returns/ and the sync mirror share returnToWire.
    const list = (await call(app, user, 'GET')('returns/?page_size=100')).json() as {
      returns: { id: string; realization_id: string | null }[];
    };
    expect(list.returns.find((r) => r.id === stored.id)?.realization_id).toBe(sale!.id);
    // The sale stays: completed, its units still gone until the seller receives the return.
    expect(await sales(productId)).toEqual([expect.objectContaining({ id: sale!.id, status: 'completed', count: 1 })]);
    expect(await onHand(productId)).toBe(before);
    // The generated returns of the store name no sale: their orders are not the store's.
    const others = await app.database.db
      .select()
      .from(returns)
      .where(and(eq(returns.userId, user.id), eq(returns.marketId, s.marketId)));
    expect(others.filter((r) => r.realizationId !== null).map((r) => r.id)).toEqual([stored.id]);

    // Importing again changes nothing.
    expect((await importReturns(user, s)).linked).toBe(0);
    expect((await returnOf(user, posting!)).realizationId).toBe(sale!.id);
  });

  it('a return imported before its sale was booked gets it on the next import, even once received', async () => {
    const s = stores[0]!;
    const intake = ordersOf(app, user);
    const storeId = storeIds.get(s.marketId)!;
    const { offerId, productId } = await stockedOffer(s);
    const [posting] = await order(sandbox, 'OZON', offerId, 2, 650);
    await intake.run([storeId]);
    // Handed over and returned on the marketplace; the intake has not read the handover yet (its next run is a
    // minute away), so the books still hold the reserve.
    sandbox.setPostingStatus('OZON', posting!, handedOver.OZON);
    await buyerReturns('OZON', posting!);
    expect((await importReturns(user, s)).linked).toBe(0);
    expect((await lineOf(posting!)).books).toBe('reserved');
    const early = await returnOf(user, posting!);
    expect(early).toMatchObject({ realizationId: null, count: 2, productId });

    // The seller receives it meanwhile: the link is the marketplace's fact and is filled in all the same.
    const [lot] = (await call(app, user, 'GET')(`returns/${early.id}/inventory/`)).json().inventory as { id: string }[];
    const received = await call(app, user, 'PATCH')(`returns/${early.id}/to_inventory/${lot!.id}/`);
    expect(received.statusCode, received.body).toBe(200);

    await intake.run([storeId]);
    const line = await lineOf(posting!);
    expect(line.books).toBe('sold');
    expect((await importReturns(user, s)).linked).toBe(1);
    const linked = await returnOf(user, posting!);
    expect(linked.realizationId).toBe(line.realizationId);
    expect(linked).toMatchObject({ processed: true, status: 'ready' });
    expect(await sales(productId)).toEqual([
      expect.objectContaining({ id: line.realizationId, status: 'completed', count: 2 }),
    ]);
  });

  it('another seller’s import of the same store never names this seller’s sale', async () => {
    const s = stores[0]!;
    const intake = ordersOf(app, user);
    const { offerId } = await stockedOffer(s);
    const [posting] = await order(sandbox, 'OZON', offerId, 1, 800);
    await intake.run([storeIds.get(s.marketId)!]);
    sandbox.setPostingStatus('OZON', posting!, handedOver.OZON);
    await intake.run([storeIds.get(s.marketId)!]);
    expect((await lineOf(posting!)).books).toBe('sold');
    await buyerReturns('OZON', posting!);

    const other = await signUp(app);
    await addStores(app, other, [s]);
    await runStoreJobs(app, other, 'extract/products/many/', [s], 90_000);
    await importReturns(other, s);
    const theirs = await returnOf(other, posting!);
    expect(theirs.realizationId).toBeNull();
    expect(theirs.productId).not.toBeNull();

    await importReturns(user, s);
    expect((await returnOf(user, posting!)).realizationId).toBe((await lineOf(posting!)).realizationId);
  });
});
