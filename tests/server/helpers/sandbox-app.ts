import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LiveMessage } from '../../../api/ws.ts';
import { startSandbox, type Sandbox, type SandboxOptions, type SandboxStore } from '../../../server/sandbox/server.ts';
import { connectLive, listen, waitUntil, type LiveClient } from './live-client.ts';
import { startTestApp, type TestUser } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The app against the sandbox marketplaces, for the tests of the jobs that call them (catalogs,
 * postings, returns, stock push): a sandbox, a test database, and the app with jobs running, every
 * marketplace URL pointed at the sandbox, listening for the live channel.
 */

/** A sandbox store and the name the seller gives it in Ostatok. */
export type NamedStore = SandboxStore & { name: string };

/** A job as GET /jobs/{id}/ answers it, `result` being the job's own. */
export interface JobWire<R = unknown> {
  id: string;
  kind: string;
  status: string;
  progress: number;
  attempts: number;
  result: R | null;
  error: string | null;
}

export interface SandboxApp {
  sandbox: Sandbox;
  app: FastifyInstance;
  /** A live channel of the user's, closed with the rest. */
  live(user: TestUser): Promise<LiveClient>;
  close(): Promise<void>;
}

/** Starts the sandbox and the app; `env` adds to (or overrides) the app's settings. */
export async function startSandboxApp(options: SandboxOptions, env: Record<string, string> = {}): Promise<SandboxApp> {
  const sockets: LiveClient[] = [];
  let sandbox: Sandbox | undefined;
  let t: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.close();
    await t?.drop();
    await sandbox?.close();
  };
  try {
    sandbox = await startSandbox(options);
    t = await createTestDatabase();
    app = await startTestApp(t.database, { ...sandboxAppEnv(sandbox.url), ...env });
    const base = await listen(app);
    return {
      sandbox,
      app,
      async live(user) {
        const socket = await connectLive(base, user.id, user.accessToken);
        sockets.push(socket);
        return socket;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Adds the stores to the user's shops, each with its key. */
export async function addStores(app: FastifyInstance, user: TestUser, stores: readonly NamedStore[]): Promise<void> {
  for (const s of stores) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/markets/add/',
      headers: user.headers,
      payload: { market_id: s.marketId, name: s.name, marketplace: s.marketplace, access_token: s.apiKey },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

export async function jobOf<R = unknown>(app: FastifyInstance, user: TestUser, id: string): Promise<JobWire<R>> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobWire<R>;
}

/** Waits until every job is done or failed, and answers them in the order of `ids`. */
export async function jobsFinished<R = unknown>(
  app: FastifyInstance,
  user: TestUser,
  ids: string[],
  ms = 60_000,
): Promise<JobWire<R>[]> {
  await waitUntil(
    async () => {
      for (const id of ids) if (!['done', 'failed'].includes((await jobOf(app, user, id)).status)) return false;
      return true;
    },
    ms,
    'jobs finished',
  );
  return Promise.all(ids.map((id) => jobOf<R>(app, user, id)));
}

/** Queues a job per store through `url` (extract/products/many/, extract/products/status/) and expects each done. */
export async function runStoreJobs(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  stores: readonly NamedStore[],
  ms?: number,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: user.headers,
    payload: stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  });
  expect(res.statusCode, res.body).toBe(202);
  const done = await jobsFinished(app, user, (res.json() as { job_ids: string[] }).job_ids, ms);
  expect(done.map((j) => j.status)).toEqual(stores.map(() => 'done'));
}

/** Reads the live channel until each job has sent its progress of 100; answers every message read. */
export async function messagesUntilDone(socket: LiveClient, ids: string[]): Promise<LiveMessage[]> {
  const seen: LiveMessage[] = [];
  const open = new Set(ids);
  while (open.size > 0) {
    const message = await socket.next(60_000);
    seen.push(message);
    if (message.type === 'progress' && message.value === 100 && message.job_id) open.delete(message.job_id);
  }
  return seen;
}

/** An app's settings for running its jobs quickly against the sandbox marketplace at `url`. */
export function sandboxAppEnv(url: string): Record<string, string> {
  return {
    JOBS_ENABLED: 'true',
    JOB_POLL_MS: '50',
    JOB_RETRY_BASE_MS: '40',
    MARKETPLACE_PAGE_SIZE: '100',
    OZON_API_URL: url,
    WB_CONTENT_API_URL: url,
    WB_ANALYTICS_API_URL: url,
    WB_MARKETPLACE_API_URL: url,
    YM_API_URL: url,
    // The order intake reads every connected store's orders by itself: only the tests about it turn it on.
    ORDER_INTAKE_ENABLED: 'false',
  };
}
