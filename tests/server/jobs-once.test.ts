import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { jobs } from '../../server/db/schema/index.ts';
import { Problem } from '../../server/lib/problem.ts';
import { startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { STOCK_PUSH } from '../../server/stock-push/job.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * Issue 23: a job asked for twice while the first waits is queued once — the database decides, so it
 * holds for racing requests on two instances — and a user's queue has a limit answered with 429. Jobs
 * do not run here (JOBS_ENABLED=false), so what is queued stays queued; a running job is made by
 * claiming it the way a worker does.
 */

const QUEUE_LIMIT = 6;

let sandbox: Sandbox;
let t: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;
let secondDatabase: Database | undefined;

async function connectedUser(): Promise<TestUser> {
  const user = await signUp(a);
  const ozon = sandbox.stores.find((s) => s.marketplace === 'OZON')!;
  const wb = sandbox.stores.find((s) => s.marketplace === 'WILDBERRIES')!;
  for (const store of [
    { market_id: ozon.marketId, name: 'Озон', marketplace: 'OZON', access_token: ozon.apiKey },
    { market_id: wb.marketId, name: 'ВБ', marketplace: 'WILDBERRIES', access_token: wb.apiKey },
  ]) {
    const res = await a.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload: store });
    expect(res.statusCode, res.body).toBe(201);
  }
  return user;
}

const startPush = (app: FastifyInstance, user: TestUser, body: object = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/stock-push/start/', headers: user.headers, payload: body });

async function queued(userId: string, kind: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), eq(jobs.status, 'queued')));
  return row!.n;
}

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: 3, postingsPerStore: 2 });
  t = await createTestDatabase();
  const env = {
    OZON_API_URL: sandbox.url,
    WB_MARKETPLACE_API_URL: sandbox.url,
    WB_CONTENT_API_URL: sandbox.url,
    YM_API_URL: sandbox.url,
    JOBS_QUEUE_LIMIT: String(QUEUE_LIMIT),
  };
  a = await startTestApp(t.database, env);
  // A second instance: its own connections on PostgreSQL; on PGlite the one in-process database.
  if (t.url) secondDatabase = await openDatabase({ url: t.url, embeddedDir: 'memory://' });
  b = await startTestApp(secondDatabase ?? t.database, env);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await secondDatabase?.close();
  await t?.drop();
  await sandbox?.close();
});

describe('one waiting job per user, kind and store', () => {
  it('20 concurrent «Передать остатки» over two instances queue exactly one push', async () => {
    const user = await connectedUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => startPush(i % 2 ? b : a, user)));
    const accepted = answers.filter((r) => r.statusCode === 202);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 202))
      expectProblem(refused, 409, 'stock_push_running');
    expect(await queued(user.id, STOCK_PUSH)).toBe(1);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(job).toMatchObject({ id: accepted[0]!.json().job_id, dedupeKey: '', status: 'queued' });
  });

  it('a push naming stores waits as the same push; a running one does not block the next', async () => {
    const user = await connectedUser();
    const ozon = sandbox.stores.find((s) => s.marketplace === 'OZON')!;
    const first = await startPush(a, user, { market_ids: [ozon.marketId] });
    expect(first.statusCode, first.body).toBe(202);
    expectProblem(await startPush(b, user), 409, 'stock_push_running');

    // A worker takes it (other users' pushes wait too, so it is marked as a claim marks it): the stock
    // may change while it runs, so one more may wait behind it — one.
    const [claimed] = await t.database.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'test-worker', lockedAt: sql`now()`, attempts: 1 })
      .where(eq(jobs.id, first.json().job_id))
      .returning();
    const next = await startPush(b, user);
    expect(next.statusCode, next.body).toBe(202);
    expect(next.json().job_id).not.toBe(first.json().job_id);
    expectProblem(await startPush(a, user), 409, 'stock_push_running');

    // The running one given up (a shutdown) while its successor waits: both stay, neither refused.
    expect(await a.repos.jobs.release(claimed!.id, 'test-worker')).toBe(true);
    expect(await queued(user.id, STOCK_PUSH)).toBe(2);
    const [released] = await t.database.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(released).toMatchObject({ status: 'queued', dedupeKey: null });
  });

  it('loading a store twice while its load waits answers the waiting job; another store gets its own', async () => {
    const user = await connectedUser();
    const ozon = sandbox.stores.find((s) => s.marketplace === 'OZON')!;
    const wb = sandbox.stores.find((s) => s.marketplace === 'WILDBERRIES')!;
    const load = (app: FastifyInstance, stores: { marketplace: string; market_id: string }[]) =>
      app.inject({ method: 'POST', url: '/api/v1/extract/products/many', headers: user.headers, payload: stores });
    const ozonRef = { marketplace: 'OZON', market_id: ozon.marketId };
    const wbRef = { marketplace: 'WILDBERRIES', market_id: wb.marketId };

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => load(i % 2 ? b : a, [ozonRef])));
    for (const res of answers) expect(res.statusCode, res.body).toBe(202);
    const ids = new Set(answers.map((r) => r.json().job_ids[0] as string));
    expect(ids.size).toBe(1);

    const both = await load(b, [ozonRef, wbRef]);
    expect(both.statusCode, both.body).toBe(202);
    const [ozonJob, wbJob] = both.json().job_ids as string[];
    expect(ozonJob).toBe([...ids][0]);
    expect(wbJob).not.toBe(ozonJob);
  });

  it('returns of another period are other work; the same period waits as one', async () => {
    const user = await connectedUser();
    const ozon = sandbox.stores.find((s) => s.marketplace === 'OZON')!;
    const returns = (start: string, end: string) =>
      a.inject({
        method: 'POST',
        url: '/api/v1/extract/returns/',
        headers: user.headers,
        payload: { marketplace: 'OZON', market_id: ozon.marketId, date_start: start, date_end: end },
      });
    const march = await returns('2025-03-01', '2025-03-31');
    const again = await returns('2025-03-01', '2025-03-31');
    const april = await returns('2025-04-01', '2025-04-30');
    for (const res of [march, again, april]) expect(res.statusCode, res.body).toBe(202);
    expect(again.json().job_ids).toEqual(march.json().job_ids);
    expect(april.json().job_ids[0]).not.toBe(march.json().job_ids[0]);
  });
});

describe('a user’s queue limit', () => {
  it('past JOBS_QUEUE_LIMIT waiting jobs a start is refused with 429, Retry-After and a Russian reason', async () => {
    const user = await connectedUser();
    const neighbour = await connectedUser();
    for (let i = 0; i < QUEUE_LIMIT; i++) await a.jobs.enqueue(user.id, 'test-filler', { i });

    const refused = await startPush(b, user);
    const problem = expectProblem(refused, 429, 'job_queue_full');
    expect(problem.detail).toBe('Слишком много задач в очереди: дождитесь, пока выполнятся уже поставленные');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await queued(user.id, STOCK_PUSH)).toBe(0);
    await expect(a.jobs.enqueue(user.id, 'test-filler', {})).rejects.toBeInstanceOf(Problem);

    // A load of several stores refused as a whole: nothing of it stays queued.
    const load = await a.inject({
      method: 'POST',
      url: '/api/v1/extract/products/many',
      headers: user.headers,
      payload: [{ marketplace: 'OZON', market_id: sandbox.stores.find((s) => s.marketplace === 'OZON')!.marketId }],
    });
    expectProblem(load, 429, 'job_queue_full');

    // Another user is not held back by it.
    const theirs = await startPush(a, neighbour);
    expect(theirs.statusCode, theirs.body).toBe(202);
  });

  it('the limit counts waiting jobs only: once some run, the user may queue again', async () => {
    const user = await connectedUser();
    for (let i = 0; i < QUEUE_LIMIT; i++) await a.jobs.enqueue(user.id, 'test-limit', { i });
    expectProblem(await startPush(a, user), 429, 'job_queue_full');
    const running = await a.repos.jobs.claim('test-worker', ['test-limit'], 1);
    expect(running).toBeDefined();
    const res = await startPush(b, user);
    expect(res.statusCode, res.body).toBe(202);
  });
});
