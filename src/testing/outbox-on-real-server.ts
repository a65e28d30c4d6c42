import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { queueCreate, queueUpdate } from '../sync/outbox.ts';
import type { PushTransport } from '../sync/push-worker.ts';
import { pushOverHttp } from '../sync/transports.ts';
import { serverMarkets, signInAs, startRealServer, type RealServer } from './real-server.ts';

/*
 * The setup shared by the sync test files (push, pull, refused entries): the real server, a fresh user and device
 * database per test, and stores queued in that database's outbox. The bindings below are live:
 * a test file imports them and sees the current test's server, user and database.
 */

export let server: RealServer;
export let user: TestUser;
export let database: OstatokDatabase;
export const realFetch = globalThis.fetch;

/** Registers the hooks: call once at the top of a test file (which runs in vitest's node environment). */
export function useOutboxOnRealServer(): void {
  beforeAll(async () => {
    server = await startRealServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    user = await server.signUp();
    signInAs(user);
    database = new OstatokDatabase('test-' + crypto.randomUUID());
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    await database.delete();
  });
}

export const ADD = '/api/v1/markets/add/';
export const at = (marketId: string) => `/api/v1/markets/${marketId}/`;

export async function createStore(
  marketId: string,
  name = `Магазин ${marketId}`,
  group?: string,
): Promise<MirroredRow> {
  const row: MirroredRow = {
    id: crypto.randomUUID(),
    market_id: marketId,
    name,
    description: '',
    marketplace: '-',
    access_token: '',
  };
  const body = { id: row.id, market_id: marketId, name, access_token: 'secret-key-1234' };
  await queueCreate('markets', row, { method: 'POST', path: ADD, body, group }, database);
  return row;
}
export const edit = (row: MirroredRow, changes: Record<string, unknown>, group?: string) =>
  queueUpdate(
    'markets',
    row.id,
    changes,
    { method: 'PATCH', path: at(row.market_id as string), body: changes, group },
    database,
  );
export const entries = () => database.outbox.orderBy('seq').toArray();
export const onServer = async () => (await serverMarkets(server, user)).map((m) => `${m.market_id}:${m.name}`).sort();

/** pushOverHttp, recording what each push call carried. */
export function recording(sent: string[][]): PushTransport {
  return async (batch) => {
    sent.push(batch.map((e) => `${e.method} ${e.path}`));
    return pushOverHttp(batch);
  };
}
