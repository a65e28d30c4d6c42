import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts, productsCall, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok, onHand, receiveBatch, stockSnapshot } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const receive = (u: TestUser, body: Record<string, unknown>) => ok(call(u, 'POST', 'inventory/', body), 201);
const takeOther = (u: TestUser, product_id: string, count: number) =>
  ok(
    call(u, 'POST', 'other_realization_batch/', {
      batch: [{ product_id, count, marketplace: 'Other', realization_price: 1 }],
    }),
  );

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('inventory list and sum', () => {
  let u: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    u = await signUp(app);
    const [mug] = await addProducts(app, u, ['Кружка']);
    ids.mug = mug!;
    const withListing = await productsCall(app, u, 'POST', 'products/', {
      name: 'Ложка',
      products_mp: [
        { offer_id: 'SPOON-7', marketplace: 'OZON', market_id: '1', primary_image: 'https://cdn.example/spoon.jpg' },
      ],
    });
    ids.spoon = withListing.json().product_wh.id;
    ids.a = (await receive(u, { product_id: ids.mug, count: 5, price: 100, date: '2024-03-01' })).id;
    ids.b = (await receive(u, { product_id: ids.spoon, count: 2, price: 10.5, date: '2024-03-05T12:00:00Z' })).id;
    ids.c = (await receive(u, { product_id: ids.mug, count: 1, price: 300, date: '2024-02-10' })).id;
  });

  it('lists the newest receipt first, with the product name, pictures and articles', async () => {
    const body = await ok(call(u, 'GET', 'inventory/'));
    expect(body.total).toBe(3);
    expect(body.results.map((l: { id: string }) => l.id)).toEqual([ids.b, ids.a, ids.c]);
    expect(body.results[0]).toMatchObject({
      id: ids.b,
      _id: ids.b,
      product_id: ids.spoon,
      count: 2,
      count_max: 2,
      price: 10.5,
      created_at: '2024-03-05T12:00:00.000Z',
      is_return: false,
      batch_id: null,
      name: 'Ложка',
      images: ['https://cdn.example/spoon.jpg'],
      articles: ['SPOON-7'],
    });
    expect(body.results[1]).toMatchObject({
      name: 'Кружка',
      images: [],
      articles: [],
      created_at: '2024-03-01T00:00:00.000Z',
    });
  });

  it('filters by search, dates, ids and is_return, and pages', async () => {
    const idsOf = async (q: string) => {
      const body = await ok(call(u, 'GET', `inventory/?${q}`));
      return { ids: body.results.map((l: { id: string }) => l.id), total: body.total };
    };
    expect(await idsOf('search=spoon')).toEqual({ ids: [ids.b], total: 1 });
    expect(await idsOf(`search=${encodeURIComponent('кРуж')}`)).toEqual({ ids: [ids.a, ids.c], total: 2 });
    expect(await idsOf('date_from=2024-03-01')).toEqual({ ids: [ids.b, ids.a], total: 2 });
    expect(await idsOf('date_to=2024-03-01')).toEqual({ ids: [ids.a, ids.c], total: 2 });
    expect(await idsOf('date_from=2024-02-11&date_to=2024-03-05T11:00:00Z')).toEqual({ ids: [ids.a], total: 1 });
    expect(await idsOf(`ids=${ids.c},${ids.b}`)).toEqual({ ids: [ids.b, ids.c], total: 2 });
    expect(await idsOf('is_return=true')).toEqual({ ids: [], total: 0 });
    expect(await idsOf('is_return=false')).toEqual({ ids: [ids.b, ids.a, ids.c], total: 3 });
    expect(await idsOf('page=2&page_size=2')).toEqual({ ids: [ids.c], total: 3 });
  });

  it('sums remaining units and their value over live lots', async () => {
    expect(await ok(call(u, 'GET', 'inventory/sum'))).toEqual({ count: 8, price: 821 });
  });

  it("lists a product's lots in FIFO order, optionally only those not sold out", async () => {
    const lots = await ok(call(u, 'GET', `inventory/${ids.mug}/`));
    expect(lots.map((l: { id: string }) => l.id)).toEqual([ids.c, ids.a]);
    await takeOther(u, ids.mug!, 1);
    expect(
      (await ok(call(u, 'GET', `inventory/${ids.mug}/?just_not_sold_out=true`))).map((l: { id: string }) => l.id),
    ).toEqual([ids.a]);
    expect(await ok(call(u, 'GET', 'inventory/sum'))).toEqual({ count: 7, price: 521 });
    expectProblem(await call(u, 'GET', `inventory/${newId()}/`), 404, 'not_found');
  });
});

describe('inventory writes', () => {
  it('receives a lot directly with a client id, and refuses the same id again', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Чайник']);
    const id = newId();
    const lot = await receive(u, { id, product_id: p, count: 4, price: 250 });
    expect(lot).toMatchObject({ id, count: 4, count_max: 4, price: 250, batch_id: null });
    expectProblem(await call(u, 'POST', 'inventory/', { id, product_id: p, count: 1, price: 1 }), 409, 'duplicate');
    expect(await onHand(app, u.id, p!)).toBe(4);
    expectProblem(await call(u, 'POST', 'inventory/', { product_id: newId(), count: 1, price: 1 }), 404, 'not_found');
  });

  it('edits the remaining count up to count_max and the price; refuses more than received', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Чашка']);
    const lot = await receive(u, { product_id: p, count: 10, price: 50 });
    expect(await ok(call(u, 'PATCH', `inventory/${lot.id}/`, { product_id: p, count: 7, price: 55.5 }))).toMatchObject({
      count: 7,
      count_max: 10,
      price: 55.5,
    });
    const before = await stockSnapshot(app, u.id);
    const refused = expectProblem(
      await call(u, 'PATCH', `inventory/${lot.id}/`, { count: 11 }),
      422,
      'count_above_received',
    );
    expect(refused.detail).toContain('10 шт.');
    expectProblem(await call(u, 'PATCH', `inventory/${lot.id}/`, { count: -1 }), 400, 'validation_failed');
    const [other] = await addProducts(app, u, ['Блюдце']);
    expectProblem(
      await call(u, 'PATCH', `inventory/${lot.id}/`, { product_id: other, count: 1 }),
      422,
      'lot_product_fixed',
    );
    expect(await stockSnapshot(app, u.id)).toEqual(before);
    expect(await ok(call(u, 'PATCH', `inventory/${lot.id}/`, { count: 10 }))).toMatchObject({
      count: 10,
      count_max: 10,
    });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('keeps room in a lot for the units its outflows hold, so deleting them later always fits', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Сахарница']);
    const lot = await receive(u, { product_id: p, count: 3, price: 80 });
    const sold = await takeOther(u, p!, 2);
    const before = await stockSnapshot(app, u.id);
    const refused = expectProblem(
      await call(u, 'PATCH', `inventory/${lot.id}/`, { count: 3 }),
      422,
      'count_above_received',
    );
    expect(refused.detail).toContain('1 шт.');
    expect(await stockSnapshot(app, u.id)).toEqual(before);
    expect(await ok(call(u, 'PATCH', `inventory/${lot.id}/`, { count: 0 }))).toMatchObject({ count: 0 });
    expect(await ok(call(u, 'PATCH', `inventory/${lot.id}/`, { count: 1 }))).toMatchObject({ count: 1 });
    expect((await call(u, 'DELETE', `other_realization_batch/${sold.results[0].id}/`)).statusCode).toBe(204);
    expect(await ok(call(u, 'GET', `inventory/${p}/`))).toEqual([
      expect.objectContaining({ id: lot.id, count: 3, count_max: 3 }),
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('deletes lots nothing was taken from; a lot with outflows is refused with 409 and nothing changes', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Ваза']);
    const a = await receive(u, { product_id: p, count: 3, price: 10, date: '2024-01-01' });
    const b = await receive(u, { product_id: p, count: 3, price: 20, date: '2024-01-02' });
    const c = await receive(u, { product_id: p, count: 3, price: 30, date: '2024-01-03' });
    await takeOther(u, p!, 1); // from a, the oldest
    const before = await stockSnapshot(app, u.id);
    const refused = expectProblem(
      await call(u, 'DELETE', 'inventory/', { ids: [b.id, a.id] }),
      409,
      'lot_has_outflows',
    );
    expect(refused.detail).toMatch(/нельзя удалить/);
    expect(await stockSnapshot(app, u.id)).toEqual(before);
    expect(await ok(call(u, 'DELETE', 'inventory/', { ids: [b.id, c.id, b.id] }))).toEqual({
      deleted_ids: [b.id, c.id],
    });
    expect(await onHand(app, u.id, p!)).toBe(2);
    expect((await ok(call(u, 'GET', `inventory/${p}/`))).map((l: { id: string }) => l.id)).toEqual([a.id]);
    expectProblem(await call(u, 'DELETE', 'inventory/', { ids: [b.id] }), 404, 'not_found');
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('POST /api/v1/inventory_batch/', () => {
  it('receives new lines and edits existing ones, flagging what changed', async () => {
    const u = await signUp(app);
    const [p, q] = await addProducts(app, u, ['Молоток', 'Гвозди']);
    const first = await ok(call(u, 'POST', 'inventory_batch/', { batch: [{ product_id: p, count: 2, price: 500 }] }));
    const lot = first.results[0];
    expect(lot).toMatchObject({
      product_id: p,
      count: 2,
      count_max: 2,
      price: 500,
      count_max_edited: false,
      price_edited: false,
    });
    const newLine = newId();
    const second = await ok(
      call(u, 'POST', 'inventory_batch/', {
        batch: [
          { id: lot.id, product_id: p, count: 5, price: 500 },
          { id: newLine, product_id: q, count: 100, price: 1.25 },
        ],
      }),
    );
    expect(second.results).toEqual([
      expect.objectContaining({
        id: lot.id,
        count: 5,
        count_max: 5,
        price: 500,
        count_max_edited: true,
        price_edited: false,
      }),
      expect.objectContaining({ id: newLine, product_id: q, count: 100, count_max: 100, price: 1.25 }),
    ]);
    await takeOther(u, p!, 4);
    // count_max may not fall below what was taken; above that the remaining units follow it.
    expectProblem(
      await call(u, 'POST', 'inventory_batch/', { batch: [{ id: lot.id, product_id: p, count: 3, price: 500 }] }),
      409,
      'lot_spent',
    );
    const edited = await ok(
      call(u, 'POST', 'inventory_batch/', { batch: [{ id: lot.id, product_id: p, count: 4, price: 450 }] }),
    );
    expect(edited.results[0]).toMatchObject({ count: 0, count_max: 4, price: 450, price_edited: true });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('changes nothing when one line is bad, and names the line', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Пила']);
    const existing = (
      await ok(call(u, 'POST', 'inventory_batch/', { batch: [{ product_id: p, count: 1, price: 10 }] }))
    ).results[0];
    const before = await stockSnapshot(app, u.id);
    const zero = expectProblem(
      await call(u, 'POST', 'inventory_batch/', {
        batch: [
          { product_id: p, count: 3, price: 10 },
          { product_id: p, count: 0, price: 10 },
          { product_id: p, count: 2, price: 0 },
        ],
      }),
      422,
      'line_incomplete',
    );
    expect(zero.detail).toContain('2, 3');
    expect(zero.errors).toEqual([
      expect.objectContaining({ field: 'batch.1.count' }),
      expect.objectContaining({ field: 'batch.2.price' }),
    ]);
    const foreign = expectProblem(
      await call(u, 'POST', 'inventory_batch/', {
        batch: [
          { id: existing.id, product_id: p, count: 9, price: 99 },
          { product_id: p, count: 3, price: 10 },
          { product_id: newId(), count: 1, price: 10 },
        ],
      }),
      404,
      'not_found',
    );
    expect(foreign.detail).toMatch(/^Строка 3: /);
    expectProblem(
      await call(u, 'POST', 'inventory_batch/', {
        batch: [existing, existing].map(({ id, product_id }) => ({ id, product_id, count: 1, price: 1 })),
      }),
      400,
      'line_repeated',
    );
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });
});

describe('another user', () => {
  it("gets 404 for the owner's lots and products on every read and write, and changes nothing", async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    const [p] = await addProducts(app, owner, ['Секретный товар']);
    const detail = await receiveBatch(app, owner, '2024-05-01', [{ product_id: p!, count: 3, price: 100 }]);
    const lotId = detail.inventories[0].id;
    const before = await stockSnapshot(app, owner.id);
    const refusals = [
      await call(intruder, 'GET', `inventory/${p}/`),
      await call(intruder, 'PATCH', `inventory/${lotId}/`, { count: 0 }),
      await call(intruder, 'DELETE', 'inventory/', { ids: [lotId] }),
      await call(intruder, 'POST', 'inventory/', { product_id: p, count: 1, price: 1 }),
      await call(intruder, 'POST', 'inventory_batch/', { batch: [{ id: lotId, product_id: p, count: 9, price: 1 }] }),
      await call(intruder, 'POST', 'inventory_batch/', { batch: [{ product_id: p, count: 9, price: 1 }] }),
    ];
    const missing = await call(intruder, 'PATCH', `inventory/${newId()}/`, { count: 0 });
    for (const res of refusals) expect(expectProblem(res, 404, 'not_found').detail).toBeTruthy();
    expect(expectProblem(refusals[1]!, 404, 'not_found').detail).toBe(expectProblem(missing, 404, 'not_found').detail);
    expect(await ok(call(intruder, 'GET', 'inventory/'))).toEqual({ results: [], total: 0 });
    expect(await ok(call(intruder, 'GET', `inventory/?ids=${lotId}`))).toEqual({ results: [], total: 0 });
    expect(await ok(call(intruder, 'GET', 'inventory/sum'))).toEqual({ count: 0, price: 0 });
    expect(await stockSnapshot(app, owner.id)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 4xx problem+json and changes nothing', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Гиря']);
    const lot = await receive(u, { product_id: p, count: 2, price: 5 });
    const before = await stockSnapshot(app, u.id);
    const bad: [Method, string, unknown][] = [
      ['POST', 'inventory/', { product_id: p, count: '2', price: 5 }],
      ['POST', 'inventory/', { product_id: p, count: -2, price: 5 }],
      ['POST', 'inventory/', { product_id: p, count: 1.5, price: 5 }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: -1 }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: 5, colour: 'red' }],
      ['POST', 'inventory/', { product_id: 'not-a-uuid', count: 2, price: 5 }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: 5, date: '2024-02-31' }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: 5, date: '1899-12-31' }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: 5, date: 'вчера' }],
      ['POST', 'inventory/', { product_id: p, count: 2, price: 5, date: '2024-03-01T10:00:00' }],
      ['PATCH', `inventory/${lot.id}/`, { count: 'all' }],
      ['PATCH', `inventory/${lot.id}/`, { count_max: 3 }],
      ['PATCH', 'inventory/not-a-uuid/', { count: 1 }],
      ['DELETE', 'inventory/', { ids: [] }],
      ['DELETE', 'inventory/', { ids: ['x'] }],
      // A bare list of ids is a reading the contract accepts: a bare list of anything else is not.
      ['DELETE', 'inventory/', ['x']],
      ['POST', 'inventory_batch/', { batch: [] }],
      ['POST', 'inventory_batch/', { batch: [{ product_id: p, count: 1, price: 1, name: 'x' }] }],
      ['POST', 'inventory_batch/', { batch: [{ product_id: p, count: 1 }] }],
      ['POST', 'inventory_batch/', [{ product_id: p, count: 1, price: 1 }]],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(u, method, url, body);
      expectProblem(res, 400, 'validation_failed');
    }
    for (const q of [
      'page=0',
      'page_size=500',
      'date_from=2024-13-01',
      'date_to=tomorrow',
      'ids=1,2',
      'is_return=maybe',
      'search=%00',
    ])
      expectProblem(await call(u, 'GET', `inventory/?${q}`), 400, 'validation_failed');
    expectProblem(await call(u, 'GET', `inventory/${p}/?just_not_sold_out=maybe`), 400, 'validation_failed');
    expectProblem(await call(u, 'GET', 'inventory/nope/'), 400, 'validation_failed');
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });
});
