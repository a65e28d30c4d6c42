import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp } from './helpers/test-app.ts';

/**
 * The planner's statistics (server/repositories/statistics.ts): the embedded database has no
 * autovacuum, so the server gathers them at start and after enough writes; PostgreSQL keeps its own.
 */
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const estimatedRows = async (table: string) => {
  const result = (await app.database.db.execute(
    sql`select reltuples::float8 as n from pg_class where relname = ${table}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

describe(`planner statistics (${testDbKind})`, () => {
  it.runIf(testDbKind === 'pglite')('the embedded database is analyzed when the server starts', async () => {
    // Never analyzed, a table's estimate is -1; the start's ANALYZE is not awaited by the start itself.
    await expect.poll(() => estimatedRows('products_wh'), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
  });

  it('gathers them again after enough writes, and not before', async () => {
    const user = await signUp(app);
    await app.repos.statistics.refreshIfStale(0);
    expect(await app.repos.statistics.refreshIfStale(1000)).toBe(false);
    await app.database.db.execute(
      sql`insert into products_wh (user_id, name, description)
          select ${user.id}, 'Товар ' || g, '' from generate_series(1, 3000) g`,
    );
    expect(await app.repos.statistics.refreshIfStale(1000)).toBe(true);
    expect(await estimatedRows('products_wh')).toBeGreaterThanOrEqual(2700);
    expect(await app.repos.statistics.refreshIfStale(1000)).toBe(false);
  });
});
