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
const markDown = (u: TestUser, body: Record<string, unknown>) =>
  ok(call(u, 'POST', 'markdowns/', { price: 1000, markdown_price: 600, ...body }), 201);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('markdown create, edit and delete', () => {
  let u: TestUser;
  let product: string;
  let early: string;
  let late: string;

  beforeAll(async () => {
    u = await signUp(app);
    [product] = (await addProducts(app, u, ['Чайник'])) as [string];
    late = await receiveLot(app, u, product, 2, 500, '2024-05-01');
    early = await receiveLot(app, u, product, 1, 400, '2024-04-01');
  });

  it('takes one unit from the earliest lot and records that lot', async () => {
    const body = await markDown(u, { product_id: product, description: 'Скол на крышке' });
    expect(body).toMatchObject({
      product_id: product,
      lot_id: early,
      count: 1,
      price: 1000,
      markdown_price: 600,
      description: 'Скол на крышке',
      release: false,
    });
    expect(await lotCounts(app, product)).toEqual({ [early]: 0, [late]: 2 });
    expect(await heldBy(app, { table: 'markdowns', id: body.id })).toEqual({ [early]: 1 });
    // The earliest lot is empty now: the next unit comes from the next lot.
    const next = await markDown(u, { id: newId(), product_id: product });
    expect(next.lot_id).toBe(late);
    await noContent(call(u, 'DELETE', `markdowns/${next.id}/`));
    await noContent(call(u, 'DELETE', `markdowns/${body.id}/`));
    expect(await lotCounts(app, product)).toEqual({ [early]: 1, [late]: 2 });
  });

  it('takes the unit from a named lot, 409 when that lot is empty', async () => {
    const body = await markDown(u, { product_id: product, lot_id: late });
    expect(body.lot_id).toBe(late);
    expect(await lotCounts(app, product)).toEqual({ [early]: 1, [late]: 1 });
    const second = await markDown(u, { product_id: product, lot_id: late });
    const before = await outflowSnapshot(app, u.id);
    const res = await call(u, 'POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1, lot_id: late });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('В выбранной партии осталось только 0 шт.');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    for (const m of [body, second]) await noContent(call(u, 'DELETE', `markdowns/${m.id}/`));
    expect(await lotCounts(app, product)).toEqual({ [early]: 1, [late]: 2 });
  });

  it('refuses a markdown when no unit is free', async () => {
    const [empty] = await addProducts(app, u, ['Пусто']);
    const res = await call(u, 'POST', 'markdowns/', { product_id: empty, price: 1, markdown_price: 1 });
    expect(expectProblem(res, 409, 'insufficient_stock').detail).toBe('Недостаточно товара на складе: доступно 0 шт.');
  });

  it('edits prices, description and release without touching stock', async () => {
    const m = await markDown(u, { product_id: product });
    const before = await outflowSnapshot(app, u.id);
    const body = await ok(
      call(u, 'PATCH', `markdowns/${m.id}/`, {
        price: 900.5,
        markdown_price: 450,
        description: 'Продан на Авито',
        release: true,
      }),
    );
    expect(body).toMatchObject({
      id: m.id,
      price: 900.5,
      markdown_price: 450,
      description: 'Продан на Авито',
      release: true,
      lot_id: m.lot_id,
      count: 1,
    });
    expect(body.version).toBeGreaterThan(m.version);
    const after = await outflowSnapshot(app, u.id);
    expect(after.lotRows).toEqual(before.lotRows);
    expect(after.movements).toBe(before.movements);
    expect((await ok(call(u, 'PATCH', `markdowns/${m.id}/`, {}))).version).toBe(body.version);
    await noContent(call(u, 'DELETE', `markdowns/${m.id}/`));
  });

  it('deleting puts the unit back into its own lot, once', async () => {
    const before = await lotCounts(app, product);
    const m = await markDown(u, { product_id: product, lot_id: late });
    await noContent(call(u, 'DELETE', `markdowns/${m.id}/`));
    expect(await lotCounts(app, product)).toEqual(before);
    expectProblem(await call(u, 'DELETE', `markdowns/${m.id}/`), 404, 'not_found');
    expectProblem(await call(u, 'PATCH', `markdowns/${m.id}/`, { release: true }), 404, 'not_found');
    expect(await lotCounts(app, product)).toEqual(before);
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('markdown list', () => {
  let u: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    u = await signUp(app);
    const withListing = await productsCall(app, u, 'POST', 'products/', {
      name: 'Фен',
      products_mp: [
        { offer_id: 'FEN-42', marketplace: 'OZON', market_id: '1', primary_image: 'https://cdn.example/fen.jpg' },
      ],
    });
    ids.fen = withListing.json().product_wh.id;
    [ids.iron] = (await addProducts(app, u, ['Утюг'])) as [string];
    ids.fenLot = await receiveLot(app, u, ids.fen!, 3, 1500, '2024-03-10');
    ids.ironLot = await receiveLot(app, u, ids.iron!, 1, 700, '2024-06-01T09:30:00Z');
    ids.a = (await markDown(u, { product_id: ids.fen, description: 'Царапина' })).id;
    ids.b = (await markDown(u, { product_id: ids.iron })).id;
    ids.c = (await markDown(u, { product_id: ids.fen })).id;
    await ok(call(u, 'PATCH', `markdowns/${ids.c}/`, { release: true }));
  });

  const listed = async (query = '') => {
    const body = await ok(call(u, 'GET', `markdowns/?${query}`));
    return { ids: body.results.map((m: { id: string }) => m.id), total: body.total };
  };

  it('lists newest first with the product, its articles and the lot’s receipt date', async () => {
    const body = await ok(call(u, 'GET', 'markdowns/'));
    expect(body.total).toBe(3);
    expect(body.results.map((m: { id: string }) => m.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(body.results[2]).toMatchObject({
      id: ids.a,
      product_id: ids.fen,
      lot_id: ids.fenLot,
      name: 'Фен',
      images: ['https://cdn.example/fen.jpg'],
      articles: ['FEN-42'],
      batch_date: '2024-03-10T00:00:00.000Z',
      description: 'Царапина',
      release: false,
      count: 1,
    });
    expect(body.results[1]).toMatchObject({
      name: 'Утюг',
      images: [],
      articles: [],
      batch_date: '2024-06-01T09:30:00.000Z',
    });
  });

  it('filters by release, product, search and dates, and pages', async () => {
    expect(await listed('release=false')).toEqual({ ids: [ids.b, ids.a], total: 2 });
    expect(await listed('release=true')).toEqual({ ids: [ids.c], total: 1 });
    expect(await listed(`product_id=${ids.iron}`)).toEqual({ ids: [ids.b], total: 1 });
    expect(await listed('search=fen-4')).toEqual({ ids: [ids.c, ids.a], total: 2 });
    expect(await listed(`search=${encodeURIComponent('уТю')}`)).toEqual({ ids: [ids.b], total: 1 });
    expect(await listed('search=%25')).toEqual({ ids: [], total: 0 });
    expect(await listed(`date_start=${day(0)}&date_end=${day(0)}`)).toEqual({ ids: [ids.c, ids.b, ids.a], total: 3 });
    expect(await listed(`date_start=${day(1)}`)).toEqual({ ids: [], total: 0 });
    expect(await listed(`date_end=${day(-1)}`)).toEqual({ ids: [], total: 0 });
    expect(await listed('page=2&page_size=2')).toEqual({ ids: [ids.a], total: 3 });
    expect(await listed(`release=false&search=${encodeURIComponent('фен')}`)).toEqual({ ids: [ids.a], total: 1 });
  });

  it('shows only the user’s own markdowns', async () => {
    const other = await signUp(app);
    expect(await ok(call(other, 'GET', 'markdowns/'))).toEqual({ results: [], total: 0 });
    expect(await ok(call(other, 'GET', `markdowns/?product_id=${ids.fen}`))).toEqual({ results: [], total: 0 });
  });
});

describe('markdown authorization and bad input', () => {
  let a: TestUser;
  let b: TestUser;
  let product: string;
  let lot: string;
  let markdownId: string;

  beforeAll(async () => {
    a = await signUp(app);
    b = await signUp(app);
    [product] = (await addProducts(app, a, ['Лампа'])) as [string];
    lot = await receiveLot(app, a, product, 4, 250);
    markdownId = (await markDown(a, { product_id: product })).id;
  });

  it('answers 404 to another user for every write, and changes nothing', async () => {
    const [own] = (await addProducts(app, b, ['Своя'])) as [string];
    await receiveLot(app, b, own, 2, 1);
    const before = await outflowSnapshot(app, a.id);
    for (const res of [
      await call(b, 'POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1 }),
      await call(b, 'POST', 'markdowns/', { product_id: own, price: 1, markdown_price: 1, lot_id: lot }),
      await call(b, 'PATCH', `markdowns/${markdownId}/`, { release: true }),
      await call(b, 'DELETE', `markdowns/${markdownId}/`),
    ])
      expectProblem(res, 404, 'not_found');
    expectProblem(
      await call(b, 'POST', 'markdowns/', { id: markdownId, product_id: own, price: 1, markdown_price: 1 }),
      409,
      'duplicate',
    );
    expect(await outflowSnapshot(app, a.id)).toEqual(before);
  });

  it('answers 400 problem+json in Russian for bad input', async () => {
    const bad: [Method, string, unknown][] = [
      ['POST', 'markdowns/', { product_id: product, price: 1 }],
      ['POST', 'markdowns/', { product_id: product, price: -1, markdown_price: 1 }],
      ['POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1, count: 2 }],
      ['POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1, lot_id: 'x' }],
      ['POST', 'markdowns/', { product_id: product, price: 1, markdown_price: 1, description: 'a\u0000b' }],
      ['PATCH', `markdowns/${markdownId}/`, { release: 'да' }],
      ['PATCH', `markdowns/${markdownId}/`, { markdown_price: null }],
      ['PATCH', `markdowns/${markdownId}/`, { lot_id: lot }],
      ['DELETE', 'markdowns/nope/', undefined],
      ['GET', 'markdowns/?release=maybe', undefined],
      ['GET', 'markdowns/?date_start=2024-02-31', undefined],
      ['GET', 'markdowns/?product_id=1', undefined],
      ['GET', 'markdowns/?page_size=1000', undefined],
    ];
    for (const [method, url, payload] of bad)
      expectProblem(await call(a, method, url, payload), 400, 'validation_failed');
  });
});
