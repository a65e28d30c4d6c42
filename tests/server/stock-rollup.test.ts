import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lots, productTotals, productsWh } from '../../server/db/schema/index.ts';
import { seeder } from './helpers/products.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  user = await signUp(app);
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

async function newProduct(name: string): Promise<string> {
  const [row] = await app.database.db.insert(productsWh).values({ userId: user.id, name }).returning();
  return row!.id;
}

/** The roll-up next to what the live lots say, for one product. */
async function rollUp(productId: string) {
  const { db } = app.database;
  const [stored] = await db
    .select({ count: productsWh.stockCount, value: productsWh.stockValue, version: productsWh.version })
    .from(productsWh)
    .where(eq(productsWh.id, productId));
  const [derived] = await db
    .select({
      count: sql<number>`coalesce(sum(${lots.count}), 0)`.mapWith(Number),
      value: sql<number>`coalesce(sum(${lots.count} * ${lots.price}), 0)`.mapWith(Number),
    })
    .from(lots)
    .where(sql`${lots.productId} = ${productId} and ${lots.deletedAt} is null`);
  return { stored: { count: stored!.count, value: stored!.value }, derived: derived!, version: stored!.version };
}

describe('the stock roll-up on products_wh', () => {
  it('follows inserts, count and price edits, moves between products and tombstones, without bumping the product version', async () => {
    const { db } = app.database;
    const a = await newProduct('Роллап А');
    const b = await newProduct('Роллап Б');
    const versionBefore = (await rollUp(a)).version;
    const seed = seeder(app, user);
    const first = await seed.lot(a, 3, 10.5);
    const second = await seed.lot(a, 2, 0.1);
    expect((await rollUp(a)).stored).toEqual({ count: 5, value: 31.7 });

    await db.update(lots).set({ count: 1, price: 12 }).where(eq(lots.id, first.id));
    expect((await rollUp(a)).stored).toEqual({ count: 3, value: 12.2 });

    await db.update(lots).set({ productId: b }).where(eq(lots.id, second.id));
    expect((await rollUp(a)).stored).toEqual({ count: 1, value: 12 });
    expect((await rollUp(b)).stored).toEqual({ count: 2, value: 0.2 });

    await db.update(lots).set({ deletedAt: new Date() }).where(eq(lots.id, first.id));
    await db.update(lots).set({ deletedAt: new Date() }).where(eq(lots.id, second.id));
    // A hard delete (no ledger rows reference this one) is followed too.
    const [bare] = await db
      .insert(lots)
      .values({ userId: user.id, productId: b, count: 4, countMax: 4, price: 1 })
      .returning();
    expect((await rollUp(b)).stored).toEqual({ count: 4, value: 4 });
    await db.delete(lots).where(eq(lots.id, bare!.id));
    for (const id of [a, b]) {
      const r = await rollUp(id);
      expect(r.stored).toEqual(r.derived);
      expect(r.stored).toEqual({ count: 0, value: 0 });
    }
    // Stock changes are not edits of the product: the sync pull does not send it again.
    expect((await rollUp(a)).version).toBe(versionBefore);
  });
});

describe('the live product total kept on product_totals', () => {
  it('answers the unfiltered list total and follows bulk inserts, tombstones, restores and deletes', async () => {
    const { db } = app.database;
    const owner = await signUp(app);
    const counted = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(productsWh)
          .where(sql`${productsWh.userId} = ${owner.id} and ${productsWh.deletedAt} is null`)
      )[0]!.n;
    // These writes go straight to the database, past the routes that tell the page cache; the
    // list is read afresh each time, since what is checked here is what the triggers keep.
    const listTotal = async () => {
      app.pageCache.invalidate(owner.id);
      return (
        (await app.inject({ method: 'GET', url: '/api/v1/products/all/', headers: owner.headers })).json() as {
          total: number;
        }
      ).total;
    };
    const stored = async () =>
      (await db.select().from(productTotals).where(eq(productTotals.userId, owner.id)))[0]?.live ?? 0;

    expect(await listTotal()).toBe(0);
    const rows = await db
      .insert(productsWh)
      .values(Array.from({ length: 7 }, (_, i) => ({ userId: owner.id, name: `Счёт ${i}` })))
      .returning();
    await db.insert(productsWh).values({ userId: owner.id, name: 'Удалённый сразу', deletedAt: new Date() });
    expect([await stored(), await listTotal()]).toEqual([7, 7]);

    await app.inject({
      method: 'DELETE',
      url: '/api/v1/products/warehouse/delete/',
      headers: owner.headers,
      payload: { products: [rows[0]!.id, rows[1]!.id] },
    });
    expect([await stored(), await listTotal(), await counted()]).toEqual([5, 5, 5]);
    await db.update(productsWh).set({ deletedAt: null }).where(eq(productsWh.id, rows[0]!.id));
    await db.update(productsWh).set({ name: 'Переименован' }).where(eq(productsWh.id, rows[2]!.id));
    await db.delete(productsWh).where(eq(productsWh.id, rows[3]!.id));
    expect([await stored(), await counted()]).toEqual([5, 5]);
    // Another user's products never count here.
    expect(await listTotal()).toBe(await counted());
  });
});
