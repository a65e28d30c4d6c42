import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { jobs } from '../../server/db/schema/index.ts';
import { JobsRepository, type JobRow } from '../../server/repositories/jobs.ts';
import { PermanentJobError } from '../../server/jobs/queue.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { connectLive, listen, waitUntil, type LiveClient } from './helpers/live-client.ts';

const WORKER_ENV = {
  JOBS_ENABLED: 'true',
  // Not about orders: connected stores would take theirs in meanwhile (docs/rules.md «Заказы маркетплейсов»).
  ORDER_INTAKE_ENABLED: 'false',
  JOB_POLL_MS: '50',
  JOB_LEASE_SECONDS: '1',
  JOB_RETRY_BASE_MS: '40',
};

let testDb: TestDatabase;
let app: FastifyInstance;
let base: string;
const apps = new Set<FastifyInstance>();
const extraDatabases: Database[] = [];
const sockets: LiveClient[] = [];

async function startWorker(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const started = await startTestApp(database, { ...WORKER_ENV, ...env });
  apps.add(started);
  return started;
}

async function stop(instance: FastifyInstance): Promise<void> {
  apps.delete(instance);
  await instance.close();
}

/**
 * Another instance's view of this file's database: a connection pool of its own on PostgreSQL;
 * on PGlite, whose one in-process connection cannot be opened twice, the same handle.
 */
async function sameDatabase(): Promise<Database> {
  if (!testDb.url) return testDb.database;
  const database = await openDatabase({ url: testDb.url, embeddedDir: 'memory://' });
  extraDatabases.push(database);
  return database;
}

/** Kinds are unique per test so that no other test's worker claims its jobs. */
const kindOf = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

/**
 * A fresh user per test with a live socket on the main app: on PostgreSQL every instance's
 * messages reach it through the bus, so sharing one user would mix tests' messages.
 */
async function newUser(
  on = base,
): Promise<{ user: TestUser; socket: LiveClient; row: (id: string) => Promise<JobRow> }> {
  const user = await signUp(app);
  const socket = await liveSocket(on, user);
  return { user, socket, row: async (id) => (await app.repos.jobs.find(user.id, id))! };
}

async function liveSocket(on: string, user: TestUser): Promise<LiveClient> {
  const socket = await connectLive(on, user.id, user.accessToken);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await startWorker(testDb.database);
  base = await listen(app);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  for (const instance of [...apps].reverse()) await stop(instance);
  await Promise.all(extraDatabases.map((d) => d.close()));
  await testDb?.drop();
});

describe('job queue', () => {
  it("runs a job, streams its progress to the owner's socket in order and ends at 100", async () => {
    const { user, socket, row } = await newUser();
    const kind = kindOf('import');
    app.jobs.register(kind, async (ctx) => {
      for (const value of [10, 35.4, 70]) await ctx.progress(value);
      return { imported: 3, payload: ctx.job.payload };
    });
    const { job } = await app.jobs.enqueue(user.id, kind, { market: 'ozon-1' }, { maxAttempts: 3 });
    expect(job).toMatchObject({ status: 'queued', attempts: 0, progress: 0 });

    const messages = await socket.take(4);
    expect(messages).toEqual([10, 35, 70, 100].map((value) => ({ type: 'progress', value, job_id: job.id })));
    expect(await row(job.id)).toMatchObject({
      status: 'done',
      progress: 100,
      attempts: 1,
      result: { imported: 3, payload: { market: 'ozon-1' } },
      lockedBy: null,
      error: null,
    });
  });

  it('retries a failing handler with growing backoff, then succeeds', async () => {
    const { user, socket, row } = await newUser();
    const kind = kindOf('flaky');
    const runs: { attempt: number; at: number; previousError: string | null }[] = [];
    app.jobs.register(kind, async (ctx) => {
      runs.push({ attempt: ctx.job.attempts, at: performance.now(), previousError: ctx.job.error });
      if (ctx.job.attempts < 3) throw new Error(`сбой ${ctx.job.attempts}`);
      return 'ok';
    });
    const { job } = await app.jobs.enqueue(user.id, kind, {}, { maxAttempts: 5 });

    // Failed attempts that will be retried tell the user nothing; the first message is the end.
    expect(await socket.next(5000)).toEqual({ type: 'progress', value: 100, job_id: job.id });
    expect(runs.map((r) => [r.attempt, r.previousError])).toEqual([
      [1, null],
      [2, 'сбой 1'],
      [3, 'сбой 2'],
    ]);
    // Base 40 ms, doubled per attempt, jitter ×0.5–1.5: at least 20 ms, then at least 40 ms.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(18);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(38);
    expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 3, result: 'ok', error: null });
  });

  it('fails at once on a PermanentJobError, whatever attempts remain', async () => {
    const { user, socket, row } = await newUser();
    const kind = kindOf('refused');
    let runs = 0;
    app.jobs.register(kind, async () => {
      runs += 1;
      throw new PermanentJobError('ключ API отклонён');
    });
    const { job } = await app.jobs.enqueue(user.id, kind, {}, { maxAttempts: 5 });

    expect(await socket.take(2, 5000)).toEqual([
      { type: 'progress', value: 100, job_id: job.id },
      { type: 'notification', value: { type: 'error', text: expect.stringContaining('ключ API отклонён') } },
    ]);
    expect(await row(job.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      maxAttempts: 5,
      error: 'ключ API отклонён',
    });
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('gives up after maxAttempts: the job fails and the user gets an error notification', async () => {
    const { user, socket, row } = await newUser();
    const kind = kindOf('broken');
    let runs = 0;
    app.jobs.register(kind, async () => {
      runs += 1;
      throw new Error('маркетплейс недоступен');
    });
    const { job } = await app.jobs.enqueue(user.id, kind, {}, { maxAttempts: 2 });

    expect(await socket.take(2, 5000)).toEqual([
      { type: 'progress', value: 100, job_id: job.id },
      { type: 'notification', value: { type: 'error', text: expect.stringContaining('маркетплейс недоступен') } },
    ]);
    expect(await row(job.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: 'маркетплейс недоступен',
      lockedBy: null,
    });
    await sleep(300);
    expect(runs).toBe(2);
  });

  it('a job survives a graceful restart without spending an attempt', async () => {
    const { user, row } = await newUser();
    const kind = kindOf('restart');
    const first = await startWorker(testDb.database);
    const firstSocket = await liveSocket(await listen(first), user);
    let aborted = false;
    first.jobs.register(kind, async (ctx) => {
      await ctx.progress(30);
      await new Promise((_, reject) =>
        ctx.signal.addEventListener('abort', () => ((aborted = true), reject(ctx.signal.reason)), { once: true }),
      );
    });
    const { job } = await first.jobs.enqueue(user.id, kind, { page: 7 }, { maxAttempts: 3 });
    expect(await firstSocket.next()).toEqual({ type: 'progress', value: 30, job_id: job.id });
    expect(await row(job.id)).toMatchObject({
      status: 'running',
      attempts: 1,
      progress: 30,
      lockedBy: first.jobs.worker,
    });

    await stop(first);
    expect(aborted).toBe(true);
    await firstSocket.closed;
    expect(await row(job.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      progress: 30,
      lockedBy: null,
      lockedAt: null,
    });

    const second = await startWorker(await sameDatabase());
    const secondSocket = await liveSocket(await listen(second), user);
    second.jobs.register(kind, async (ctx) => {
      await ctx.progress(80);
      return { resumedFrom: ctx.job.progress, payload: ctx.job.payload };
    });
    expect(await secondSocket.take(2)).toEqual([
      { type: 'progress', value: 80, job_id: job.id },
      { type: 'progress', value: 100, job_id: job.id },
    ]);
    expect(await row(job.id)).toMatchObject({
      status: 'done',
      attempts: 1,
      progress: 100,
      result: { resumedFrom: 30, payload: { page: 7 } },
    });
    await stop(second);
  });

  it('requeues the job of a dead instance once its lease has run out, and no sooner', async () => {
    const { user, socket, row } = await newUser();
    // Another user's: a job of the same user still running would hold the orphan back by the per-user cap.
    const other = await newUser();
    const kind = kindOf('orphan');
    const orphan = await app.repos.jobs.enqueue({ userId: user.id, kind, payload: {}, maxAttempts: 3 });
    const busy = await app.repos.jobs.enqueue({ userId: other.user.id, kind, payload: {}, maxAttempts: 3 });
    const markRunning = (id: string, worker: string, lockedAt: ReturnType<typeof sql>) =>
      app.database.db
        .update(jobs)
        .set({ status: 'running', lockedBy: worker, lockedAt, attempts: 1, progress: 45 })
        .where(eq(jobs.id, id));
    await markRunning(orphan.id, 'dead-instance', sql`now() - interval '1 hour'`);
    await markRunning(busy.id, 'alive-instance', sql`now()`);
    const busySince = performance.now();

    app.jobs.register(kind, async (ctx) => {
      await ctx.progress(90);
      return 'recovered';
    });
    expect(await socket.take(2)).toEqual([
      { type: 'progress', value: 90, job_id: orphan.id },
      { type: 'progress', value: 100, job_id: orphan.id },
    ]);
    expect(await row(orphan.id)).toMatchObject({ status: 'done', attempts: 2, result: 'recovered', lockedBy: null });
    // The other instance still holds its lease: its job stays with it.
    expect(performance.now() - busySince).toBeLessThan(900);
    expect(await other.row(busy.id)).toMatchObject({ status: 'running', lockedBy: 'alive-instance' });

    await waitUntil(async () => (await other.row(busy.id)).status === 'done', 4000, 'expired job recovered');
    expect(performance.now() - busySince).toBeGreaterThanOrEqual(950);
  });

  it('a long job that reports no progress keeps its lease: another instance does not run it again', async () => {
    const { user, row } = await newUser();
    const kind = kindOf('slow');
    const other = await startWorker(await sameDatabase());
    let runs = 0;
    const handler = async () => {
      runs += 1;
      await sleep(2200); // more than twice the 1 s lease
      return runs;
    };
    app.jobs.register(kind, handler);
    other.jobs.register(kind, handler);
    const { job } = await app.jobs.enqueue(user.id, kind, {}, { maxAttempts: 3 });

    await waitUntil(async () => (await row(job.id)).status === 'done', 6000, 'slow job done');
    expect(runs).toBe(1);
    expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1 });
    await stop(other);
  });

  it('stop() does not wait forever on a handler that ignores the abort signal', async () => {
    const { user, row } = await newUser();
    const kind = kindOf('stubborn');
    const stubborn = await startWorker(testDb.database, { JOB_STOP_TIMEOUT_MS: '300' });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    stubborn.jobs.register(kind, async (ctx) => {
      await ctx.progress(20);
      await gate;
      return 'too late';
    });
    const onStubborn = await liveSocket(await listen(stubborn), user);
    const { job } = await stubborn.jobs.enqueue(user.id, kind, {}, { maxAttempts: 3 });
    expect(await onStubborn.next()).toEqual({ type: 'progress', value: 20, job_id: job.id });

    const started = performance.now();
    await stop(stubborn);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3000);
    expect(await row(job.id)).toMatchObject({ status: 'queued', attempts: 0, progress: 20, lockedBy: null });
    await onStubborn.closed;

    // The abandoned handler finishing later must not touch the job it gave up.
    finish();
    await sleep(100);
    expect(await row(job.id)).toMatchObject({ status: 'queued', result: null });

    app.jobs.register(kind, async () => 'done here');
    await waitUntil(async () => (await row(job.id)).status === 'done', 3000, 'released job taken over');
    expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1, result: 'done here' });
  });

  it('two instances working one queue run every job exactly once and share the work', async () => {
    const { user, row } = await newUser();
    const kind = kindOf('fanout');
    // One worker each and a cap above the jobs' number: the user's jobs may run side by side, one on each.
    const sharing = { JOBS_CONCURRENCY: '1', JOBS_PER_USER: '6' };
    const one = await startWorker(testDb.database, sharing);
    const other = await startWorker(await sameDatabase(), sharing);
    const ranBy = new Map<string, string[]>();
    const handlerOf = (worker: string) => async (ctx: { job: JobRow }) => {
      ranBy.set(ctx.job.id, [...(ranBy.get(ctx.job.id) ?? []), worker]);
      await sleep(120);
      return worker;
    };
    one.jobs.register(kind, handlerOf(one.jobs.worker));
    other.jobs.register(kind, handlerOf(other.jobs.worker));

    const enqueued = await Promise.all(
      Array.from({ length: 6 }, (_, i) => one.jobs.enqueue(user.id, kind, { i }, { maxAttempts: 1 })),
    );
    const ids = enqueued.map((e) => e.job.id);
    await waitUntil(
      async () => (await Promise.all(ids.map(row))).every((r) => r.status === 'done'),
      8000,
      'all jobs done',
    );

    for (const id of ids) expect(ranBy.get(id), `job ${id}`).toHaveLength(1);
    const workers = ids.map((id) => ranBy.get(id)![0]);
    expect(new Set(workers)).toEqual(new Set([one.jobs.worker, other.jobs.worker]));
    for (const id of ids) expect((await row(id)).result).toBe(ranBy.get(id)![0]);
    await stop(other);
    await stop(one);
  });

  it.runIf(testDbKind === 'postgres')(
    'concurrent claims on separate connections each get a different job',
    async () => {
      const { user } = await newUser();
      const kind = kindOf('race');
      await Promise.all(
        Array.from({ length: 8 }, () => app.repos.jobs.enqueue({ userId: user.id, kind, payload: {} })),
      );
      const racer = await sameDatabase();
      const repos = [app.repos.jobs, new JobsRepository(racer.db)];

      // A cap of 8 a user: only SKIP LOCKED keeps the racers apart (the cap's own race: jobs-fairness.test.ts).
      const claimed = await Promise.all(
        Array.from({ length: 8 }, (_, i) => repos[i % 2]!.claim(`racer-${i}`, [kind], 8)),
      );
      expect(claimed.filter(Boolean).length).toBeGreaterThan(0);
      // A racer that found the user's claim lock taken gets nothing now and the rest on a later try.
      for (let i = 0; i < 8 && claimed.some((j) => !j); i++) {
        const slot = claimed.findIndex((j) => !j);
        claimed[slot] = await repos[slot % 2]!.claim(`racer-${slot}`, [kind], 8);
      }
      expect(claimed.every(Boolean)).toBe(true);
      expect(new Set(claimed.map((j) => j!.id)).size).toBe(8);
      expect(await app.repos.jobs.claim('late-racer', [kind], 8)).toBeUndefined();

      // Left running they would be requeued by the workers after the lease.
      await Promise.all(claimed.map((j, i) => app.repos.jobs.complete(j!.id, `racer-${i}`, null)));
    },
  );
});
