import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zeroQuantityProblem } from '../../server/orders/order-writer.ts';
import { vanishedProblem } from '../../server/orders/store-intake.ts';
import type { Sandbox } from '../../server/sandbox/server.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import {
  call,
  listingsOf,
  order,
  orderReserves,
  ordersOf,
  placeOrder,
  revokeKeyAfterNextRequest,
  stockOf,
} from './helpers/orders-intake.ts';
import { addProducts, seeder } from './helpers/products.ts';
import { addStores, runStoreJobs, startSandboxApp, type NamedStore, type SandboxApp } from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * Issue 22, must show: an order for an unknown offer, a quantity of 0, a posting that disappears, a store whose key is
 * revoked mid-intake — each leaves stock unchanged and says so where the seller looks (GET /orders/, the store's
 * order_intake_error). The real app with its intake loop running against the sandbox marketplaces over HTTP; the
 * overlap is 0, so every run reads the orders changed since the last one and checks the older open ones by number
 * (OZON /v3/posting/fbs/get) — two kinds of request, so a key can be refused in the middle of a run.
 */

const OFFERS = 12;
const ozon: NamedStore = { marketplace: 'OZON', marketId: '7770061', apiKey: 'ozon-orders-bad', name: 'Озон Заказы' };
const wb: NamedStore = { marketplace: 'WILDBERRIES', marketId: 'wb-orders-bad', apiKey: 'wb-bad', name: 'ВБ Заказы' };
const ym: NamedStore = { marketplace: 'YM', marketId: '43000061', apiKey: 'ym-orders-bad', name: 'Маркет Заказы' };
/** A store whose intake is off: the zero-quantity orders are written to it by hand, no run ever reads them again. */
const quiet: NamedStore = { marketplace: 'OZON', marketId: '7770062', apiKey: 'ozon-quiet', name: 'Озон Тихий' };

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;
let storeId: Record<string, string>;
let listings: Record<string, Array<{ offerId: string; productId: string }>>;
let intake: ReturnType<typeof ordersOf>;

/** An OZON order of the intake's store (the quiet store is on OZON too). */
const ozonOrder = async (offerId: string, quantity: number) =>
  (await order(sandbox, 'OZON', offerId, quantity, 700, ozon.marketId))[0]!;
const reservesOf = async (postingNumber: string) =>
  (await orderReserves(app, user.id)).filter((r) => r.postingNumber === postingNumber);

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: OFFERS, postingsPerStore: 0, returnsPerStore: 0, stores: [ozon, wb, ym, quiet] },
    { ORDER_INTAKE_ENABLED: 'true', ORDER_INTAKE_TICK_MS: '100', ORDER_INTAKE_OVERLAP_SECONDS: '0' },
  );
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, [ozon, wb, ym]);
  const added = await call(
    app,
    user,
    'POST',
  )('markets/add/', {
    market_id: quiet.marketId,
    name: quiet.name,
    marketplace: 'OZON',
    access_token: quiet.apiKey,
    order_intake: false,
  });
  expect(added.statusCode, added.body).toBe(201);
  await runStoreJobs(app, user, 'extract/products/many/', [ozon, wb, ym, quiet], 90_000);
  const markets = (await call(app, user, 'GET')('markets/')).json() as Array<{ id: string; market_id: string }>;
  storeId = Object.fromEntries(markets.map((m) => [m.market_id, m.id]));
  listings = {};
  for (const s of [ozon, wb, ym, quiet]) {
    listings[s.marketId] = await listingsOf(app, user.id, s.marketId);
    expect(listings[s.marketId]).toHaveLength(OFFERS);
  }
  // Every product but the first OZON one (deleted below, so it must hold nothing) gets 20 units.
  const seed = seeder(app, user);
  for (const [marketId, rows] of Object.entries(listings))
    for (const [i, l] of rows.entries()) if (marketId !== ozon.marketId || i > 0) await seed.lot(l.productId, 20, 100);
  intake = ordersOf(app, user);
}, 180_000);

afterAll(() => env?.close());

describe('an order for an offer Ostatok has no listing of', () => {
  it('books «unlinked», reserves nothing, shows on /orders; linking it to a product then reserves', async () => {
    const [gone, target] = listings[ozon.marketId]!;
    const deleted = await call(app, user, 'DELETE')('products/warehouse/delete/', [gone!.productId]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const before = await stockOf(app, user.id);

    const posting = await ozonOrder(gone!.offerId, 2);
    await intake.run([storeId[ozon.marketId]!]);
    const seen = await intake.byPosting(posting);
    expect(seen).toMatchObject({ stage: 'awaiting_packaging', problem: null });
    expect(seen!.lines).toEqual([
      expect.objectContaining({ offer_id: gone!.offerId, quantity: 2, product_id: null, books: 'unlinked' }),
    ]);
    expect(seen!.lines[0]!.reserve_id).toBeNull();
    expect(await reservesOf(posting)).toEqual([]);
    expect(await stockOf(app, user.id)).toEqual(before);

    const linked = await call(
      app,
      user,
      'POST',
    )('orders/link/', {
      store_id: storeId[ozon.marketId],
      offer_id: gone!.offerId,
      product_id: target!.productId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().product_mp).toMatchObject({ offer_id: gone!.offerId, product_wh_id: target!.productId });
    expect(linked.json().lines).toEqual([
      expect.objectContaining({ product_id: target!.productId, books: 'reserved', reserve_id: expect.any(String) }),
    ]);
    const shown = (await call(app, user, 'GET')(`reserve/${target!.productId}/`)).json() as Array<{
      count: number;
      price: number;
      status: string;
      posting: { marketplace: string; posting_number: string } | null;
    }>;
    expect(shown).toEqual([
      expect.objectContaining({
        count: 2,
        price: 700,
        status: 'active',
        posting: expect.objectContaining({ marketplace: 'OZON', posting_number: posting }),
      }),
    ]);
    // A reserve holds units, it takes none from the lots; the next run finds the work done.
    expect((await stockOf(app, user.id)).lots).toEqual(before.lots);
    await intake.run([storeId[ozon.marketId]!]);
    expect(await reservesOf(posting)).toHaveLength(1);
  });

  it('POST /orders/link/ refuses bad input in Russian problem+json', async () => {
    const [gone, target, other] = listings[ozon.marketId]!;
    const link = (body: unknown) => call(app, user, 'POST')('orders/link/', body);
    const valid = { store_id: storeId[ozon.marketId], offer_id: gone!.offerId, product_id: target!.productId };
    const stranger = await signUp(app);
    const [theirs] = await addProducts(app, stranger, ['Чужой товар']);
    const before = await orderReserves(app, user.id);

    expectProblem(await link({ ...valid, store_id: randomUUID() }), 404, 'not_found');
    expectProblem(await link({ ...valid, product_id: theirs }), 404, 'not_found');
    expectProblem(await link({ ...valid, product_id: randomUUID() }), 404, 'not_found');
    const notOrdered = expectProblem(await link({ ...valid, offer_id: 'НЕТ-В-ЗАКАЗАХ' }), 404, 'not_found');
    expect(notOrdered.detail).toContain('НЕТ-В-ЗАКАЗАХ');
    // Linked already: the other product's own listing, and the offer just linked above.
    expectProblem(await link({ ...valid, offer_id: other!.offerId }), 409, 'already_linked');
    expectProblem(await link({ ...valid, product_id: other!.productId }), 409, 'already_linked');
    for (const bad of [
      {},
      { ...valid, store_id: 'не-uuid' },
      { ...valid, product_id: 5 },
      { ...valid, offer_id: '' },
      { ...valid, offer_id: 'x'.repeat(201) },
      { ...valid, extra: true },
    ])
      expectProblem(await link(bad), 400, 'validation_failed');
    expect(await orderReserves(app, user.id)).toEqual(before);
  });
});

describe('a quantity of 0', () => {
  it('the sandbox marketplace refuses to place one', async () => {
    const count = sandbox.postings('OZON', ozon.marketId).length;
    for (const quantity of [0, -1, 1.5]) {
      const res = await placeOrder(sandbox, 'OZON', {
        offer_id: listings[ozon.marketId]![3]!.offerId,
        quantity,
        price: 100,
        store: ozon.marketId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(/quantity/);
    }
    expect(sandbox.postings('OZON', ozon.marketId)).toHaveLength(count);
  });

  it('an order whose item has no quantity drops the item, keeps the rest, and says so on the order', async () => {
    const [a, b, c] = listings[quiet.marketId]!;
    const store = (await app.repos.markets.find(user.id, quiet.marketId))!;
    const before = await stockOf(app, user.id);
    const now = new Date().toISOString();
    const base = { status: 'awaiting_packaging', stage: 'awaiting_packaging' as const, orderedAt: now, changedAt: now };
    const zeroOnly = {
      ...base,
      postingNumber: 'ZERO-0001',
      items: [{ lineKey: 'z1', offerId: a!.offerId, quantity: 0 }],
    };
    const mixed = {
      ...base,
      postingNumber: 'ZERO-0002',
      items: [
        { lineKey: 'z2', offerId: b!.offerId, quantity: 0, price: 100 },
        { lineKey: 'ok', offerId: c!.offerId, quantity: 1, price: 300 },
      ],
    };
    // Written twice, as a re-read of the same orders would: nothing doubles.
    for (let round = 0; round < 2; round++) {
      const writer = app.orderIntake.writerFor(user.id, store);
      await writer.write(zeroOnly);
      await writer.write(mixed);
      await writer.flush();
    }

    const first = await intake.byPosting('ZERO-0001');
    expect(first).toMatchObject({ problem: zeroQuantityProblem([a!.offerId]), lines: [] });
    expect(first!.problem).toMatch(/без количества.*учёт по ним не менялся/);
    const second = await intake.byPosting('ZERO-0002');
    expect(second!.problem).toBe(zeroQuantityProblem([b!.offerId]));
    expect(second!.lines).toEqual([
      expect.objectContaining({ offer_id: c!.offerId, quantity: 1, product_id: c!.productId, books: 'reserved' }),
    ]);
    expect(await reservesOf('ZERO-0001')).toEqual([]);
    expect(await reservesOf('ZERO-0002')).toEqual([
      expect.objectContaining({ productId: c!.productId, count: 1, status: 'active' }),
    ]);
    expect(await stockOf(app, user.id)).toEqual(before);
  });
});

describe('a posting that disappears from the marketplace', () => {
  it('the order says so, its reserve holds, and stock is unchanged', async () => {
    const offer = listings[ozon.marketId]![4]!;
    const posting = await ozonOrder(offer.offerId, 3);
    await intake.run([storeId[ozon.marketId]!]);
    expect((await intake.byPosting(posting))!.lines[0]!.books).toBe('reserved');
    const before = await stockOf(app, user.id);
    const held = await reservesOf(posting);
    expect(held).toEqual([expect.objectContaining({ productId: offer.productId, count: 3, status: 'active' })]);

    const res = await fetch(`${sandbox.url}/__sandbox/postings/OZON/${posting}/vanish`, { method: 'POST' });
    expect(res.status).toBe(200);
    for (let run = 0; run < 2; run++) {
      await intake.run([storeId[ozon.marketId]!]);
      const seen = await intake.byPosting(posting);
      expect(seen).toMatchObject({ stage: 'awaiting_packaging', problem: vanishedProblem });
      expect(seen!.lines[0]).toMatchObject({ books: 'reserved', reserve_id: held[0]!.id });
      expect(await reservesOf(posting)).toEqual(held);
      expect(await stockOf(app, user.id)).toEqual(before);
    }
  });
});

describe('a store whose key is revoked in the middle of a run', () => {
  it('is marked so in Russian, the other stores keep taking orders, and it catches up once the key is saved again', async () => {
    const offers = listings[ozon.marketId]!.slice(5, 11);
    const get = call(app, user, 'GET');
    const storeError = async (marketId: string) =>
      ((await get(`markets/${marketId}/`)).json() as { order_intake_error: string | null }).order_intake_error;

    // Earlier orders, taken in: each later run checks them by number after its listing.
    const earlier: string[] = [];
    for (const o of offers) for (let k = 0; k < 2; k++) earlier.push(await ozonOrder(o.offerId, 1));
    await intake.run([storeId[ozon.marketId]!]);
    for (const p of earlier) expect((await intake.byPosting(p))!.lines[0]!.books, p).toBe('reserved');

    const later: string[] = [];
    for (const o of offers) for (let k = 0; k < 2; k++) later.push(await ozonOrder(o.offerId, 1));
    const wbPostings = await order(sandbox, 'WILDBERRIES', listings[wb.marketId]![0]!.offerId, 2);
    const ymPostings = await order(sandbox, 'YM', listings[ym.marketId]![0]!.offerId, 1);
    const stockBefore = await stockOf(app, user.id);
    const reservesBefore = await orderReserves(app, user.id);

    // The key stops working right after the run's first OZON request (its listing) was answered.
    const armedAt = sandbox.control.requests.length;
    // Armed by the run's listing: a check left over from the run before may still be logged first.
    const undo = revokeKeyAfterNextRequest(sandbox, 'OZON', 401, '/v3/posting/fbs/list');
    try {
      await intake.run([storeId[ozon.marketId]!, storeId[wb.marketId]!, storeId[ym.marketId]!]);
    } finally {
      undo();
    }
    const ozonCalls = sandbox.control.requests
      .slice(armedAt)
      .filter((r) => r.marketplace === 'OZON')
      .filter((r, i, all) => i >= all.findIndex((c) => c.path === '/v3/posting/fbs/list'));
    const [listed, checked] = ozonCalls;
    const seen = JSON.stringify(ozonCalls);
    expect(listed, seen).toMatchObject({ path: '/v3/posting/fbs/list', status: 200 });
    expect(checked, seen).toMatchObject({ path: '/v3/posting/fbs/get', status: 401 });

    const refused = await storeError(ozon.marketId);
    expect(refused).toMatch(/маркетплейс не принял ключ API/);
    expect(refused).toMatch(/Заказы не принимаются, учёт не менялся/);
    const states = await intake.intakeStates();
    expect(states.find((s) => s.store_id === storeId[ozon.marketId])!.error).toBe(refused);
    // Nothing of the refused run was written: the later OZON orders are not in, the books as they were.
    for (const p of later) expect(await intake.byPosting(p), p).toBeUndefined();
    expect(
      (await orderReserves(app, user.id)).filter((r) => ![...wbPostings, ...ymPostings].includes(r.postingNumber!)),
    ).toEqual(reservesBefore);
    expect((await stockOf(app, user.id)).lots).toEqual(stockBefore.lots);
    // The other stores took theirs, and keep taking new ones while OZON refuses.
    expect(await storeError(wb.marketId)).toBeNull();
    expect(await storeError(ym.marketId)).toBeNull();
    const wbMore = await order(sandbox, 'WILDBERRIES', listings[wb.marketId]![1]!.offerId, 1);
    await intake.run([storeId[wb.marketId]!, storeId[ozon.marketId]!]);
    for (const p of [...wbPostings, ...ymPostings, ...wbMore])
      expect(
        (await intake.byPosting(p))!.lines.map((l) => l.books),
        p,
      ).toEqual(['reserved']);
    expect(await storeError(ozon.marketId)).toBe(refused);
    for (const p of later) expect(await intake.byPosting(p), p).toBeUndefined();

    // The key works again and the seller saves it once more: the refusal goes, and the store catches up.
    sandbox.control.reset();
    const saved = await call(app, user, 'PATCH')(`markets/${ozon.marketId}/`, { access_token: ozon.apiKey });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().order_intake_error).toBeNull();
    await intake.run([storeId[ozon.marketId]!]);
    expect(await storeError(ozon.marketId)).toBeNull();
    const ozonOrders = (await intake.all()).filter((o) => o.store_id === storeId[ozon.marketId]);
    const numbers = ozonOrders.map((o) => o.posting_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const p of [...earlier, ...later]) {
      const o = ozonOrders.find((x) => x.posting_number === p);
      expect(
        o?.lines.map((l) => [l.quantity, l.books]),
        p,
      ).toEqual([[1, 'reserved']]);
      expect(await reservesOf(p), p).toEqual([expect.objectContaining({ count: 1, status: 'active' })]);
    }
    // Each offer's product holds exactly its four orders' units; its lots were never touched.
    const all = await orderReserves(app, user.id);
    for (const o of offers)
      expect(all.filter((r) => r.productId === o.productId && r.status === 'active').length, o.offerId).toBe(4);
    expect((await stockOf(app, user.id)).lots).toEqual(stockBefore.lots);
  });
});
