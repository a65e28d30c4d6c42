import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { heldBy, lotCounts, noContent, outflowSnapshot, receiveLot } from './helpers/outflows.ts';
import { addProducts, productsCall, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const reserve = (u: TestUser, product: string, count: number, price = 100) =>
  ok(call(u, 'POST', 'reserve/', { product, count, price }), 201);
const sell = (u: TestUser, product: string, count: number, realization_price = 500) =>
  ok(call(u, 'POST', 'realization/', { product, count, realization_price }), 201);
const held = (id: string) => heldBy(app, { table: 'realizations', id });
const figures = async (u: TestUser, product: string) => {
  const { product_wh } = await ok(productsCall(app, u, 'GET', `product/${product}/`));
  return { count: product_wh.count, reserve: product_wh.reserve };
};

/** A product with two lots: `cheap` 2 × 100 ₽ (January) and `dear` 3 × 200 ₽ (February), received out of order. */
async function twoLots(u: TestUser, name = 'Товар') {
  const [product] = await addProducts(app, u, [name]);
  const dear = await receiveLot(app, u, product!, 3, 200, '2024-02-01');
  const cheap = await receiveLot(app, u, product!, 2, 100, '2024-01-01');
  return { product: product!, cheap, dear };
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('reserves', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(app);
  });

  it('sets free units aside, at most what is free', async () => {
    const { product } = await twoLots(u);
    const first = await reserve(u, product, 3, 450);
    expect(first).toMatchObject({ product, count: 3, price: 450, status: 'active' });
    expect(await figures(u, product)).toEqual({ count: 5, reserve: 3 });
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'POST', 'reserve/', { product, count: 3, price: 1 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 2 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    await reserve(u, product, 2);
    expectProblem(await call(u, 'POST', 'reserve/', { product, count: 1, price: 1 }), 409, 'insufficient_stock');
    // Reserved units are not free for any outflow either.
    expectProblem(
      await call(u, 'POST', 'realization/', { product, count: 1, realization_price: 1 }),
      409,
      'insufficient_stock',
    );
    expectProblem(
      await call(u, 'POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1 }),
      409,
      'insufficient_stock',
    );
    const list = await ok(call(u, 'GET', `reserve/${product}/`));
    expect(list).toHaveLength(2);
    expect(list[1].id).toBe(first.id);
  });

  it('a count increase may use the free units plus its own', async () => {
    const { product } = await twoLots(u);
    const r = await reserve(u, product, 2);
    await reserve(u, product, 1);
    expect(await ok(call(u, 'PATCH', `reserve/${r.id}/`, { count: 4 }))).toMatchObject({ count: 4, status: 'active' });
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'PATCH', `reserve/${r.id}/`, { count: 5 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 4 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    expect(await ok(call(u, 'PATCH', `reserve/${r.id}/`, { count: 1, price: 99.9 }))).toMatchObject({
      count: 1,
      price: 99.9,
    });
  });

  it('released frees the units; released and realized are final', async () => {
    const { product } = await twoLots(u);
    const r = await reserve(u, product, 5);
    const released = await ok(call(u, 'PATCH', `reserve/${r.id}/`, { status: 'released' }));
    expect(released).toMatchObject({ status: 'released', count: 5 });
    expect(await figures(u, product)).toEqual({ count: 5, reserve: 0 });
    for (const status of ['active', 'realized']) {
      const res = await call(u, 'PATCH', `reserve/${r.id}/`, { status });
      expect(expectProblem(res, 409, 'invalid_transition').detail).toMatch(
        /^Резерв снят: перевести его в состояние «(активен|продан)» нельзя$/,
      );
    }
    expectProblem(await call(u, 'PATCH', `reserve/${r.id}/`, { count: 1 }), 409, 'reserve_closed');
    // Repeating what already holds is not a change.
    expect(await ok(call(u, 'PATCH', `reserve/${r.id}/`, { status: 'released', count: 5 }))).toMatchObject({
      status: 'released',
      version: released.version,
    });
  });

  it('realized sells the reserve’s units: a realization at the reserve price, cost from the lots taken', async () => {
    const { product, cheap, dear } = await twoLots(u);
    // Every unit is reserved: realizing must still take them, as they are this reserve's own.
    const r = await reserve(u, product, 5, 300);
    const body = await ok(call(u, 'PATCH', `reserve/${r.id}/`, { status: 'realized', count: 4 }));
    expect(body).toMatchObject({ id: r.id, status: 'realized', count: 4, price: 300 });
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 0, [dear]: 1 });
    expect(await figures(u, product)).toEqual({ count: 1, reserve: 0 });
    const [sale] = await ok(call(u, 'GET', `realization/${product}/`));
    // (2 × 100 + 2 × 200) / 4
    expect(sale).toMatchObject({ product, count: 4, price: 150, realization_price: 300, status: 'completed' });
    expect(await held(sale.id)).toEqual({ [cheap]: 2, [dear]: 2 });
    expectProblem(await call(u, 'PATCH', `reserve/${r.id}/`, { status: 'released' }), 409, 'invalid_transition');
    expectProblem(await call(u, 'PATCH', `reserve/${r.id}/`, { price: 1 }), 409, 'reserve_closed');
    // Deleting the reserve leaves the sale and its stock alone.
    await noContent(call(u, 'DELETE', `reserve/${r.id}/delete/`));
    expect(await ok(call(u, 'GET', `reserve/${product}/`))).toEqual([]);
    expect(await ok(call(u, 'GET', `realization/${product}/`))).toHaveLength(1);
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 0, [dear]: 1 });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('deleting an active reserve frees its units', async () => {
    const { product } = await twoLots(u);
    const r = await reserve(u, product, 5);
    await noContent(call(u, 'DELETE', `reserve/${r.id}/delete/`));
    expect(await figures(u, product)).toEqual({ count: 5, reserve: 0 });
    expectProblem(await call(u, 'DELETE', `reserve/${r.id}/delete/`), 404, 'not_found');
    expectProblem(await call(u, 'PATCH', `reserve/${r.id}/`, { status: 'released' }), 404, 'not_found');
    await sell(u, product, 5);
  });

  it('keeps a client-made id', async () => {
    const { product } = await twoLots(u);
    const id = newId();
    expect((await ok(call(u, 'POST', 'reserve/', { id, product, count: 1, price: 1 }), 201)).id).toBe(id);
    expectProblem(await call(u, 'POST', 'reserve/', { id, product, count: 1, price: 1 }), 409, 'duplicate');
  });
});

describe('realizations', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(app);
  });

  it('records the cost of goods from the lots consumed, FIFO', async () => {
    const { product, cheap, dear } = await twoLots(u);
    const one = await ok(
      call(u, 'POST', 'realization/', { product, count: 1, price: 999, realization_price: 250 }),
      201,
    );
    expect(one).toMatchObject({ product, count: 1, price: 100, realization_price: 250, status: 'completed' });
    const three = await sell(u, product, 3);
    // 1 × 100 + 2 × 200 = 500 for 3 units
    expect(three.price).toBe(166.67);
    expect(await held(three.id)).toEqual({ [cheap]: 1, [dear]: 2 });
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 0, [dear]: 1 });
    const list = await ok(call(u, 'GET', `realization/${product}/`));
    expect(list.map((r: { id: string }) => r.id)).toEqual([three.id, one.id]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('refuses an overdraw with 409 naming the available units and changes nothing', async () => {
    const { product } = await twoLots(u);
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'POST', 'realization/', { product, count: 6, realization_price: 1 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 5 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });

  it('a count edit takes the units again and recomputes the cost', async () => {
    const { product, cheap, dear } = await twoLots(u);
    const sale = await sell(u, product, 1);
    const more = await ok(call(u, 'PATCH', `realization/${sale.id}/`, { count: 4, price: 1, realization_price: 333 }));
    expect(more).toMatchObject({ count: 4, price: 150, realization_price: 333 });
    expect(await held(sale.id)).toEqual({ [cheap]: 2, [dear]: 2 });
    const fewer = await ok(call(u, 'PATCH', `realization/${sale.id}/`, { count: 2 }));
    expect(fewer).toMatchObject({ count: 2, price: 100 });
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 0, [dear]: 3 });
    const before = await outflowSnapshot(app, u.id);
    expectProblem(await call(u, 'PATCH', `realization/${sale.id}/`, { count: 6 }), 409, 'insufficient_stock');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });

  it('cancelling puts the units back for good', async () => {
    const { product, cheap, dear } = await twoLots(u);
    const sale = await sell(u, product, 3);
    const cancelled = await ok(call(u, 'PATCH', `realization/${sale.id}/`, { status: 'cancelled' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', count: 3 });
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 2, [dear]: 3 });
    expect(await held(sale.id)).toEqual({});
    const back = await call(u, 'PATCH', `realization/${sale.id}/`, { status: 'completed' });
    expect(expectProblem(back, 409, 'invalid_transition').detail).toBe(
      'Продажа отменена: перевести её в состояние «проведена» нельзя',
    );
    expectProblem(await call(u, 'PATCH', `realization/${sale.id}/`, { count: 1 }), 409, 'realization_cancelled');
    expectProblem(
      await call(u, 'PATCH', `realization/${sale.id}/`, { realization_price: 1 }),
      409,
      'realization_cancelled',
    );
    expect(await ok(call(u, 'PATCH', `realization/${sale.id}/`, { status: 'cancelled' }))).toMatchObject({
      version: cancelled.version,
    });
    // Deleting a cancelled sale gives nothing back twice.
    await noContent(call(u, 'DELETE', `realization/${sale.id}/delete/`));
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 2, [dear]: 3 });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('deleting a sale puts back exactly the units it took', async () => {
    const { product, cheap, dear } = await twoLots(u);
    const first = await sell(u, product, 1);
    const before = await lotCounts(app, product);
    const second = await sell(u, product, 3);
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 0, [dear]: 1 });
    await noContent(call(u, 'DELETE', `realization/${second.id}/delete/`));
    expect(await lotCounts(app, product)).toEqual(before);
    await noContent(call(u, 'DELETE', `realization/${first.id}/delete/`));
    expect(await lotCounts(app, product)).toEqual({ [cheap]: 2, [dear]: 3 });
    expect(await ok(call(u, 'GET', `realization/${product}/`))).toEqual([]);
    expectProblem(await call(u, 'DELETE', `realization/${first.id}/delete/`), 404, 'not_found');
  });

  it('keeps a client-made id', async () => {
    const { product } = await twoLots(u);
    const id = newId();
    expect((await ok(call(u, 'POST', 'realization/', { id, product, count: 1, realization_price: 1 }), 201)).id).toBe(
      id,
    );
    expectProblem(
      await call(u, 'POST', 'realization/', { id, product, count: 1, realization_price: 1 }),
      409,
      'duplicate',
    );
  });
});

describe('concurrent outflows', () => {
  it('never take or set aside more than the stock, however they interleave', async () => {
    const u = await signUp(app);
    const { product } = await twoLots(u);
    const calls = Array.from({ length: 12 }, (_, i) => {
      const body = [
        ['POST', 'reserve/', { product, count: 1, price: 1 }],
        ['POST', 'disposal/', { product_id: product, count: 1, price: 0 }],
        ['POST', 'realization/', { product, count: 1, realization_price: 1 }],
        ['POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1 }],
      ][i % 4] as [Method, string, unknown];
      return call(u, ...body);
    });
    const answers = await Promise.all(calls);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('insufficient_stock');
    const { count, reserve: reserved } = await figures(u, product);
    const reserves = answers.filter((r, i) => i % 4 === 0 && r.statusCode === 201).length;
    // Each success either set a unit aside or took one: what is left on hand is exactly what is reserved.
    expect({ count, reserved }).toEqual({ count: reserves, reserved: reserves });
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('reserve and realization authorization and bad input', () => {
  let a: TestUser;
  let b: TestUser;
  let product: string;
  let reserveId: string;
  let saleId: string;

  beforeAll(async () => {
    a = await signUp(app);
    b = await signUp(app);
    ({ product } = await twoLots(a));
    reserveId = (await reserve(a, product, 1)).id;
    saleId = (await sell(a, product, 1)).id;
  });

  it('answers 404 to another user for every read and write, and changes nothing', async () => {
    const before = await outflowSnapshot(app, a.id);
    for (const res of [
      await call(b, 'GET', `reserve/${product}/`),
      await call(b, 'POST', 'reserve/', { product, count: 1, price: 1 }),
      await call(b, 'PATCH', `reserve/${reserveId}/`, { count: 2 }),
      await call(b, 'PATCH', `reserve/${reserveId}/`, { status: 'realized' }),
      await call(b, 'DELETE', `reserve/${reserveId}/delete/`),
      await call(b, 'GET', `realization/${product}/`),
      await call(b, 'POST', 'realization/', { product, count: 1, realization_price: 1 }),
      await call(b, 'PATCH', `realization/${saleId}/`, { count: 2 }),
      await call(b, 'PATCH', `realization/${saleId}/`, { status: 'cancelled' }),
      await call(b, 'DELETE', `realization/${saleId}/delete/`),
    ])
      expectProblem(res, 404, 'not_found');
    expect(await outflowSnapshot(app, a.id)).toEqual(before);
  });

  it('answers 400 problem+json in Russian for bad input', async () => {
    const bad: [Method, string, unknown][] = [
      ['POST', 'reserve/', { product, count: 0, price: 1 }],
      ['POST', 'reserve/', { product, count: 1 }],
      ['POST', 'reserve/', { product_id: product, count: 1, price: 1 }],
      ['POST', 'reserve/', { product, count: 1, price: 1, status: 'released' }],
      ['PATCH', `reserve/${reserveId}/`, { status: 'sold' }],
      ['PATCH', `reserve/${reserveId}/`, { count: 2.5 }],
      ['DELETE', 'reserve/abc/delete/', undefined],
      ['GET', 'reserve/abc/', undefined],
      ['POST', 'realization/', { product, count: 1 }],
      ['POST', 'realization/', { product, count: -1, realization_price: 1 }],
      ['POST', 'realization/', { product, count: 1, realization_price: 1, status: 'cancelled' }],
      ['PATCH', `realization/${saleId}/`, { status: 'refunded' }],
      ['PATCH', `realization/${saleId}/`, { realization_price: -5 }],
      ['DELETE', 'realization/abc/delete/', undefined],
      ['GET', 'realization/abc/', undefined],
    ];
    for (const [method, url, payload] of bad)
      expectProblem(await call(a, method, url, payload), 400, 'validation_failed');
    expectProblem(await call(a, 'POST', 'reserve/', { product: newId(), count: 1, price: 1 }), 404, 'not_found');
    expectProblem(
      await call(a, 'POST', 'realization/', { product: newId(), count: 1, realization_price: 1 }),
      404,
      'not_found',
    );
    expectProblem(await call(a, 'GET', `reserve/${newId()}/`), 404, 'not_found');
    expectProblem(await call(a, 'GET', `realization/${newId()}/`), 404, 'not_found');
  });
});
