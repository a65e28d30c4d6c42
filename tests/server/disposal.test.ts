import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { heldBy, lotCounts, outflowSnapshot, receiveLot } from './helpers/outflows.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const dispose = (u: TestUser, body: Record<string, unknown>) =>
  ok(call(u, 'POST', 'disposal/', { price: 0, ...body }), 201);
const held = (id: string) => heldBy(app, { table: 'disposals', id });

/** A product with two lots received out of order: `early` (3 × 10 ₽, January) and `late` (5 × 20 ₽, February). */
async function twoLots(u: TestUser, name = 'Товар') {
  const [product] = await addProducts(app, u, [name]);
  const late = await receiveLot(app, u, product!, 5, 20, '2024-02-01');
  const early = await receiveLot(app, u, product!, 3, 10, '2024-01-01');
  return { product: product!, early, late };
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('disposal create', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(app);
  });

  it('takes units from the earliest receipt first and remembers which lots it took from', async () => {
    const { product, early, late } = await twoLots(u);
    const body = await dispose(u, { product_id: product, count: 4, price: 7.5, description: 'Бой' });
    expect(body).toMatchObject({ product_id: product, count: 4, price: 7.5, description: 'Бой', batch_id: null });
    expect(body._id).toBe(body.id);
    expect(await lotCounts(app, product)).toEqual({ [early]: 0, [late]: 4 });
    expect(await held(body.id)).toEqual({ [early]: 3, [late]: 1 });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('takes from the named lot only', async () => {
    const { product, early, late } = await twoLots(u);
    const body = await dispose(u, { product_id: product, count: 2, lot_id: late });
    expect(await lotCounts(app, product)).toEqual({ [early]: 3, [late]: 3 });
    expect(await held(body.id)).toEqual({ [late]: 2 });
    const res = await call(u, 'POST', 'disposal/', { product_id: product, count: 4, price: 0, lot_id: late });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('В выбранной партии осталось только 3 шт.');
  });

  it('refuses an overdraw with 409 naming the available units and changes nothing', async () => {
    const { product } = await twoLots(u);
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'POST', 'disposal/', { product_id: product, count: 9, price: 0 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 8 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });

  it('cannot take units set aside by an active reserve', async () => {
    const { product } = await twoLots(u);
    await ok(call(u, 'POST', 'reserve/', { product, count: 6, price: 100 }), 201);
    const res = await call(u, 'POST', 'disposal/', { product_id: product, count: 3, price: 0 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 2 шт.');
    await dispose(u, { product_id: product, count: 2 });
  });

  it('keeps a client-made id and refuses it a second time', async () => {
    const { product, early } = await twoLots(u);
    const id = newId();
    expect((await dispose(u, { id, product_id: product, count: 1 })).id).toBe(id);
    expectProblem(
      await call(u, 'POST', 'disposal/', { id, product_id: product, count: 1, price: 0 }),
      409,
      'duplicate',
    );
    expect(await held(id)).toEqual({ [early]: 1 });
  });

  it('answers 404 for a product or lot that does not exist', async () => {
    const { product } = await twoLots(u);
    expectProblem(await call(u, 'POST', 'disposal/', { product_id: newId(), count: 1, price: 0 }), 404, 'not_found');
    expectProblem(
      await call(u, 'POST', 'disposal/', { product_id: product, count: 1, price: 0, lot_id: newId() }),
      404,
      'not_found',
    );
    const other = await twoLots(u, 'Другой');
    // A lot of another product is not this product's lot.
    expectProblem(
      await call(u, 'POST', 'disposal/', { product_id: product, count: 1, price: 0, lot_id: other.early }),
      404,
      'not_found',
    );
  });
});

describe('disposal edit and delete', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(app);
  });

  it('a count edit puts the units back and takes the new count again, FIFO', async () => {
    const { product, early, late } = await twoLots(u);
    const { id } = await dispose(u, { product_id: product, count: 2 });
    expect(await held(id)).toEqual({ [early]: 2 });
    const up = await ok(call(u, 'PATCH', `disposal/${id}/`, { count: 6 }));
    expect(up).toMatchObject({ id, count: 6 });
    expect(await held(id)).toEqual({ [early]: 3, [late]: 3 });
    expect(await lotCounts(app, product)).toEqual({ [early]: 0, [late]: 2 });
    await ok(call(u, 'PATCH', `disposal/${id}/`, { count: 1 }));
    expect(await held(id)).toEqual({ [early]: 1 });
    expect(await lotCounts(app, product)).toEqual({ [early]: 2, [late]: 5 });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('an edit of price or description alone leaves stock alone', async () => {
    const { product } = await twoLots(u);
    const { id } = await dispose(u, { product_id: product, count: 2 });
    const before = await outflowSnapshot(app, u.id);
    const body = await ok(call(u, 'PATCH', `disposal/${id}/`, { price: 12.3, description: 'Истёк срок', count: 2 }));
    expect(body).toMatchObject({ price: 12.3, description: 'Истёк срок', count: 2 });
    const after = await outflowSnapshot(app, u.id);
    expect(after.movements).toBe(before.movements);
    expect(after.lotRows).toEqual(before.lotRows);
  });

  it('an edit beyond the stock is refused with 409 and changes nothing', async () => {
    const { product } = await twoLots(u);
    const { id } = await dispose(u, { product_id: product, count: 2 });
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'PATCH', `disposal/${id}/`, { count: 9 });
    // Its own 2 units count as available to it.
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 8 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });

  it('moving a disposal to another product returns its units and takes them from the other product', async () => {
    const a = await twoLots(u, 'А');
    const b = await twoLots(u, 'Б');
    const { id } = await dispose(u, { product_id: a.product, count: 4 });
    const body = await ok(call(u, 'PATCH', `disposal/${id}/`, { product_id: b.product }));
    expect(body.product_id).toBe(b.product);
    expect(await lotCounts(app, a.product)).toEqual({ [a.early]: 3, [a.late]: 5 });
    expect(await lotCounts(app, b.product)).toEqual({ [b.early]: 0, [b.late]: 4 });
  });

  it('deleting puts back exactly the units it took, to the lots it took them from', async () => {
    const { product, early, late } = await twoLots(u);
    const first = await dispose(u, { product_id: product, count: 2, lot_id: late });
    const before = await lotCounts(app, product);
    const second = await dispose(u, { product_id: product, count: 4 });
    expect(await lotCounts(app, product)).toEqual({ [early]: 0, [late]: 2 });
    expect(await ok(call(u, 'DELETE', 'disposal/', { ids: [second.id] }))).toEqual({ deleted_ids: [second.id] });
    expect(await lotCounts(app, product)).toEqual(before);
    // The named-lot disposal gives its units back to that lot, not to the earliest one.
    await ok(call(u, 'DELETE', 'disposal/', { ids: [first.id, first.id] }));
    expect(await lotCounts(app, product)).toEqual({ [early]: 3, [late]: 5 });
    const list = await ok(call(u, 'GET', `disposal/${product}/`));
    expect(list).toEqual({ results: [], total: 0 });
    expectProblem(await call(u, 'PATCH', `disposal/${first.id}/`, { count: 1 }), 404, 'not_found');
    expectProblem(await call(u, 'DELETE', 'disposal/', { ids: [first.id] }), 404, 'not_found');
    await expectLedgerMatchesLots(app, u.id);
  });

  it('deletes all listed disposals or none', async () => {
    const { product } = await twoLots(u);
    const { id } = await dispose(u, { product_id: product, count: 1 });
    const before = await outflowSnapshot(app, u.id);
    expectProblem(await call(u, 'DELETE', 'disposal/', { ids: [id, newId()] }), 404, 'not_found');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });
});

describe('disposal list', () => {
  it('pages the product’s disposals newest first', async () => {
    const u = await signUp(app);
    const { product } = await twoLots(u);
    const ids = [];
    for (let i = 1; i <= 3; i++) ids.push((await dispose(u, { product_id: product, count: 1, price: i })).id);
    const page1 = await ok(call(u, 'GET', `disposal/${product}/?page=1&page_size=2`));
    expect(page1.total).toBe(3);
    expect(page1.results.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const page2 = await ok(call(u, 'GET', `disposal/${product}/?page=2&page_size=2`));
    expect(page2.results.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect((await ok(call(u, 'GET', `disposal/${product}/`))).results).toHaveLength(3);
    expectProblem(await call(u, 'GET', `disposal/${newId()}/`), 404, 'not_found');
  });
});

describe('disposal authorization and bad input', () => {
  let a: TestUser;
  let b: TestUser;
  let product: string;
  let early: string;
  let disposalId: string;

  beforeAll(async () => {
    a = await signUp(app);
    b = await signUp(app);
    ({ product, early } = await twoLots(a));
    disposalId = (await dispose(a, { product_id: product, count: 1 })).id;
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/disposal/${product}/` });
    expectProblem(res, 401, 'token_missing');
  });

  it('answers 404 to another user for every read and write, and changes nothing', async () => {
    const before = await outflowSnapshot(app, a.id);
    const [own] = await addProducts(app, b, ['Свой']);
    await receiveLot(app, b, own!, 5, 1);
    for (const res of [
      await call(b, 'GET', `disposal/${product}/`),
      await call(b, 'POST', 'disposal/', { product_id: product, count: 1, price: 0 }),
      await call(b, 'POST', 'disposal/', { product_id: own, count: 1, price: 0, lot_id: early }),
      await call(b, 'PATCH', `disposal/${disposalId}/`, { count: 2 }),
      await call(b, 'PATCH', `disposal/${disposalId}/`, { description: 'чужое' }),
      await call(b, 'DELETE', 'disposal/', { ids: [disposalId] }),
    ])
      expectProblem(res, 404, 'not_found');
    // Another user's id is not free to reuse either.
    expectProblem(
      await call(b, 'POST', 'disposal/', { id: disposalId, product_id: own, count: 1, price: 0 }),
      409,
      'duplicate',
    );
    expect(await outflowSnapshot(app, a.id)).toEqual(before);
  });

  it('answers 400 problem+json in Russian for bad input', async () => {
    const bad: [Method, string, unknown][] = [
      ['POST', 'disposal/', { product_id: product, count: 0, price: 0 }],
      ['POST', 'disposal/', { product_id: product, count: 1.5, price: 0 }],
      ['POST', 'disposal/', { product_id: product, count: 1, price: -1 }],
      ['POST', 'disposal/', { product_id: product, count: 1 }],
      ['POST', 'disposal/', { product_id: 'не-uuid', count: 1, price: 0 }],
      ['POST', 'disposal/', { product_id: product, count: 1, price: 0, extra: true }],
      ['POST', 'disposal/', { product_id: product, count: 1e12, price: 0 }],
      ['POST', 'disposal/', [1, 2]],
      ['PATCH', `disposal/${disposalId}/`, { count: -1 }],
      ['PATCH', `disposal/${disposalId}/`, { price: 'дорого' }],
      ['PATCH', 'disposal/123/', { count: 1 }],
      ['DELETE', 'disposal/', { ids: [] }],
      ['DELETE', 'disposal/', { ids: ['x'] }],
      ['GET', `disposal/${product}/?page=0`, undefined],
      ['GET', `disposal/${product}/?page_size=abc`, undefined],
      ['GET', 'disposal/abc/', undefined],
    ];
    for (const [method, url, payload] of bad)
      expectProblem(await call(a, method, url, payload), 400, 'validation_failed');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/disposal/',
      payload: '{"product_id":',
      headers: { ...a.headers, 'content-type': 'application/json' },
    });
    expectProblem(malformed, 400, 'malformed_json');
  });
});
