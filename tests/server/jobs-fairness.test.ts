import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { jobs } from '../../server/db/schema/index.ts';
import { JobsRepository } from '../../server/repositories/jobs.ts';
import { waitUntil } from './helpers/live-client.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Issue 23: jobs are fair between users and a user's jobs never exceed the per-user cap, wherever they
 * are claimed. Real instances on one real database; the handlers only sleep and record when they ran.
 */

const WORKER_ENV = {
  JOBS_ENABLED: 'true',
  ORDER_INTAKE_ENABLED: 'false',
  JOB_POLL_MS: '50',
  JOB_LEASE_SECONDS: '30',
};

let testDb: TestDatabase;
const apps: FastifyInstance[] = [];
const extraDatabases: Database[] = [];

const kindOf = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

async function startWorker(database: Database, env: Record<string, string>): Promise<FastifyInstance> {
  const app = await startTestApp(database, { ...WORKER_ENV, ...env });
  apps.push(app);
  return app;
}

/** Another instance's own connections on PostgreSQL; on PGlite (one in-process connection) the same handle. */
async function sameDatabase(): Promise<Database> {
  if (!testDb.url) return testDb.database;
  const database = await openDatabase({ url: testDb.url, embeddedDir: 'memory://' });
  extraDatabases.push(database);
  return database;
}

async function statusCounts(userId: string, kind: string): Promise<Record<string, number>> {
  const rows = await testDb.database.db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind)))
    .groupBy(jobs.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await Promise.all(extraDatabases.map((d) => d.close()));
  await testDb?.drop();
});

describe('fair turns between users', () => {
  it("one user's 300 queued jobs hold another user's job back by at most one job's duration", async () => {
    const JOB_MS = 60;
    // Two workers and a cap of two: X alone keeps the whole instance busy, so Y's job has to win a turn.
    const app = await startWorker(testDb.database, {
      JOBS_CONCURRENCY: '2',
      JOBS_PER_USER: '2',
      JOBS_QUEUE_LIMIT: '1000',
    });
    const x = await signUp(app);
    const y = await signUp(app);
    const kind = kindOf('fair');
    const starts: { user: string; at: number }[] = [];
    const runs = new Map<string, number>();
    app.jobs.register(kind, async (ctx) => {
      starts.push({ user: ctx.job.userId, at: performance.now() });
      runs.set(ctx.job.id, (runs.get(ctx.job.id) ?? 0) + 1);
      await sleep(JOB_MS);
    });

    for (let i = 0; i < 300; i++) await app.jobs.enqueue(x.id, kind, { i });
    await waitUntil(() => starts.length >= 6, 10_000, "X's jobs under way");

    const xStartsBefore = starts.length;
    const { job: yJob } = await app.jobs.enqueue(y.id, kind, { y: true });
    // Queued once the insert has committed, which is when enqueue answers.
    const queuedAt = performance.now();
    await waitUntil(() => starts.some((s) => s.user === y.id), 5000, "Y's job started");
    const yStart = starts.find((s) => s.user === y.id)!;
    const delay = yStart.at - queuedAt;
    // X's jobs that started after Y's was queued and before it: a worker freed by X takes Y's at once.
    const xCutIn = starts.slice(xStartsBefore).filter((s) => s.user === x.id && s.at < yStart.at).length;
    expect(xCutIn).toBeLessThanOrEqual(1);

    await waitUntil(async () => (await statusCounts(x.id, kind)).done === 300, 60_000, "all X's jobs done");
    expect(await statusCounts(x.id, kind)).toEqual({ done: 300 });
    // One job's duration as this machine ran them: its sleep plus the claim and the completion around it.
    const xStarts = starts.filter((s) => s.user === x.id).map((s) => s.at);
    const cycle = ((xStarts.at(-1)! - xStarts[0]!) / (xStarts.length - 1)) * 2;
    console.info(
      `fairness: Y's job started ${delay.toFixed(0)} ms after it was queued; one job took ${cycle.toFixed(0)} ms ` +
        `(sleep ${JOB_MS} ms); first in, first out it would have waited ~${((cycle * (300 - xStartsBefore)) / 2 / 1000).toFixed(1)} s`,
    );
    expect(delay).toBeLessThan(Math.max(JOB_MS, cycle) + 100);
    expect((await app.repos.jobs.find(y.id, yJob.id))?.status).toBe('done');
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(301);
  }, 120_000);
});

describe('per-user cap across instances', () => {
  it('with JOBS_PER_USER=1 a user’s jobs never overlap, though two instances with two workers each run them', async () => {
    const env = { JOBS_CONCURRENCY: '2', JOBS_PER_USER: '1' };
    const a = await startWorker(testDb.database, env);
    const b = await startWorker(await sameDatabase(), env);
    const kind = kindOf('capped');
    const spans: { user: string; worker: string; from: number; to: number }[] = [];
    const handler = (worker: string) => async (ctx: { job: { userId: string } }) => {
      const from = performance.now();
      await sleep(80);
      spans.push({ user: ctx.job.userId, worker, from, to: performance.now() });
    };
    a.jobs.register(kind, handler('a'));
    b.jobs.register(kind, handler('b'));
    const one = await signUp(a);
    const two = await signUp(a);
    const users: TestUser[] = [one, two];
    for (let i = 0; i < 10; i++) for (const user of users) await (i % 2 ? b : a).jobs.enqueue(user.id, kind, { i });

    await waitUntil(
      async () => (await statusCounts(one.id, kind)).done === 10 && (await statusCounts(two.id, kind)).done === 10,
      30_000,
      'all capped jobs done',
    );
    for (const user of users) {
      const own = spans.filter((s) => s.user === user.id).sort((p, q) => p.from - q.from);
      expect(own).toHaveLength(10);
      for (let i = 1; i < own.length; i++) expect(own[i]!.from).toBeGreaterThanOrEqual(own[i - 1]!.to);
    }
    // The workers did run side by side — for different users: the cap, not a lack of workers, kept each user's apart.
    const overlapping = spans.some((p) => spans.some((q) => p.user !== q.user && p.from < q.to && q.from < p.to));
    expect(overlapping).toBe(true);
  }, 60_000);

  it.runIf(testDbKind === 'postgres')(
    'claims racing on separate connections never take a user past the cap',
    async () => {
      const user = await signUp(apps[0]!);
      const kind = kindOf('race');
      const other = await sameDatabase();
      const repos = [new JobsRepository(testDb.database.db), new JobsRepository(other.db)];
      for (let i = 0; i < 8; i++) await repos[0]!.enqueue({ userId: user.id, kind, payload: {} });

      const race = async (cap: number, round: number) =>
        (
          await Promise.all(
            Array.from({ length: 12 }, (_, i) => repos[i % 2]!.claim(`racer-${cap}-${round}-${i}`, [kind], cap)),
          )
        ).filter((j) => j !== undefined);

      // The first racer to take the user's claim lock claims; every other one finds it taken or the cap reached.
      const alone = await race(1, 0);
      expect(alone).toHaveLength(1);
      expect(await statusCounts(user.id, kind)).toEqual({ running: 1, queued: 7 });
      await repos[0]!.complete(alone[0]!.id, alone[0]!.lockedBy!, null);

      // A cap of 3: rounds of racers fill the three slots and never a fourth.
      for (let round = 0; round < 4; round++) {
        await race(3, round);
        expect((await statusCounts(user.id, kind)).running).toBeLessThanOrEqual(3);
      }
      expect((await statusCounts(user.id, kind)).running).toBe(3);
    },
  );
});
