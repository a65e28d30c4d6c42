import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts, seeder, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok, onHand, receiveBatch, stockSnapshot } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const line = (product_id: string, count: number, extra: Record<string, unknown> = {}) => ({
  product_id,
  count,
  marketplace: 'OZON',
  realization_price: 500,
  ...extra,
});
const save = (u: TestUser, batch: unknown[]) => call(u, 'POST', 'other_realization_batch/', { batch });

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

/** A user with one product in three lots: 2 at 10 (January), 3 at 20 (February), 5 at 40 (March). */
async function stocked() {
  const u = await signUp(app);
  const [p] = await addProducts(app, u, ['Фонарь']);
  await receiveBatch(app, u, '2024-03-01', [{ product_id: p!, count: 5, price: 40 }]);
  await receiveBatch(app, u, '2024-01-01', [{ product_id: p!, count: 2, price: 10 }]);
  await receiveBatch(app, u, '2024-02-01', [{ product_id: p!, count: 3, price: 20 }]);
  return { u, p: p! };
}

describe('other realizations', () => {
  it('takes units oldest lot first and is valued at their unit cost', async () => {
    const { u, p } = await stocked();
    const id = newId();
    const body = await ok(
      save(u, [line(p, 3, { id, description: 'Подарок', marketplace: 'Other', realization_price: 0 })]),
    );
    // 2 × 10 + 1 × 20 = 40 for 3 units.
    expect(body.results).toEqual([
      expect.objectContaining({
        id,
        product_id: p,
        count: 3,
        price: 13.33,
        realization_price: 0,
        marketplace: 'Other',
        description: 'Подарок',
        release: false,
        batch_id: null,
      }),
    ]);
    expect((await ok(call(u, 'GET', `inventory/${p}/`))).map((l: { count: number }) => l.count)).toEqual([0, 2, 5]);
    const more = await ok(save(u, [line(p, 4)]));
    expect(more.results[0].price).toBe(30); // 2 × 20 + 2 × 40 = 120 for 4 units
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('other realizations: lines', () => {
  it('refuses an overdraw with 409 naming the available quantity, and keeps earlier lines out too', async () => {
    const { u, p } = await stocked();
    const before = await stockSnapshot(app, u.id);
    const refused = expectProblem(await save(u, [line(p, 4), line(p, 7)]), 409, 'insufficient_stock');
    expect(refused.detail).toBe('Строка 2: Недостаточно товара на складе: доступно 6 шт.');
    expect(expectProblem(await save(u, [line(p, 11)]), 409, 'insufficient_stock').detail).toContain('доступно 10 шт.');
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });

  it('leaves units set aside by active reserves alone', async () => {
    const { u, p } = await stocked();
    await seeder(app, u).reserve(p, 8);
    expect(expectProblem(await save(u, [line(p, 3)]), 409, 'insufficient_stock').detail).toContain('доступно 2 шт.');
    expect((await ok(save(u, [line(p, 2)]))).results[0].price).toBe(10);
  });

  it('retakes an existing row with its new count when sent again', async () => {
    const { u, p } = await stocked();
    const [row] = (await ok(save(u, [line(p, 1)]))).results;
    expect(row.price).toBe(10);
    const again = await ok(save(u, [line(p, 4, { id: row.id, marketplace: 'YM', realization_price: 250 })]));
    expect(again.results[0]).toMatchObject({
      id: row.id,
      count: 4,
      price: 15,
      marketplace: 'YM',
      realization_price: 250,
    });
    expect(await onHand(app, u.id, p)).toBe(6);
    expect(await ok(call(u, 'GET', `other_realization_batch/?product_id=${p}`))).toEqual([
      expect.objectContaining({ id: row.id, count: 4 }),
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('PATCH and DELETE', () => {
  it('patches fields, retaking only when count or product changes', async () => {
    const { u, p } = await stocked();
    const [q] = await addProducts(app, u, ['Батарейка']);
    await receiveBatch(app, u, '2024-01-01', [{ product_id: q!, count: 10, price: 3 }]);
    const [row] = (await ok(save(u, [line(p, 2)]))).results;
    const before = await stockSnapshot(app, u.id);
    const patched = await ok(
      call(u, 'PATCH', 'other_realization_batch/', {
        id: row.id,
        description: 'Маркетинг',
        release: true,
        realization_price: 1,
      }),
    );
    expect(patched).toMatchObject({
      count: 2,
      price: 10,
      description: 'Маркетинг',
      release: true,
      realization_price: 1,
    });
    expect((await stockSnapshot(app, u.id)).movements).toBe(before.movements);
    expect(await ok(call(u, 'PATCH', 'other_realization_batch/', { id: row.id, count: 5 }))).toMatchObject({
      count: 5,
      price: 16,
    });
    expect(
      await ok(call(u, 'PATCH', 'other_realization_batch/', { id: row.id, product_id: q, count: 1 })),
    ).toMatchObject({ product_id: q, count: 1, price: 3 });
    expect(await onHand(app, u.id, p)).toBe(10);
    expect(await onHand(app, u.id, q!)).toBe(9);
    const overdraw = await call(u, 'PATCH', 'other_realization_batch/', { id: row.id, count: 11 });
    expect(expectProblem(overdraw, 409, 'insufficient_stock').detail).toContain('доступно 10 шт.');
    expect(await onHand(app, u.id, q!)).toBe(9);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('deleting puts the units back into exactly the lots they came from', async () => {
    const { u, p } = await stocked();
    const [row] = (await ok(save(u, [line(p, 6)]))).results;
    expect((await ok(call(u, 'GET', `inventory/${p}/`))).map((l: { count: number }) => l.count)).toEqual([0, 0, 4]);
    // An even older lot arrives meanwhile: FIFO would refill it first, the put-back must not.
    await receiveBatch(app, u, '2023-12-01', [{ product_id: p, count: 1, price: 5 }]);
    const lots = await ok(call(u, 'GET', `inventory/${p}/`));
    const res = await call(u, 'DELETE', `other_realization_batch/${row.id}/`);
    expect(res.statusCode, res.body).toBe(204);
    expect(
      (await ok(call(u, 'GET', `inventory/${p}/`))).map((l: { id: string; count: number }) => [l.id, l.count]),
    ).toEqual([
      [lots[0].id, 1],
      [lots[1].id, 2],
      [lots[2].id, 3],
      [lots[3].id, 5],
    ]);
    expect(await ok(call(u, 'GET', `other_realization_batch/?product_id=${p}`))).toEqual([]);
    expectProblem(await call(u, 'DELETE', `other_realization_batch/${row.id}/`), 404, 'not_found');
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('another user', () => {
  it("gets 404 for the owner's other realizations and products on every read and write", async () => {
    const { u: owner, p } = await stocked();
    const intruder = await signUp(app);
    const [row] = (await ok(save(owner, [line(p, 1)]))).results;
    const before = await stockSnapshot(app, owner.id);
    const missing = expectProblem(
      await call(intruder, 'DELETE', `other_realization_batch/${newId()}/`),
      404,
      'not_found',
    ).detail;
    for (const res of [
      await call(intruder, 'DELETE', `other_realization_batch/${row.id}/`),
      await call(intruder, 'PATCH', 'other_realization_batch/', { id: row.id, count: 2 }),
    ])
      expect(expectProblem(res, 404, 'not_found').detail).toBe(missing);
    expectProblem(await call(intruder, 'GET', `other_realization_batch/?product_id=${p}`), 404, 'not_found');
    expectProblem(await save(intruder, [line(p, 1)]), 404, 'not_found');
    expectProblem(await save(intruder, [line(p, 1, { id: row.id })]), 404, 'not_found');
    expect(await stockSnapshot(app, owner.id)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 400 problem+json and changes nothing', async () => {
    const { u, p } = await stocked();
    const [row] = (await ok(save(u, [line(p, 1)]))).results;
    const before = await stockSnapshot(app, u.id);
    const bad: [Method, string, unknown][] = [
      ['POST', 'other_realization_batch/', { batch: [line(p, 0)] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, -1)] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1.5)] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1, { marketplace: undefined })] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1, { marketplace: 'Avito' })] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1, { realization_price: -5 })] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1, { price: 5 })] }],
      ['POST', 'other_realization_batch/', { batch: [line(p, 1, { date: '2024-01-01' })] }],
      ['POST', 'other_realization_batch/', { batch: [] }],
      ['POST', 'other_realization_batch/', [line(p, 1)]],
      ['PATCH', 'other_realization_batch/', { count: 2 }],
      ['PATCH', 'other_realization_batch/', { id: row.id, count: '2' }],
      ['PATCH', 'other_realization_batch/', { id: row.id, count: 0 }],
      // price (FIFO cost) sent back with the row is ignored: an unknown field is refused.
      ['PATCH', 'other_realization_batch/', { id: row.id, cost: 1 }],
      ['DELETE', 'other_realization_batch/xyz/', undefined],
    ];
    for (const [method, url, body] of bad) expectProblem(await call(u, method, url, body), 400, 'validation_failed');
    expectProblem(await call(u, 'GET', 'other_realization_batch/'), 400, 'validation_failed');
    expectProblem(await call(u, 'GET', 'other_realization_batch/?product_id=1'), 400, 'validation_failed');
    expectProblem(await save(u, [line(p, 1, { id: row.id }), line(p, 1, { id: row.id })]), 400, 'line_repeated');
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });
});
