import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { jobs, productsWh } from '../../server/db/schema/index.ts';
import { startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { seeder } from './helpers/products.ts';
import { addStores, jobsFinished, runStoreJobs, sandboxAppEnv, type NamedStore } from './helpers/sandbox-app.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Issue 23, Must show: two instances of the server doing marketplace work at once never exceed a
 * marketplace's limit together — the sandbox counts what it refused for rate. Two sellers share one
 * Wildberries token and one Yandex Market shop (as two accounts of one business would), each on its own
 * instance, and push their stocks at the same moment: WB's marketplace category is a token bucket
 * (GCRA in the database), YM's SKUs a minute a window. Over one database the instances pace together
 * and the sandbox refuses nothing; over two databases (each instance pacing alone, as before) the same
 * pushes are refused for rate — so the test can fail.
 *
 * PostgreSQL only, as the issue asks: it is the one engine several processes share. The embedded database
 * runs inside the test's own process, beside both "instances" and the sandbox: each of its statements
 * holds the one event loop, so a request paced right may reach the sandbox's clock more than its 50 ms
 * tolerance late, next to one that was not held. (The pacers themselves are checked on both engines in
 * shared-pacing.test.ts.)
 */

const MINUTE_MS = 1500;
const limits = { wbPerMinute: 4, wbBurst: 2, ymSkusPerMinute: 6 };
const OFFERS = 9;

const stores: NamedStore[] = [
  { marketplace: 'WILDBERRIES', marketId: 'wb-shared', apiKey: 'wb-shared-pacing-token', name: 'ВБ общий' },
  { marketplace: 'YM', marketId: '43000077', apiKey: 'ym-shared-pacing-key', name: 'Маркет общий' },
];

/** The app's settings for the sandbox, its limits shortened to a "minute" of 1.5 s and three items a request. */
function instanceEnv(sandbox: Sandbox): Record<string, string> {
  return {
    ...sandboxAppEnv(sandbox.url),
    STOCK_PUSH_BATCH_SIZE: '3',
    STOCK_PUSH_MINUTE_MS: String(MINUTE_MS),
    WB_MARKETPLACE_PER_MINUTE: String(limits.wbPerMinute),
    WB_MARKETPLACE_BURST: String(limits.wbBurst),
    YM_STOCK_SKUS_PER_MINUTE: String(limits.ymSkusPerMinute),
  };
}

interface Instance {
  app: FastifyInstance;
  database: Database;
  user: TestUser;
}

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  // Apps first, then their databases, then the sandbox: in the reverse order of starting.
  while (closers.length > 0) await closers.pop()!().catch(() => undefined);
});

/** An instance over `database` with a seller of its own: the shared stores connected, catalogs in, stock on hand. */
async function startInstance(sandbox: Sandbox, database: Database): Promise<Instance> {
  const app = await startTestApp(database, instanceEnv(sandbox));
  closers.push(() => app.close());
  const user = await signUp(app);
  await addStores(app, user, stores);
  await runStoreJobs(app, user, 'extract/products/many/', stores, 90_000);
  const seed = seeder(app, user);
  const products = await database.db
    .select({ id: productsWh.id })
    .from(productsWh)
    .where(eq(productsWh.userId, user.id));
  for (const [i, p] of products.entries()) await seed.lot(p.id, 3 + (i % 4), 100);
  return { app, database, user };
}

/**
 * Two instances over one database (`shared`) or over a database each; both push their seller's stocks
 * at once. Answers the sandbox's refusals for rate during the pushes, the stock calls it served, and the
 * most of the two jobs seen running at one moment (shared database only).
 */
async function pushOnTwoInstances(shared: boolean) {
  const sandbox = await startSandbox({
    offersPerStore: OFFERS,
    stores,
    stockLimits: { minuteMs: MINUTE_MS, ...limits },
  });
  closers.push(() => sandbox.close());
  const first: TestDatabase = await createTestDatabase();
  closers.push(() => first.drop());
  let secondDatabase: Database;
  if (!shared) {
    const own = await createTestDatabase();
    closers.push(() => own.drop());
    secondDatabase = own.database;
  } else if (first.url) {
    // PostgreSQL: the second instance's own connections, as another process would have.
    secondDatabase = await openDatabase({ url: first.url, embeddedDir: 'memory://' });
    const opened = secondDatabase;
    closers.push(() => opened.close());
  } else secondDatabase = first.database;

  const a = await startInstance(sandbox, first.database);
  const b = await startInstance(sandbox, secondDatabase);
  // The catalogs' calls are not the point: count from here.
  sandbox.control.reset();

  const started = await Promise.all(
    [a, b].map(async ({ app, user }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/stock-push/start/',
        headers: user.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(202);
      return (res.json() as { job_id: string }).job_id;
    }),
  );
  // Each instance runs one job at a time: both running at once means both instances were pushing.
  let mostRunning = 0;
  const watching = { on: true };
  const watch = (async () => {
    while (watching.on && shared) {
      const running = await a.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.id, started), eq(jobs.status, 'running')));
      mostRunning = Math.max(mostRunning, running.length);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const [doneA] = await jobsFinished(a.app, a.user, [started[0]!], 90_000);
  const [doneB] = await jobsFinished(b.app, b.user, [started[1]!], 90_000);
  watching.on = false;
  await watch;
  expect([doneA!.status, doneB!.status]).toEqual(['done', 'done']);

  const stockCalls = sandbox.control.requests.filter(
    (r) => r.method === 'PUT' && /^\/api\/v3\/stocks\/|\/offers\/stocks$/.test(r.path),
  );
  return { refused: sandbox.rateRefusals(), stockCalls, mostRunning, sandbox };
}

describe.runIf(testDbKind === 'postgres')('the marketplace limits across two instances (the sandbox counts)', () => {
  it('two instances over one database push together without one request refused for rate', async () => {
    const { refused, stockCalls, mostRunning, sandbox } = await pushOnTwoInstances(true);
    expect(mostRunning).toBe(2);
    expect(refused).toEqual({});
    // Both sellers' stocks went: 9 offers in threes to each marketplace, from each instance.
    const served = (marketplace: string) =>
      stockCalls.filter((r) => r.marketplace === marketplace && r.status < 300).map((r) => r.status);
    expect(served('WILDBERRIES'), JSON.stringify(stockCalls)).toHaveLength(6);
    expect(served('YM'), JSON.stringify(stockCalls)).toHaveLength(6);
    expect(sandbox.stocks('WILDBERRIES').length).toBe(OFFERS);
    expect(sandbox.stocks('YM').length).toBe(OFFERS);
  }, 240_000);

  it('the same pushes over two databases, each instance pacing alone, are refused for rate', async () => {
    const { refused, sandbox } = await pushOnTwoInstances(false);
    const total = Object.values(refused).reduce((n, v) => n + v, 0);
    expect(total, JSON.stringify(refused)).toBeGreaterThan(0);
    // Retries got everything through in the end; only the pacing failed.
    expect(sandbox.stocks('WILDBERRIES').length).toBe(OFFERS);
  }, 240_000);
});
