import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disposals,
  lots,
  markdowns,
  otherRealizations,
  productsMp,
  productsWh,
  realizations,
  reserves,
  returns,
  stockMovements,
} from '../../server/db/schema/index.ts';
import { productsCall, seeder, type Method } from './helpers/products.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;
let owner: TestUser;
let stranger: TestUser;
const ids: Record<string, string> = {};

const call = (u: TestUser, method: Method, url: string, payload?: unknown) =>
  productsCall(app, u, method, url, payload);
const historyTables = {
  lots,
  reserves,
  markdowns,
  disposals,
  realizations,
  otherRealizations,
  returns,
  stockMovements,
};

/** For each product: its listings' offer ids and the ids of its rows in every history table. */
async function holdings(productIds: string[]) {
  const { db } = app.database;
  const result: Record<string, Record<string, string[]>> = {};
  for (const id of productIds) result[id] = {};
  const listings = await db.select().from(productsMp).where(inArray(productsMp.productWhId, productIds));
  for (const id of productIds)
    result[id]!.listings = listings
      .filter((l) => l.productWhId === id)
      .map((l) => l.offerId)
      .sort();
  for (const [name, table] of Object.entries(historyTables)) {
    const rows = await db
      .select({ id: table.id, productId: table.productId })
      .from(table)
      .where(inArray(table.productId, productIds));
    for (const id of productIds)
      result[id]![name] = rows
        .filter((r) => r.productId === id)
        .map((r) => r.id)
        .sort();
  }
  return result;
}

async function createWithListings(u: TestUser, name: string, offers: string[]): Promise<string> {
  const products_mp = offers.map((offer_id) => ({
    offer_id,
    name: `${name} ${offer_id}`,
    marketplace: 'OZON',
    market_id: 'oz-1',
  }));
  const res = await call(u, 'POST', 'products/', { name, products_mp });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product_wh.id;
}

const listingId = async (offerId: string) =>
  (await app.database.db.select().from(productsMp).where(eq(productsMp.offerId, offerId))).find(
    (l) => l.userId === owner.id,
  )!.id;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  owner = await signUp(app);
  stranger = await signUp(app);
  ids.main = await createWithListings(owner, 'Главный', ['M-1']);
  ids.first = await createWithListings(owner, 'Первый', ['F-1', 'F-2']);
  ids.second = await createWithListings(owner, 'Второй', ['S-1']);
  ids.bystander = await createWithListings(owner, 'Посторонний', ['B-1']);
  const seed = seeder(app, owner);
  await seed.lot(ids.main, 1, 100);
  await seed.lot(ids.first, 3, 10);
  await seed.lot(ids.first, 0, 10, { countMax: 5 });
  await seed.reserve(ids.first, 1);
  await seed.markdown(ids.first);
  await seed.disposal(ids.first);
  await seed.realization(ids.first);
  await seed.otherRealization(ids.first);
  await seed.returned(ids.first, 'ready');
  await seed.lot(ids.second, 2, 20);
  await seed.returned(ids.second);
  await seed.lot(ids.bystander, 4, 5);
  await seed.reserve(ids.bystander, 2);
  await seed.markdown(ids.bystander);
  await seed.returned(ids.bystander);
  ids.strangers = await createWithListings(stranger, 'Чужой', ['M-1']);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('group and ungroup', () => {
  it('grouping moves listings, lots and history of the others to the main product and removes them', async () => {
    const before = await holdings([ids.main!, ids.first!, ids.second!, ids.bystander!]);
    const res = await call(owner, 'PATCH', `group/${ids.main}/`, [ids.first, ids.second, ids.first]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.product_wh).toMatchObject({
      id: ids.main,
      name: 'Главный',
      count: 6,
      total_price: 170,
      reserve: 1,
      markdowns: 1,
    });
    expect(body.products_mp.map((l: { offer_id: string }) => l.offer_id).sort()).toEqual(['F-1', 'F-2', 'M-1', 'S-1']);

    const after = await holdings([ids.main!, ids.first!, ids.second!, ids.bystander!]);
    const merged = Object.fromEntries(
      Object.keys(before[ids.main!]!).map((k) => [
        k,
        [...before[ids.main!]![k]!, ...before[ids.first!]![k]!, ...before[ids.second!]![k]!].sort(),
      ]),
    );
    expect(after[ids.main!]).toEqual(merged);
    expect(Object.values(after[ids.first!]!).flat()).toEqual([]);
    expect(Object.values(after[ids.second!]!).flat()).toEqual([]);
    expect(after[ids.bystander!]).toEqual(before[ids.bystander!]);
    expect(before[ids.first!]!.returns).toHaveLength(1);

    expectProblem(await call(owner, 'GET', `product/${ids.first}/`), 404, 'not_found');
    const gone = await app.database.db
      .select()
      .from(productsWh)
      .where(inArray(productsWh.id, [ids.first!, ids.second!]));
    expect(gone.map((r) => r.deletedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    expect((await call(owner, 'GET', 'all/')).json().total).toBe(2);
  });

  it('ungrouping makes each listed listing its own product and leaves the stock with the original', async () => {
    const beforeMain = await holdings([ids.main!]);
    const [f1, s1] = [await listingId('F-1'), await listingId('S-1')];
    const res = await call(owner, 'PATCH', `ungroup/${ids.main}/`, [f1, s1]);
    expect(res.statusCode, res.body).toBe(200);
    const created: string[] = res.json().inserted_ids;
    expect(created).toHaveLength(2);

    const products = await Promise.all(created.map(async (id) => (await call(owner, 'GET', `product/${id}/`)).json()));
    expect(
      products
        .map((p) => [p.product_wh.name, p.product_wh.count, p.products_mp.map((l: { id: string }) => l.id)])
        .sort(),
    ).toEqual(
      [
        ['Первый F-1', 0, [f1]],
        ['Второй S-1', 0, [s1]],
      ].sort(),
    );
    const main = (await call(owner, 'GET', `product/${ids.main}/`)).json();
    expect(main.product_wh).toMatchObject({ count: 6, total_price: 170 });
    expect(main.products_mp.map((l: { offer_id: string }) => l.offer_id).sort()).toEqual(['F-2', 'M-1']);
    const afterMain = await holdings([ids.main!]);
    expect(afterMain[ids.main!]).toEqual({ ...beforeMain[ids.main!], listings: ['F-2', 'M-1'] });
    for (const id of created) expect(Object.values((await holdings([id]))[id]!).flat()).toHaveLength(1);
  });

  it('refuses to ungroup the last listing, a listing of another product, or to group a product with itself', async () => {
    const [m1, f2, b1] = [await listingId('M-1'), await listingId('F-2'), await listingId('B-1')];
    const before = await holdings([ids.main!, ids.bystander!]);
    expectProblem(await call(owner, 'PATCH', `ungroup/${ids.main}/`, [m1, f2]), 409, 'last_listing');
    expectProblem(await call(owner, 'PATCH', `ungroup/${ids.bystander}/`, [b1]), 409, 'last_listing');
    expectProblem(await call(owner, 'PATCH', `ungroup/${ids.main}/`, [b1]), 404, 'not_found');
    expectProblem(await call(owner, 'PATCH', `group/${ids.main}/`, [ids.main]), 400, 'group_self');
    expectProblem(await call(owner, 'PATCH', `group/${ids.main}/`, [ids.first]), 404, 'not_found');
    expectProblem(await call(owner, 'PATCH', `group/${ids.main}/`, []), 400, 'validation_failed');
    expect(await holdings([ids.main!, ids.bystander!])).toEqual(before);
  });
});

describe("another user's products", () => {
  it('answer 404 to read, change, delete, group and ungroup, and stay unchanged', async () => {
    const snapshot = async () =>
      JSON.stringify([
        await app.database.db.select().from(productsWh).where(eq(productsWh.userId, owner.id)),
        await holdings([ids.main!, ids.bystander!]),
      ]);
    const before = await snapshot();
    const m1 = await listingId('M-1');
    expectProblem(await call(stranger, 'GET', `product/${ids.main}/`), 404, 'not_found');
    expectProblem(
      await call(stranger, 'PATCH', `warehouse/${ids.main}/update/`, { name: 'Украдено' }),
      404,
      'not_found',
    );
    expectProblem(await call(stranger, 'DELETE', 'warehouse/delete/', { products: [ids.bystander] }), 404, 'not_found');
    expectProblem(await call(stranger, 'PATCH', `group/${ids.strangers}/`, [ids.bystander]), 404, 'not_found');
    expectProblem(await call(stranger, 'PATCH', `group/${ids.main}/`, [ids.strangers]), 404, 'not_found');
    expectProblem(await call(stranger, 'PATCH', `ungroup/${ids.main}/`, [m1]), 404, 'not_found');
    expectProblem(await call(stranger, 'PATCH', `ungroup/${ids.strangers}/`, [m1]), 404, 'not_found');
    const list = (await call(stranger, 'GET', 'all/?search=M-1')).json();
    expect(list.products.map((p: { product_wh: { id: string } }) => p.product_wh.id)).toEqual([ids.strangers]);
    expect((await call(stranger, 'GET', 'all/')).json().total).toBe(1);
    expect(await snapshot()).toBe(before);
  });
});
