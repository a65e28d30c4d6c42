import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { signAccessToken } from '../../server/lib/tokens.ts';

interface Change {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}
interface Pull {
  cursor: number;
  has_more: boolean;
  changes: Change[];
}
interface PushResult {
  id: string;
  status: number;
  body: { code?: string; name?: string; market_id?: string } | null;
}

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

async function pull(user: TestUser, since: number, limit = 500): Promise<Pull> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/sync/pull?since=${since}&limit=${limit}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function push(user: TestUser, entries: unknown[]): Promise<PushResult[]> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: user.headers, payload: entries });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: PushResult[] }).results;
}

async function addMarket(user: TestUser, market_id: string, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/markets/add/',
    headers: user.headers,
    payload: { market_id, name: `Магазин ${market_id}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
}

async function marketIds(user: TestUser): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers });
  return (res.json() as Array<{ market_id: string }>).map((m) => m.market_id).sort();
}

const add = (id: string, market_id: string, group?: string, extra: Record<string, unknown> = {}) => ({
  id,
  group: group ?? null,
  method: 'POST',
  path: '/api/v1/markets/add/',
  body: { market_id, name: `Магазин ${market_id}`, ...extra },
});

describe('GET /api/v1/sync/pull', () => {
  it('pages changes by cursor, re-sends updated rows and tombstones deleted ones', async () => {
    const user = await signUp(app);
    const a = await addMarket(user, 'a');
    const b = await addMarket(user, 'b');
    const c = await addMarket(user, 'c');

    const first = await pull(user, 0, 2);
    expect(first.changes.map((ch) => ch.id)).toEqual([a.id, b.id]);
    expect(first.has_more).toBe(true);
    expect(first.cursor).toBe(first.changes[1]!.version);

    const second = await pull(user, first.cursor, 2);
    expect(second.changes.map((ch) => ch.id)).toEqual([c.id]);
    expect(second.has_more).toBe(false);
    expect(second.changes[0]).toMatchObject({
      table: 'markets',
      deleted: false,
      row: { market_id: 'c', name: 'Магазин c' },
    });

    const idle = await pull(user, second.cursor);
    expect(idle).toEqual({ cursor: second.cursor, has_more: false, changes: [] });

    await app.inject({
      method: 'PATCH',
      url: '/api/v1/markets/a/',
      headers: user.headers,
      payload: { name: 'Переименован' },
    });
    await app.inject({ method: 'DELETE', url: '/api/v1/markets/b/', headers: user.headers });
    const third = await pull(user, second.cursor);
    expect(third.changes).toEqual([
      expect.objectContaining({ id: a.id, deleted: false, row: expect.objectContaining({ name: 'Переименован' }) }),
      { table: 'markets', id: b.id, version: expect.any(Number), deleted: true, row: null },
    ]);
    expect(third.cursor).toBeGreaterThan(second.cursor);
  });

  it("serves only the caller's rows and never a whole store key", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await addMarket(owner, 'secret-store', { access_token: 'ozon-api-key-0123456789' });
    const theirs = await pull(other, 0);
    expect(theirs.changes).toEqual([]);
    const mine = await pull(owner, 0);
    expect(mine.changes).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain('ozon-api-key');
    expect(mine.changes[0]!.row).toMatchObject({ access_token: '••••6789', has_access_token: true });
  });

  it('refuses a bad cursor and an unauthenticated call', async () => {
    const user = await signUp(app);
    const bad = await app.inject({ method: 'GET', url: '/api/v1/sync/pull?since=-1', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const anon = await app.inject({ method: 'GET', url: '/api/v1/sync/pull' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/v1/sync/push', () => {
  it('applies nothing of a group whose second entry fails', async () => {
    const user = await signUp(app);
    const results = await push(user, [add('e1', 'g-1', 'batch'), add('e2', 'g-1', 'batch')]);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['e1', 424],
      ['e2', 409],
    ]);
    expect(results[0]!.body?.code).toBe('group_failed');
    expect(results[1]!.body?.code).toBe('market_id_taken');
    expect(await marketIds(user)).toEqual([]);
    expect((await pull(user, 0)).changes).toEqual([]);
  });

  it('applies entries without a group independently, in order', async () => {
    const user = await signUp(app);
    const results = await push(user, [add('i1', 'x'), add('i2', 'x'), add('i3', 'y')]);
    expect(results.map((r) => r.status)).toEqual([201, 409, 201]);
    expect(await marketIds(user)).toEqual(['x', 'y']);
  });

  it('applies a replayed entry once and answers it with the first result', async () => {
    const user = await signUp(app);
    const create = add(newId(), 'once');
    const [first] = await push(user, [create]);
    expect(first!.status).toBe(201);

    const rename = { id: newId(), method: 'PATCH', path: '/api/v1/markets/once/', body: { name: 'Новое имя' } };
    expect((await push(user, [rename]))[0]!.status).toBe(200);

    // The client lost the first answer and sends the whole queue again.
    const replay = await push(user, [create, rename]);
    expect(replay.map((r) => r.status)).toEqual([201, 200]);
    expect(replay[0]!.body).toEqual(first!.body);
    const res = await app.inject({ method: 'GET', url: '/api/v1/markets/once/', headers: user.headers });
    expect(res.json()).toMatchObject({ name: 'Новое имя' });
    expect(await marketIds(user)).toEqual(['once']);
  });

  it('creates rows with the client-generated id, so offline edits can refer to them', async () => {
    const user = await signUp(app);
    const id = newId();
    const [result] = await push(user, [add(newId(), 'offline', undefined, { id })]);
    expect(result).toMatchObject({ status: 201, body: { market_id: 'offline' } });
    expect((await pull(user, 0)).changes.map((c) => c.id)).toEqual([id]);
  });

  it("answers 404 for another user's row inside a push and leaves it alone", async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    await addMarket(owner, 'mine');
    const [result] = await push(intruder, [{ id: newId(), method: 'DELETE', path: '/api/v1/markets/mine/' }]);
    expect(result!.status).toBe(404);
    expect(await marketIds(owner)).toEqual(['mine']);
  });

  it('refuses entries that call sync itself or sign-in', async () => {
    const user = await signUp(app);
    const [result] = await push(user, [{ id: newId(), method: 'POST', path: '/api/v1/sync/push', body: [] }]);
    expect(result).toMatchObject({ status: 400, body: { code: 'push_path_forbidden' } });
    const [login] = await push(user, [
      {
        id: newId(),
        method: 'POST',
        path: '/api/v1/users/login/',
        body: { login: user.login, password: user.password },
      },
    ]);
    expect(login).toMatchObject({ status: 400, body: { code: 'push_path_forbidden' } });
  });

  it('replays lone entries and group entries already applied, in a push mixing old and new ones', async () => {
    const user = await signUp(app);
    const first = {
      id: newId(),
      method: 'POST' as const,
      path: '/api/v1/markets/add/',
      body: { market_id: 'again', name: 'Один раз' },
    };
    expect((await push(user, [first]))[0]!.status).toBe(201);
    const group = newId();
    const grouped = {
      id: newId(),
      group,
      method: 'PATCH' as const,
      path: '/api/v1/markets/again/',
      body: { market_id: 'again', name: 'Дважды' },
    };
    const results = await push(user, [
      first,
      grouped,
      { ...grouped, id: newId(), body: { market_id: 'again', name: 'Трижды' } },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 200, 200]);
    const replayed = await push(user, [grouped, first]);
    expect(replayed.map((r) => r.status)).toEqual([200, 201]);
    expect(await marketIds(user)).toEqual(['again']);
    const res = await app.inject({ method: 'GET', url: '/api/v1/markets/again/', headers: user.headers });
    expect(res.json()).toMatchObject({ name: 'Трижды' });
  });
});

describe('a push outliving its access token', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps every entry: each applied once, none answered 401', async () => {
    const user = await signUp(app);
    const token = await signAccessToken(
      { userId: user.id, businessId: user.id, role: 'owner', canSeeCosts: true },
      app.config.jwtSecret,
      5,
    );
    const headers = { authorization: `Bearer ${token}` };
    // Only Date is faked: the clock jumps past the token's expiry right after the push has
    // authenticated and read its keys, before any entry runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const existing = app.repos.idempotency.existing.bind(app.repos.idempotency);
    vi.spyOn(app.repos.idempotency, 'existing').mockImplementationOnce(async (...args) => {
      const used = await existing(...args);
      vi.setSystemTime(Date.now() + 60 * 60 * 1000);
      return used;
    });
    const entries = Array.from({ length: 6 }, (_, i) => add(newId(), `exp-${i}`, i >= 4 ? 'pair' : undefined));
    const res = await app.inject({ method: 'POST', url: '/api/v1/sync/push', headers, payload: entries });
    expect(res.statusCode, res.body).toBe(200);
    const results = (res.json() as { results: PushResult[] }).results;
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    // The token has really expired by now: the same header on a direct call is refused.
    expect((await app.inject({ method: 'GET', url: '/api/v1/markets/', headers })).statusCode).toBe(401);
    vi.useRealTimers();
    expect(await marketIds(user)).toEqual(['exp-0', 'exp-1', 'exp-2', 'exp-3', 'exp-4', 'exp-5']);
    // Each applied exactly once: replaying the push applies nothing new.
    const replay = await push(user, entries);
    expect(replay.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await marketIds(user)).toEqual(['exp-0', 'exp-1', 'exp-2', 'exp-3', 'exp-4', 'exp-5']);
  });
});

describe('pull cursor under concurrent writes', () => {
  it.runIf(testDbKind === 'postgres')(
    'never skips a row whose transaction commits after a later one started',
    async () => {
      const user = await signUp(app);
      const before = (await pull(user, 0)).cursor;
      // A slow writer holds its transaction open after writing a row of this user.
      const slow = new pg.Client({ connectionString: db.url });
      await slow.connect();
      await slow.query('begin');
      await slow.query(`insert into markets (user_id, market_id, name) values ($1, 'slow', 'Медленный')`, [user.id]);
      // A second write of the same user must wait for it, so it cannot take a version that a pull
      // could pass over while the slow row is still invisible.
      const fast = addMarket(user, 'fast');
      await new Promise((r) => setTimeout(r, 300));
      expect((await pull(user, before)).changes).toEqual([]);
      await slow.query('commit');
      await slow.end();
      await fast;
      const after = await pull(user, before);
      expect(after.changes.map((c) => (c.row as { market_id: string }).market_id)).toEqual(['slow', 'fast']);
    },
  );
});
