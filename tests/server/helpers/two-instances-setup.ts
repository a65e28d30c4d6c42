import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs, productsMp, productsWh } from '../../../server/db/schema/index.ts';
import type { SandboxStore } from '../../../server/sandbox/server.ts';
import { call, type Session } from './instance-client.ts';
import { startInstance, startSandboxProcess, type Instance, type SandboxProcess } from './instances.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The deployment tests/server/two-instances.test.ts runs: one PostgreSQL database, one sandbox marketplace
 * process, two server processes configured as the README's «Несколько экземпляров» says, and a round-robin
 * proxy in front of them.
 */

/** Offers of every sandbox store; at 20 a page the slow OZON catalog takes four pages of two calls each. */
export const OFFERS = 60;
/** How long the sandbox holds back each OZON catalog call: an OZON import then runs for about 3 s. */
export const SLOW_CATALOG_MS = 400;
/** The limits' "minute", shortened alike in the sandbox and the instances, as in tests/server/stock-push.test.ts. */
const MINUTE_MS = 1500;
const wbLimits = { wbPerMinute: 4, wbBurst: 2 };

export const stores = {
  slowOzon: { marketplace: 'OZON', marketId: '7100001', apiKey: 'ozon-two-instances-key', name: 'Озон медленный' },
  sharedWb: { marketplace: 'WILDBERRIES', marketId: 'wb-two', apiKey: 'wb-two-instances-token', name: 'ВБ общий' },
  ym: { marketplace: 'YM', marketId: '47000001', apiKey: 'ym-two-instances-key', name: 'Маркет' },
} satisfies Record<string, SandboxStore & { name: string }>;

export interface Deployment {
  t: TestDatabase;
  sandbox: SandboxProcess;
  /** [A, B] */
  instances: Instance[];
  proxy: RoundRobinProxy;
  close(): Promise<void>;
}

export async function startDeployment(): Promise<Deployment> {
  const t = await createTestDatabase();
  const started: { sandbox?: SandboxProcess; instances: Instance[]; proxy?: RoundRobinProxy } = { instances: [] };
  const close = async () => {
    await started.proxy?.close();
    await Promise.all(started.instances.map((i) => i.stop('SIGKILL')));
    await started.sandbox?.stop();
    await t.drop();
  };
  try {
    const sandbox = (started.sandbox = await startSandboxProcess({
      offersPerStore: OFFERS,
      postingsPerStore: 4,
      stores: Object.values(stores),
      stockLimits: { minuteMs: MINUTE_MS, ...wbLimits },
    }));
    await sandbox.slow(/^\/v3\/product\/(list|info\/list)$/, SLOW_CATALOG_MS);
    const env: Record<string, string> = {
      DATABASE_URL: t.url!,
      JOBS_ENABLED: 'true',
      JOB_POLL_MS: '50',
      JOB_RETRY_BASE_MS: '40',
      // A killed instance's job goes back to the queue after this long without a heartbeat.
      JOB_LEASE_SECONDS: '2',
      // One job at a time a user, and one a worker per instance: two jobs running at once are on two instances.
      JOBS_PER_USER: '1',
      JOBS_CONCURRENCY: '1',
      MARKETPLACE_PAGE_SIZE: '20',
      ORDER_INTAKE_ENABLED: 'false',
      // Six stock requests a push: two pushes at once need far more than the bucket's burst.
      STOCK_PUSH_BATCH_SIZE: '10',
      STOCK_PUSH_MINUTE_MS: String(MINUTE_MS),
      WB_MARKETPLACE_PER_MINUTE: String(wbLimits.wbPerMinute),
      WB_MARKETPLACE_BURST: String(wbLimits.wbBurst),
      ...Object.fromEntries(
        ['OZON_API_URL', 'WB_CONTENT_API_URL', 'WB_ANALYTICS_API_URL', 'WB_MARKETPLACE_API_URL', 'YM_API_URL'].map(
          (k) => [k, sandbox.url],
        ),
      ),
    };
    started.instances = await Promise.all(['a', 'b'].map((name) => startInstance(name, env)));
    const proxy = (started.proxy = await startRoundRobinProxy(started.instances.map((i) => i.url)));
    return { t, sandbox, instances: started.instances, proxy, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type JobRow = typeof jobs.$inferSelect;

/** The user's jobs (of one kind), oldest first, read straight from the database both instances share. */
export async function jobsOf(t: TestDatabase, userId: string, kind?: string): Promise<JobRow[]> {
  return t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), kind ? eq(jobs.kind, kind) : undefined))
    .orderBy(asc(jobs.createdAt));
}

/** Live listings and products of the user: what an import wrote. */
export async function catalogOf(t: TestDatabase, userId: string): Promise<{ offers: string[]; products: number }> {
  const { db } = t.database;
  const listings = await db
    .select({ offerId: productsMp.offerId })
    .from(productsMp)
    .where(and(eq(productsMp.userId, userId), isNull(productsMp.deletedAt)));
  const products = await db
    .select({ id: productsWh.id })
    .from(productsWh)
    .where(and(eq(productsWh.userId, userId), isNull(productsWh.deletedAt)));
  return { offers: listings.map((l) => l.offerId), products: products.length };
}

/** Polls until `check` answers something truthy, and answers it. */
export async function eventually<T>(check: () => Promise<T>, ms: number, label: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Connects the sandbox stores to the user's shops through `base`. */
export async function addStores(base: string, user: Session, list: readonly (SandboxStore & { name: string })[]) {
  for (const s of list) {
    const res = await call(base, 'POST', '/api/v1/markets/add/', {
      token: user.accessToken,
      json: { market_id: s.marketId, name: s.name, marketplace: s.marketplace, access_token: s.apiKey },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

/** Starts a catalog import of the stores through `base`; answers the response. */
export const startImport = (base: string, user: Session, list: readonly SandboxStore[]) =>
  call(base, 'POST', '/api/v1/extract/products/many/', {
    token: user.accessToken,
    json: list.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  });

/** Waits until every job is done or failed (through `base`), and answers them. */
export async function finished(base: string, user: Session, ids: string[], ms = 20_000) {
  return eventually(
    async () => {
      const wires = await Promise.all(
        ids.map(async (id) => (await call(base, 'GET', `/api/v1/jobs/${id}/`, { token: user.accessToken })).body),
      );
      return wires.every((w) => w.status === 'done' || w.status === 'failed') ? wires : undefined;
    },
    ms,
    `jobs ${ids.join(', ')} finished`,
  );
}

/** The process id in a job's lock: JobQueue's worker is `${pid}-…`. */
export const pidOf = (lockedBy: string | null) => (lockedBy ? Number(lockedBy.split('-')[0]) : undefined);
