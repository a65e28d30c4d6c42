import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok, receiveBatch } from './helpers/stock.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

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

/*
 * Two instances over one database, as behind a load balancer with no sticky routing: on
 * PostgreSQL each has its own pool and LISTEN connection, so B hears of A's writes only after A
 * has answered; on the embedded database the two apps share it and B never hears at all. B's
 * kept page must still never answer older than the database.
 */
describe('the products page on two instances', () => {
  let database2: Database | undefined;
  let b: FastifyInstance;
  const reads = 40;

  beforeAll(async () => {
    if (testDbKind === 'postgres') database2 = await openDatabase({ url: t.url!, embeddedDir: 'memory://' });
    b = await startTestApp(database2 ?? t.database);
  });

  afterAll(async () => {
    await b?.close();
    await database2?.close();
  });

  /** Reads B's page right after `write` answered on A, `reads` times: every answer must pass `fresh`. */
  async function readsOnBAfter(write: () => Promise<unknown>, fresh: (page: Page) => boolean) {
    await list(b, seller); // B keeps the page as it is before the write.
    await write();
    const stale: number[] = [];
    for (let i = 0; i < reads; i++) if (!fresh(await list(b, seller))) stale.push(i + 1);
    expect(stale, `reads on B that showed the page from before the write on A`).toEqual([]);
  }

  it('shows a rename made on A on every one of 40 immediate reads on B', async () => {
    const renamed = `${row(await list(b, seller)).name} (B)`;
    await readsOnBAfter(
      () => ok(apiCall(app, seller, 'PATCH', `products/warehouse/${productId}/update/`, { name: renamed })),
      (page) => row(page).name === renamed,
    );
  });

  it('shows a receipt and a reserve made on A at once on B (rows of lots and reserves, not of the product)', async () => {
    const { count, reserve } = row(await list(b, seller));
    await readsOnBAfter(
      () => receiveBatch(app, seller, '2026-11-21', [{ product_id: productId, count: 3, price: 40 }]),
      (page) => row(page).count === count + 3,
    );
    await readsOnBAfter(
      () => ok(apiCall(app, seller, 'POST', 'reserve/', { product: productId, count: 1, price: 90 }), 201),
      (page) => row(page).reserve === reserve + 1,
    );
  });

  it('drops a product deleted on A from B’s page and total at once', async () => {
    const [doomed] = await addProducts(app, seller, ['Уйдёт']);
    const { total } = await list(b, seller);
    await readsOnBAfter(
      () => ok(apiCall(app, seller, 'DELETE', 'products/warehouse/delete/', { products: [doomed] })),
      (page) => page.total === total - 1 && !page.products.some((p) => p.product_wh.id === doomed),
    );
  });

  it('still answers B from memory while nothing changes', async () => {
    const first = await list(b, seller);
    const before = await b.repos.changeMarker.productsPage(seller.id);
    expect(await list(b, seller)).toEqual(first);
    expect(await b.repos.changeMarker.productsPage(seller.id)).toBe(before);
  });
});
