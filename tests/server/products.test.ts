import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsWh } from '../../server/db/schema/index.ts';
import { addProducts, productsCall, seeder, type Method } from './helpers/products.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;
/** Owns the five products of the list tests; nothing else is added for this user. */
let lister: TestUser;
const ids: Record<string, string> = {};

const call = (u: TestUser, method: Method, url: string, payload?: unknown, headers?: Record<string, string>) =>
  productsCall(app, u, method, url, payload, headers);

async function names(query: string): Promise<{ names: string[]; total: number }> {
  const res = await call(lister, 'GET', `all/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { names: body.products.map((p: { product_wh: { name: string } }) => p.product_wh.name), total: body.total };
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  lister = await signUp(app);
  // Counts 5, 0, 12, 3, 7 and returns 1, 3, 0, 2, 0: each sort key orders them differently from the name.
  const created = await addProducts(app, lister, ['Альфа', 'Бета', 'Вега', 'Гамма', 'Дельта']);
  ['Альфа', 'Бета', 'Вега', 'Гамма', 'Дельта'].forEach((n, i) => (ids[n] = created[i]!));
  const seed = seeder(app, lister);
  await seed.lot(ids['Альфа']!, 5, 10);
  await seed.lot(ids['Бета']!, 0, 10, { countMax: 4 });
  await seed.lot(ids['Вега']!, 12, 20);
  await seed.lot(ids['Вега']!, 50, 20, { deletedAt: new Date() });
  await seed.lot(ids['Гамма']!, 3, 1, { countMax: 10 });
  await seed.lot(ids['Дельта']!, 4, 100);
  await seed.lot(ids['Дельта']!, 3, 150.5);
  await seed.reserve(ids['Дельта']!, 2);
  await seed.reserve(ids['Дельта']!, 5, 'released');
  await seed.markdown(ids['Дельта']!);
  await seed.markdown(ids['Дельта']!);
  await seed.markdown(ids['Дельта']!, true);
  await seed.returned(ids['Альфа']!);
  for (let i = 0; i < 3; i++) await seed.returned(ids['Бета']!, 'ready');
  await seed.returned(ids['Бета']!, 'deleted');
  await seed.returned(ids['Гамма']!);
  await seed.returned(ids['Гамма']!);
  const listing = await call(lister, 'POST', 'products/', {
    name: 'Эхо',
    products_mp: [
      {
        name: 'Эхо на Озоне',
        offer_id: 'SKU-Echo-1',
        marketplace: 'OZON',
        market_id: '111',
        primary_image: 'https://cdn.example/e.jpg',
      },
    ],
  });
  expect(listing.statusCode, listing.body).toBe(201);
  ids['Эхо'] = listing.json().product_wh.id;
  await seed.lot(ids['Эхо']!, 1, 1);
  await seed.returned(ids['Эхо']!);
  await seed.returned(ids['Эхо']!);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('product list', () => {
  it('derives count, total_price, reserve and markdowns from lots, reserves and markdowns', async () => {
    const res = await call(lister, 'GET', `product/${ids['Дельта']}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product_wh).toMatchObject({
      id: ids['Дельта'],
      _id: ids['Дельта'],
      name: 'Дельта',
      count: 7,
      total_price: 851.5,
      reserve: 2,
      markdowns: 2,
      confirmed: true,
    });
    const vega = (await call(lister, 'GET', `product/${ids['Вега']}/`)).json().product_wh;
    expect(vega).toMatchObject({ count: 12, total_price: 240, reserve: 0, markdowns: 0 });
  });

  it('sorts by name, count and number of returns, both ways', async () => {
    const all = ['Альфа', 'Бета', 'Вега', 'Гамма', 'Дельта', 'Эхо'];
    expect((await names('')).names).toEqual(all);
    expect((await names('order_by=name')).names).toEqual(all);
    expect((await names('order_by=-name')).names).toEqual([...all].reverse());
    expect((await names('order_by=count')).names).toEqual(['Бета', 'Эхо', 'Гамма', 'Альфа', 'Дельта', 'Вега']);
    expect((await names('order_by=-count')).names).toEqual(['Вега', 'Дельта', 'Альфа', 'Гамма', 'Эхо', 'Бета']);
    // Ties keep the name order whichever way the key goes.
    expect((await names('order_by=returns')).names).toEqual(['Вега', 'Дельта', 'Альфа', 'Гамма', 'Эхо', 'Бета']);
    expect((await names('order_by=-returns')).names).toEqual(['Бета', 'Гамма', 'Эхо', 'Альфа', 'Вега', 'Дельта']);
  });

  it('pages with a total, and with available_only leaves out products without stock', async () => {
    expect(await names('page_size=2')).toEqual({ names: ['Альфа', 'Бета'], total: 6 });
    expect(await names('page=2&page_size=2')).toEqual({ names: ['Вега', 'Гамма'], total: 6 });
    expect(await names('page=3&page_size=2')).toEqual({ names: ['Дельта', 'Эхо'], total: 6 });
    expect(await names('page=4&page_size=2')).toEqual({ names: [], total: 6 });
    expect(await names('page=2&page_size=2&order_by=-count')).toEqual({ names: ['Альфа', 'Гамма'], total: 6 });
    expect(await names('available_only=true')).toEqual({
      names: ['Альфа', 'Вега', 'Гамма', 'Дельта', 'Эхо'],
      total: 5,
    });
    expect(await names('available_only=true&order_by=count&page_size=2&page=2')).toEqual({
      names: ['Альфа', 'Дельта'],
      total: 5,
    });
    expect((await names('available_only=false')).total).toBe(6);
    // Past the end of a filtered list no row carries the count: the total is still told.
    expect(await names('available_only=true&page=9&page_size=2')).toEqual({ names: [], total: 5 });
  });

  it('searches names and articles without regard to case', async () => {
    expect(await names('search=%D0%B3%D0%90%D0%BC')).toEqual({ names: ['Гамма'], total: 1 }); // "гАм"
    expect(await names('search=sku-echo')).toEqual({ names: ['Эхо'], total: 1 });
    expect(await names('search=a')).toEqual({ names: [], total: 0 });
    expect(await names('search=%25')).toEqual({ names: [], total: 0 }); // "%" is a character, not a wildcard
    expect(await names('search=%D0%B0&available_only=true&order_by=-count')).toEqual({
      names: ['Вега', 'Дельта', 'Альфа', 'Гамма'],
      total: 4,
    });
    const item = (await call(lister, 'GET', 'all/?search=ECHO')).json().products[0];
    expect(item.articles).toEqual(['SKU-Echo-1']);
    expect(item.primary_images).toEqual(['https://cdn.example/e.jpg']);
    expect(item.products_mp).toEqual([
      expect.objectContaining({
        name: 'Эхо на Озоне',
        offer_id: 'SKU-Echo-1',
        marketplace: 'OZON',
        market_id: '111',
        product_wh_id: ids['Эхо'],
      }),
    ]);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of ['page=0', 'page_size=201', 'page_size=x', 'order_by=price', 'available_only=maybe', 'search=%00'])
      expectProblem(await call(lister, 'GET', `all/?${q}`), 400, 'validation_failed');
  });
});

describe('product writes', () => {
  it('adds with a client id, never stores a count, updates and reads back', async () => {
    const u = await signUp(app);
    const id = newId();
    const refused = await call(u, 'POST', 'warehouse/add/', [{ id, name: 'С остатком', count: 5 }]);
    expect(expectProblem(refused, 400, 'validation_failed').errors).toContainEqual(
      expect.objectContaining({ field: '0.count' }),
    );
    const added = await call(u, 'POST', 'warehouse/add/', [
      {
        id,
        name: 'Кружка',
        images: ['/uploads/a.jpg'],
        count: 0,
        market_ids: [],
        confirmed: false,
        description: 'Белая',
      },
      { name: 'Ложка' },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const [first, second] = added.json().inserted_ids;
    expect(first).toBe(id);
    const got = (await call(u, 'GET', `product/${id}/`)).json();
    expect(got).toEqual({
      product_wh: expect.objectContaining({
        id,
        name: 'Кружка',
        description: 'Белая',
        images: ['/uploads/a.jpg'],
        confirmed: false,
        count: 0,
        total_price: 0,
      }),
      products_mp: [],
    });
    const changed = await call(u, 'PATCH', `warehouse/${id}/update/`, {
      name: 'Кружка большая',
      confirmed: true,
      images: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product_wh).toMatchObject({
      name: 'Кружка большая',
      description: 'Белая',
      images: [],
      confirmed: true,
    });
    expect(changed.json().product_wh.version).toBeGreaterThan(got.product_wh.version);
    expectProblem(await call(u, 'PATCH', `warehouse/${second}/update/`, { id, name: 'x' }), 400, 'id_mismatch');
    // The stock is the lots' sum: a count sent back with the product (as the API answered it) is ignored.
    const echoed = await call(u, 'PATCH', `warehouse/${id}/update/`, { count: 3 });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().product_wh.count).toBe(0);
    expectProblem(await call(u, 'PATCH', `warehouse/${id}/update/`, { stock: 3 }), 400, 'validation_failed');
    expectProblem(await call(u, 'POST', 'warehouse/add/', [{ id, name: 'Повтор' }]), 409, 'duplicate');
  });

  it('replays a repeated Idempotency-Key without adding twice', async () => {
    const u = await signUp(app);
    const headers = { 'idempotency-key': newId() };
    const first = await call(u, 'POST', 'warehouse/add/', [{ name: 'Один раз' }], headers);
    const again = await call(u, 'POST', 'warehouse/add/', [{ name: 'Один раз' }], headers);
    expect(again.json()).toEqual(first.json());
    const rows = await app.database.db.select().from(productsWh).where(eq(productsWh.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it('deletes a list of products with a tombstone, but never one with stock', async () => {
    const u = await signUp(app);
    const [empty, stocked, other] = await addProducts(app, u, ['Пустой', 'С запасом', 'Другой']);
    const seed = seeder(app, u);
    await seed.lot(stocked!, 2, 50);
    await seed.lot(empty!, 0, 50, { countMax: 3 });
    const refused = expectProblem(
      await call(u, 'DELETE', 'warehouse/delete/', { products: [empty, stocked] }),
      409,
      'product_has_stock',
    );
    expect(refused.detail).toContain('«С запасом» (2 шт.)');
    expect((await call(u, 'GET', `product/${empty}/`)).statusCode).toBe(200);

    const res = await call(u, 'DELETE', 'warehouse/delete/', { products: [empty, empty] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted_ids: [empty] });
    expectProblem(await call(u, 'GET', `product/${empty}/`), 404, 'not_found');
    expectProblem(await call(u, 'DELETE', 'warehouse/delete/', { products: [empty, other] }), 404, 'not_found');
    const [row] = await app.database.db
      .select()
      .from(productsWh)
      .where(and(eq(productsWh.id, empty!)));
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  it('creates a product with its listings, and refuses an offer already taken', async () => {
    const u = await signUp(app);
    const id = newId();
    const listing = { offer_id: 'A-1', marketplace: 'WILDBERRIES', market_id: 'wb-1', name: 'Чехол' };
    const res = await call(u, 'POST', 'products/', {
      id,
      name: 'Чехол',
      products_mp: [listing, { ...listing, offer_id: 'A-2' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product_wh).toMatchObject({ id, name: 'Чехол', count: 0 });
    expect(
      res
        .json()
        .products_mp.map((l: { offer_id: string }) => l.offer_id)
        .sort(),
    ).toEqual(['A-1', 'A-2']);
    expectProblem(await call(u, 'POST', 'products/', { name: 'Второй', products_mp: [listing] }), 409, 'offer_taken');
    expectProblem(
      await call(u, 'POST', 'products/', {
        name: 'Третий',
        products_mp: [
          { ...listing, offer_id: 'B' },
          { ...listing, offer_id: 'B' },
        ],
      }),
      400,
      'offer_repeated',
    );
  });

  it('mirrors products and listings to the sync pull, figures left to the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sync/pull?since=0', headers: lister.headers });
    const changes = res.json().changes as { table: string; id: string; row: Record<string, unknown> }[];
    const echo = changes.find((c) => c.table === 'products_wh' && c.id === ids['Эхо'])!;
    expect(echo.row).toMatchObject({ id: ids['Эхо'], _id: ids['Эхо'], name: 'Эхо', images: [], confirmed: true });
    expect(echo.row).not.toHaveProperty('count');
    const wire = (await call(lister, 'GET', `product/${ids['Эхо']}/`)).json();
    expect(changes.find((c) => c.table === 'products_mp')!.row).toEqual(wire.products_mp[0]);
  });
});
