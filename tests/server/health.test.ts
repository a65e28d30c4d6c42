import { sql } from 'drizzle-orm';
import type { FastifyError, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { pgErrorOf } from '../../server/lib/pg-errors.ts';
import { toProblem } from '../../server/plugins/app/problems.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { startTestApp } from './helpers/test-app.ts';
import { expectProblem } from './helpers/expect-problem.ts';

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

const health = () => app.inject({ method: 'GET', url: '/api/health' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Keeps the database from answering anyone else for a while: PGlite runs one transaction at a
 * time, so one open transaction blocks it; on PostgreSQL every connection of the pool is busy.
 */
function blockDatabase(ms: number): Promise<unknown> {
  const holders = testDbKind === 'pglite' ? 1 : 10;
  return Promise.all(
    Array.from({ length: holders }, () =>
      app.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await sleep(ms);
      }),
    ),
  );
}

describe('GET /api/health', () => {
  it('answers 200 ok while the database answers', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 problem when the database does not answer in time, and 200 again once it does', async () => {
    await sleep(600); // past the reuse of the earlier answer
    const blocked = blockDatabase(3500);
    await sleep(100);
    const started = performance.now();
    const answers = await Promise.all([health(), health(), health()]);
    const took = performance.now() - started;
    for (const res of answers) expectProblem(res, 503, 'database_unavailable');
    // Concurrent calls share one probe: all answer together, within the probe's timeout.
    expect(took).toBeLessThan(3000);
    await blocked;
    await sleep(600);
    expect((await health()).statusCode).toBe(200);
  });

  it('stays cheap: many calls at once cost one probe', async () => {
    await sleep(600);
    let probes = 0;
    const original = app.repos.health.ping.bind(app.repos.health);
    app.repos.health.ping = async () => {
      probes++;
      return original();
    };
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => health()));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect(probes).toBe(1);
    } finally {
      app.repos.health.ping = original;
    }
  });
});

describe.runIf(testDbKind === 'postgres')('statement timeout', () => {
  it('cancels a statement running longer than the timeout, and the API answers it 503, not 500', async () => {
    const timed = await openDatabase({ url: db.url, embeddedDir: 'memory://', statementTimeoutMs: 200 });
    try {
      const err = await timed.db.execute(sql`select pg_sleep(2)`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(pgErrorOf(err)?.code).toBe('57014');
      expect(toProblem(err as FastifyError)).toMatchObject({ status: 503, code: 'database_timeout' });
      // The connection stays usable for the next statement.
      expect(((await timed.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      await timed.close();
    }
  });
});
