import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok, receiveBatch } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);

interface Movement {
  id: string;
  lot_id: string;
  delta: number;
  reason: string;
  source_table: string;
  source_id: string;
  unit_cost: number;
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('GET /api/v1/products/{id}/movements/', () => {
  it("sums, per lot, to the lots' remaining units after a run of receipts, edits and outflows", async () => {
    const u = await signUp(app);
    const [p, q] = await addProducts(app, u, ['Сверло', 'Бита']);
    const batch = await receiveBatch(app, u, '2024-01-10', [
      { product_id: p!, count: 10, price: 30 },
      { product_id: q!, count: 5, price: 8 },
    ]);
    const lotP = batch.inventories.find((l: { product_id: string }) => l.product_id === p).id;
    const lotQ = batch.inventories.find((l: { product_id: string }) => l.product_id === q).id;
    const direct = await ok(
      call(u, 'POST', 'inventory/', { product_id: p, count: 4, price: 35, date: '2024-01-05' }),
      201,
    );
    await ok(call(u, 'POST', 'inventory_batch/', { batch: [{ id: lotP, product_id: p, count: 12, price: 30 }] }));
    await ok(call(u, 'PATCH', `inventory/${lotP}/`, { count: 11 }));
    const sold = await ok(
      call(u, 'POST', 'other_realization_batch/', {
        batch: [
          { product_id: p, count: 6, marketplace: 'OZON', realization_price: 90 },
          { product_id: p, count: 1, marketplace: 'WB', realization_price: 90 },
        ],
      }),
    );
    const [first, second] = sold.results.map((r: { id: string }) => r.id);
    await ok(call(u, 'PATCH', 'other_realization_batch/', { id: first, count: 3 }));
    expect((await call(u, 'DELETE', `other_realization_batch/${second}/`)).statusCode).toBe(204);
    await ok(call(u, 'PATCH', `batch/${batch.id}/`, { inventory_ids: [lotP] }));

    const all: Movement[] = (await ok(call(u, 'GET', `products/${p}/movements/?page_size=200`))).results;
    const lots = await ok(call(u, 'GET', `inventory/${p}/`));
    const sums = new Map<string, number>();
    for (const m of all) sums.set(m.lot_id, (sums.get(m.lot_id) ?? 0) + m.delta);
    expect(Object.fromEntries(sums)).toEqual(
      Object.fromEntries(lots.map((l: { id: string; count: number }) => [l.id, l.count])),
    );
    // The direct receipt is the oldest lot: the outflow drew on it first.
    expect(lots.map((l: { id: string; count: number }) => [l.id, l.count])).toEqual([
      [direct.id, 1],
      [lotP, 11],
    ]);
    expect(new Set(all.map((m) => m.reason))).toEqual(
      new Set(['receipt', 'correction', 'other_realization', 'reversal']),
    );
    expect(all.filter((m) => m.reason === 'receipt').map((m) => [m.lot_id, m.delta, m.unit_cost])).toEqual(
      expect.arrayContaining([
        [direct.id, 4, 35],
        [lotP, 10, 30],
      ]),
    );
    expect(
      all.filter((m) => m.source_table === 'other_realizations').every((m) => [first, second].includes(m.source_id)),
    ).toBe(true);

    // Bita's lot was dropped from the batch: it leaves stock in the ledger too.
    const bita: Movement[] = (await ok(call(u, 'GET', `products/${q}/movements/`))).results;
    expect(bita.map((m) => [m.lot_id, m.reason, m.delta])).toEqual([
      [lotQ, 'removal', -5],
      [lotQ, 'receipt', 5],
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('pages newest first with a total', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Напильник']);
    const lots = [];
    for (const count of [1, 2, 3])
      lots.push((await ok(call(u, 'POST', 'inventory/', { product_id: p, count, price: 1 }), 201)).id);
    const page = async (n: number) => ok(call(u, 'GET', `products/${p}/movements/?page=${n}&page_size=2`));
    const [one, two] = [await page(1), await page(2)];
    expect(one.total).toBe(3);
    expect([...one.results, ...two.results].map((m: Movement) => m.lot_id)).toEqual([...lots].reverse());
    expect(one.results[0]).toMatchObject({
      product_id: p,
      delta: 3,
      reason: 'receipt',
      source_table: 'lots',
      unit_cost: 1,
    });
  });

  it("answers 404 for another user's or a missing product, and 400 for bad input", async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    const [p] = await addProducts(app, owner, ['Тиски']);
    await ok(call(owner, 'POST', 'inventory/', { product_id: p, count: 1, price: 1 }), 201);
    const foreign = expectProblem(await call(intruder, 'GET', `products/${p}/movements/`), 404, 'not_found');
    expect(expectProblem(await call(intruder, 'GET', `products/${newId()}/movements/`), 404, 'not_found').detail).toBe(
      foreign.detail,
    );
    for (const q of ['page=0', 'page_size=1000', 'page=x'])
      expectProblem(await call(owner, 'GET', `products/${p}/movements/?${q}`), 400, 'validation_failed');
    expectProblem(await call(owner, 'GET', 'products/abc/movements/'), 400, 'validation_failed');
  });
});
