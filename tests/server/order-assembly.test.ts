import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, orderLines, productsMp, realizations, reserves } from '../../server/db/schema/index.ts';
import type { Sandbox, SandboxMarketplace } from '../../server/sandbox/server.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';
import { waitUntil } from './helpers/live-client.ts';
import { ordersOf } from './helpers/orders-intake.ts';
import { seeder } from './helpers/products.ts';
import { addStores, runStoreJobs, startSandboxApp, type NamedStore, type SandboxApp } from './helpers/sandbox-app.ts';
import { newId, signUp, type TestUser } from './helpers/test-app.ts';

/*
 * «Собрано» (docs/rules.md «Сборка заказов») against the sandbox marketplaces over HTTP, with the real adapters, the
 * real intake loop and the real job queue: an order the intake reserved is assembled, the marketplace is told, the
 * reserve becomes exactly one sale whatever is repeated, and the label arrives as a PDF; a marketplace's refusal
 * leaves the order and its reserve as they were, with the reason in Russian.
 */

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7780021', apiKey: 'ozon-assembly-key', name: 'Озон Сборка' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-assembly', apiKey: 'wb-assembly-token', name: 'ВБ Сборка' },
  { marketplace: 'YM', marketId: '43100021', apiKey: 'ym-assembly-key', name: 'Маркет Сборка' },
];
const marketplaces: SandboxMarketplace[] = ['OZON', 'WILDBERRIES', 'YM'];

interface WireOrder {
  id: string;
  posting_number: string;
  stage: string;
  status: string;
  assembled_at: string | null;
  assembly_error: string | null;
  assembly_state: 'pending' | 'done' | 'refused' | null;
  label_ready: boolean;
  version: number;
  lines: Array<{ id: string; books: string; product_id: string | null; quantity: number }>;
}

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;
const storeIds = new Map<string, string>();

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who: TestUser = user) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: who.headers, payload: payload as object | undefined });

const intake = () => ordersOf(app, user).run([...storeIds.values()], 90_000);

async function orderOf(postingNumber: string): Promise<WireOrder> {
  const res = await call('GET', `orders/?search=${encodeURIComponent(postingNumber)}`);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as { results: WireOrder[] }).results.find((o) => o.posting_number === postingNumber);
  expect(found, `order ${postingNumber}`).toBeDefined();
  return found!;
}

async function assemble(orderId: string, who: TestUser = user) {
  return call('POST', `orders/${orderId}/assemble/`, {}, who);
}

async function settled(postingNumber: string, ms = 90_000): Promise<WireOrder> {
  let order: WireOrder | undefined;
  await waitUntil(
    async () => {
      order = await orderOf(postingNumber);
      return order.assembly_state === 'refused' || (order.assembly_state === 'done' && order.label_ready);
    },
    ms,
    `assembly of ${postingNumber} settled`,
  );
  return order!;
}

/** A fresh offer of the marketplace (no order used it yet) and its warehouse product. */
async function freshListing(marketplace: string) {
  const used = new Set(
    (
      await app.database.db
        .select({ offerId: orderLines.offerId })
        .from(orderLines)
        .where(eq(orderLines.userId, user.id))
    ).map((r) => r.offerId),
  );
  const listings = await app.database.db
    .select({ offerId: productsMp.offerId, productId: productsMp.productWhId })
    .from(productsMp)
    .where(and(eq(productsMp.userId, user.id), eq(productsMp.marketplace, marketplace), isNull(productsMp.deletedAt)));
  const listing = listings.find((l) => !used.has(l.offerId));
  expect(listing, `a fresh ${marketplace} offer`).toBeDefined();
  return { offerId: listing!.offerId, productId: listing!.productId! };
}

/** An order placed on the sandbox and taken in by the intake: awaiting packaging, its units reserved. */
async function reservedOrder(marketplace: SandboxMarketplace, quantity = marketplace === 'WILDBERRIES' ? 1 : 2) {
  const { offerId, productId } = await freshListing(marketplace);
  await seeder(app, user).lot(productId, 5, 100);
  const [posting] = sandbox.createOrder(marketplace, { offerId, quantity, price: 700 });
  await intake();
  const order = await orderOf(posting!.postingNumber);
  expect(order.stage).toBe('awaiting_packaging');
  expect(order.lines.map((l) => l.books)).toEqual(['reserved']);
  return { order, productId, posting: posting!.postingNumber };
}

/** What the books did with the order's lines: sales and reserves carrying the lines' ids. */
async function booksOf(order: WireOrder) {
  const lineIds = order.lines.map((l) => l.id);
  const sales = await app.database.db
    .select({ id: realizations.id, count: realizations.count, line: realizations.orderLineId })
    .from(realizations)
    .where(and(eq(realizations.userId, user.id), sql`${realizations.orderLineId} in ${lineIds}`));
  const held = await app.database.db
    .select({ status: reserves.status, line: reserves.orderLineId })
    .from(reserves)
    .where(and(eq(reserves.userId, user.id), sql`${reserves.orderLineId} in ${lineIds}`));
  return { sales, reserves: held };
}

async function assemblyJobs(orderId: string) {
  return app.database.db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, 'order-assembly'), sql`${jobs.payload}->>'order_id' = ${orderId}`));
}

async function labelOf(orderId: string, who: TestUser = user) {
  return call('GET', `orders/${orderId}/label/`, undefined, who);
}

/** A problem+json answer (expectProblem) whose Russian detail says `text`. */
async function problem(res: Res, status: number, code: string, text?: RegExp) {
  const body = expectProblem(res as never, status, code);
  if (text) expect(body.detail).toMatch(text);
}

const statusOnSandbox = (marketplace: SandboxMarketplace, postingNumber: string) =>
  sandbox.postings(marketplace).find((p) => p.postingNumber === postingNumber)?.status;

/** The call that tells each marketplace the order is packed: OZON ship, WB a supply handed over, YM the status. */
const shipCall: Record<SandboxMarketplace, { method: string; path: string | RegExp }> = {
  OZON: { method: 'POST', path: '/v4/posting/fbs/ship' },
  WILDBERRIES: { method: 'PATCH', path: expect.stringMatching(/^\/api\/v3\/supplies\/[^/]+\/deliver$/) },
  YM: { method: 'PUT', path: expect.stringMatching(/^\/v2\/campaigns\/\d+\/orders\/\d+\/status$/) },
};

const cancelled: Record<SandboxMarketplace, string> = {
  OZON: 'cancelled',
  WILDBERRIES: 'cancel/canceled',
  YM: 'CANCELLED/USER_CHANGED_MIND',
};

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: 12, postingsPerStore: 0, stores },
    { ORDER_INTAKE_ENABLED: 'true', ORDER_INTAKE_TICK_MS: '100', STOCK_PUSH_DEBOUNCE_MS: '100000' },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  const markets = (await call('GET', 'markets/')).json() as { id: string; market_id: string }[];
  for (const m of markets) storeIds.set(m.market_id, m.id);
}, 180_000);

afterAll(() => env?.close());

// Each test waits on several intake runs and jobs over HTTP: on a busy machine that takes longer than the default.
vi.setConfig({ testTimeout: 180_000 });

describe('«Собрано» tells the marketplace and sells the reserve once', () => {
  it.each(marketplaces)('%s: assembled, handed over, one sale per line, the label a PDF', async (marketplace) => {
    const { order, posting } = await reservedOrder(marketplace);
    const before = statusOnSandbox(marketplace, posting);
    const asked = Date.now();

    await problem(await labelOf(order.id), 404, 'not_found', /Этикетка ещё не получена/);

    const first = await assemble(order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: order.id, assembly_state: 'pending', assembly_error: null });
    // A second tap while the marketplace is being told: the current row, nothing new started.
    const again = await assemble(order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(['pending', 'done']).toContain(again.json().assembly_state);

    const done = await settled(posting);
    expect(done).toMatchObject({ assembly_state: 'done', assembly_error: null, stage: 'awaiting_deliver' });
    expect(done.label_ready).toBe(true);
    expect(Date.parse(done.assembled_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(done.lines.map((l) => l.books)).toEqual(['sold']);
    // The marketplace itself moved the order: its ship call was made over HTTP.
    expect(statusOnSandbox(marketplace, posting)).not.toBe(before);
    expect(
      sandbox.control.requests.filter((r) => r.marketplace === marketplace && r.status < 300 && r.at >= asked),
      'the ship call',
    ).toContainEqual(
      expect.objectContaining({ method: shipCall[marketplace].method, path: shipCall[marketplace].path }),
    );

    let books = await booksOf(done);
    expect(books.sales).toHaveLength(1);
    expect(books.sales[0]!.count).toBe(done.lines[0]!.quantity);
    expect(books.reserves.map((r) => r.status)).toEqual(['realized']);

    // The intake reads the handed-over order again, a repeated «Собрано» answers the row: still one sale.
    await intake();
    const repeated = await assemble(order.id);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().assembly_state).toBe('done');
    await intake();
    books = await booksOf(await orderOf(posting));
    expect(books.sales).toHaveLength(1);
    expect(await assemblyJobs(order.id)).toHaveLength(1);
    expect((await orderOf(posting)).lines.map((l) => l.books)).toEqual(['sold']);

    const label = await labelOf(order.id);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toMatch(/^application\/pdf/);
    expect(label.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(label.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
  });
});

describe('a refusal leaves the order as it was', () => {
  it.each(marketplaces)('%s: cancelled on the marketplace first → refused in Russian, reserve kept', async (mp) => {
    const { order, posting } = await reservedOrder(mp);
    sandbox.setPostingStatus(mp, posting, cancelled[mp]);

    const res = await assemble(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const refused = await settled(posting);
    expect(refused.assembly_state).toBe('refused');
    expect(refused.assembly_error).toMatch(/[А-Яа-яЁё]/);
    // The marketplace's error names the store: the reason came from its answer, not from a fallback of ours.
    expect(refused.assembly_error).toContain(stores.find((s) => s.marketplace === mp)!.name);
    expect(refused.assembly_error).not.toMatch(/после нескольких попыток/);
    expect(refused.assembled_at).toBeNull();
    expect(refused.label_ready).toBe(false);
    expect(refused.stage).toBe('awaiting_packaging');
    expect(refused.lines.map((l) => l.books)).toEqual(['reserved']);
    const books = await booksOf(refused);
    expect(books.sales).toHaveLength(0);
    expect(books.reserves.map((r) => r.status)).toEqual(['active']);
    // Refused once, not retried forever: the job finished (closed just after the order's outcome is written).
    await expect.poll(async () => (await assemblyJobs(order.id)).map((j) => j.status)).toEqual(['done']);
    await problem(await labelOf(order.id), 404, 'not_found', /Этикетка ещё не получена/);

    // The intake learns the cancel: the reserve is released, and «Собрано» is refused at once.
    await intake();
    expect((await orderOf(posting)).stage).toBe('cancelled');
    await problem(await assemble(order.id), 409, 'order_cancelled', /Заказ отменён/);
  });
});

describe('a marketplace that is down for a while', () => {
  it('OZON answering 503 past the adapter’s own retries: the job tries again and assembles once', async () => {
    const { order, posting } = await reservedOrder('OZON', 1);
    // Six answers use up one run's HTTP retries; the seventh fails the job's second run's first try.
    sandbox.control.failNext('OZON', 7, { status: 503 });
    expect((await assemble(order.id)).statusCode).toBe(200);
    const done = await settled(posting, 100_000);
    expect(done).toMatchObject({ assembly_state: 'done', assembly_error: null, stage: 'awaiting_deliver' });
    const [job] = await app.database.db
      .select({ attempts: jobs.attempts, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'order-assembly'), sql`${jobs.payload}->>'order_id' = ${order.id}`));
    expect(job).toMatchObject({ status: 'done' });
    expect(job!.attempts).toBeGreaterThanOrEqual(2);
    expect((await booksOf(done)).sales).toHaveLength(1);
  }, 120_000);
});

describe('what «Собрано» refuses', () => {
  it('an order not yet awaiting packaging, or already handed over: 409 in Russian, nothing queued', async () => {
    const early = await freshListing('OZON');
    const [fresh] = sandbox.createOrder('OZON', { offerId: early.offerId, quantity: 1, price: 500 });
    sandbox.setPostingStatus('OZON', fresh!.postingNumber, 'awaiting_approve');
    await intake();
    const waiting = await orderOf(fresh!.postingNumber);
    expect(waiting.stage).toBe('new');
    await problem(await assemble(waiting.id), 409, 'order_not_awaiting_packaging', /Заказ ещё не ждёт сборки/);

    const { order, posting } = await reservedOrder('OZON', 1);
    sandbox.setPostingStatus('OZON', posting, 'delivering');
    await intake();
    await problem(await assemble(order.id), 409, 'order_assembled', /Заказ уже собран/);
    expect(await assemblyJobs(order.id)).toHaveLength(0);
    expect(await assemblyJobs(waiting.id)).toHaveLength(0);
  });

  it('another business’s order is not found, and bad input is a Russian 400', async () => {
    const { order, posting } = await reservedOrder('YM', 1);
    const stranger = await signUp(app);
    await problem(await assemble(order.id, stranger), 404, 'not_found', /Заказ не найден/);
    await problem(await labelOf(order.id, stranger), 404, 'not_found');
    await problem(await assemble(newId()), 404, 'not_found', /Заказ не найден/);
    expect((await orderOf(posting)).assembly_state).toBeNull();
    expect(await assemblyJobs(order.id)).toHaveLength(0);

    const extra = await call('POST', `orders/${order.id}/assemble/`, { scanned: { a: 1 } });
    expect(extra.statusCode, extra.body).toBe(400);
    expect(extra.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(extra.json().detail).toMatch(/[А-Яа-яЁё]/);
    const badId = await call('POST', 'orders/not-a-uuid/assemble/', {});
    expect(badId.statusCode, badId.body).toBe(400);
    expect(badId.json().detail).toMatch(/[А-Яа-яЁё]/);
    expect((await orderOf(posting)).assembly_state).toBeNull();
  });
});

describe('«Собрано» queued offline', () => {
  it('a push entry is accepted, its replay changes nothing, and the outcome arrives by pull', async () => {
    const { order, posting } = await reservedOrder('OZON', 1);
    const entry = { id: newId(), method: 'POST', path: `/api/v1/orders/${order.id}/assemble/`, body: {} };
    const push = async () => {
      const res = await call('POST', 'sync/push', [entry]);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: Array<{ id: string; status: number; body: WireOrder }> }).results;
    };
    const [accepted] = await push();
    expect(accepted).toMatchObject({ id: entry.id, status: 200 });
    expect(accepted!.body.assembly_state).toBe('pending');

    const done = await settled(posting);
    expect(done.assembly_state).toBe('done');
    const [replayed] = await push();
    expect(replayed!.status).toBe(200);
    expect(await assemblyJobs(order.id)).toHaveLength(1);
    expect((await booksOf(done)).sales).toHaveLength(1);

    let since = 0;
    let pulled: WireOrder | undefined;
    for (;;) {
      const res = await call('GET', `sync/pull?table=orders&since=${since}&limit=1000`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { cursor: number; has_more: boolean; changes: Array<{ row: WireOrder | null }> };
      for (const c of page.changes) if (c.row?.id === order.id) pulled = c.row;
      if (!page.has_more) break;
      since = page.cursor;
    }
    expect(pulled).toMatchObject({ assembly_state: 'done', label_ready: true, stage: 'awaiting_deliver' });
    expect(pulled!.assembled_at).not.toBeNull();
  });
});
