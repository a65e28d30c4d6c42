import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok, receiveBatch } from './helpers/stock.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { eventually } from '../e2e/helpers/wait.ts';

/*
 * The products page is kept in memory per user (server/lib/user-page-cache.ts) until a write of
 * that user's rows: every kind of write must show on the next read, and only the writer's pages go.
 */

let t: TestDatabase;
let app: FastifyInstance;
let seller: TestUser;
let other: TestUser;
let productId: string;

type Page = { products: { product_wh: { id: string; name: string; count: number; reserve: number } }[]; total: number };
const list = async (a: FastifyInstance, u: TestUser, query = 'page_size=50'): Promise<Page> =>
  ok(apiCall(a, u, 'GET', `products/all/?${query}`));
const row = (page: Page) => page.products.find((p) => p.product_wh.id === productId)!.product_wh;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  seller = await signUp(app);
  other = await signUp(app);
  productId = (await addProducts(app, seller, ['Носки']))[0]!;
  await addProducts(app, other, ['Чужой товар']);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('the products page after writes', () => {
  it('shows a rename, a receipt and a reserve on the very next read', async () => {
    expect(row(await list(app, seller))).toMatchObject({ name: 'Носки', count: 0 });
    await ok(apiCall(app, seller, 'PATCH', `products/warehouse/${productId}/update/`, { name: 'Носки шерстяные' }));
    expect(row(await list(app, seller)).name).toBe('Носки шерстяные');

    await receiveBatch(app, seller, '2026-11-20', [{ product_id: productId, count: 5, price: 100 }]);
    expect(row(await list(app, seller)).count).toBe(5);

    await ok(apiCall(app, seller, 'POST', 'reserve/', { product: productId, count: 2, price: 150 }), 201);
    expect(row(await list(app, seller)).reserve).toBe(2);
  });

  it('shows a write sent through the sync push, and a product added by it in the total', async () => {
    const before = await list(app, seller);
    const id = newId();
    const { results } = await ok(
      apiCall(app, seller, 'POST', 'sync/push', [
        { id: newId(), method: 'POST', path: '/api/v1/products/warehouse/add/', body: [{ id, name: 'Шарф' }] },
      ]),
    );
    expect(results[0].status, JSON.stringify(results[0])).toBe(201);
    const after = await list(app, seller);
    expect(after.total).toBe(before.total + 1);
    expect(after.products.map((p) => p.product_wh.name)).toContain('Шарф');
  });

  it('keeps each user’s pages apart: another user’s write changes nothing of theirs', async () => {
    const mine = await list(app, seller);
    await addProducts(app, other, ['Ещё чужой']);
    expect(await list(app, seller)).toEqual(mine);
    expect((await list(app, other)).total).toBe(2);
  });

  it('answers each query of its own: order, search and page size never share a page', async () => {
    const byName = await list(app, seller, 'page_size=1&order_by=name');
    const byCount = await list(app, seller, 'page_size=1&order_by=-count');
    const searched = await list(app, seller, 'page_size=1&search=%D0%A8%D0%B0%D1%80%D1%84');
    expect(byName.products[0]!.product_wh.name).toBe('Носки шерстяные');
    expect(byCount.products[0]!.product_wh.name).toBe('Носки шерстяные');
    expect(searched.products[0]!.product_wh.name).toBe('Шарф');
    expect((await list(app, seller, 'page_size=1&order_by=-name')).products[0]!.product_wh.name).toBe('Шарф');
  });
});

describe.runIf(testDbKind === 'postgres')('the products page on two instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let database2: Database;
  let app2: FastifyInstance;

  beforeAll(async () => {
    database2 = await openDatabase({ url: t.url!, embeddedDir: 'memory://' });
    app2 = await startTestApp(database2);
  });

  afterAll(async () => {
    await app2?.close();
    await database2?.close();
  });

  it('a write on one instance drops the pages the other keeps', async () => {
    const current = row(await list(app2, seller)).name;
    await ok(apiCall(app, seller, 'PATCH', `products/warehouse/${productId}/update/`, { name: `${current} (1)` }));
    await eventually(
      async () => row(await list(app2, seller)).name === `${current} (1)`,
      'the other instance shows the rename',
    );
  });
});
