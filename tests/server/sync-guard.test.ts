import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAsPushEntry } from '../../server/sync/push-context.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { expectProblem } from './helpers/expect-problem.ts';

interface PushResult {
  id: string;
  status: number;
  body: { code?: string; detail?: string; access_token?: string } | null;
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
afterEach(() => vi.restoreAllMocks());

async function push(user: TestUser, entries: unknown[], on = app): Promise<PushResult[]> {
  const res = await on.inject({ method: 'POST', url: '/api/v1/sync/push', headers: user.headers, payload: entries });
  expect(res.statusCode, res.body).toBe(200);
  // No spelling of a sign-in route may ever hand out tokens through a push.
  expect(res.body).not.toMatch(/refresh_token|token_type/);
  return (res.json() as { results: PushResult[] }).results;
}

const expectForbidden = (result: PushResult | undefined) => {
  expect(result, JSON.stringify(result)).toMatchObject({ status: 400, body: { code: 'push_path_forbidden' } });
  expect(result!.body!.detail).toMatch(/[А-Яа-яЁё]/);
};

const nestedPush = (depth: number, path = '/api/v1/sync/push'): unknown => {
  let body: unknown = [
    { id: newId(), method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'deep', name: 'Глубоко' } },
  ];
  for (let i = 0; i < depth; i++) body = [{ id: newId(), method: 'POST', path, body }];
  return (body as unknown[])[0];
};

/** The membership of a person in the business they founded, as a token of theirs states it. */
const ownerOf = (userId: string) => ({ userId, businessId: userId, role: 'owner' as const, canSeeCosts: true });

describe('push refuses every route a queue has no business calling', () => {
  const credentials = (user: TestUser) => ({ login: user.login, password: user.password, email: user.login });
  const variants: Array<[string, string, (user: TestUser) => unknown]> = [
    ['POST', '/api/v1/%75sers/login/', credentials],
    ['POST', '/api/v1/%75sers/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/%55sers/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/%75SERS/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/Users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/users/login/', credentials],
    ['POST', '/api/v1/users/signup/', (u) => ({ login: `x${u.login}`, password: 'another password 1' })],
    ['POST', '/api/v1/markets/../users/login/', credentials],
    ['POST', '/api/v1/markets/%2e%2e/users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/markets/%2E%2E/users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/markets%2f..%2fusers/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/markets/./../users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1//users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/markets\\..\\users/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/markets/%5C..%5Cusers/refresh/', (u) => ({ refresh: u.refreshToken })],
    ['POST', '/api/v1/%E0%A4%A/refresh/', (u) => ({ refresh: u.refreshToken })],
    [
      'POST',
      '/api/v1/%73ync/push',
      () => [{ id: newId(), method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 's', name: 'S' } }],
    ],
    ['POST', '/api/v1/sync/push', () => []],
    ['POST', '/api/v1/products/image/', () => ({})],
    ['POST', '/api/v1/no-such-thing/', () => ({})],
    ['PUT', '/api/v1/markets/add/', () => ({ market_id: 'put', name: 'Через PUT' })],
  ];

  it.each(variants)('%s %s', async (method, path, body) => {
    const user = await signUp(app);
    const [result] = await push(user, [{ id: newId(), method, path, body: body(user) }]);
    expectForbidden(result);
    // The refresh token was not spent behind the user's back: it still rotates once.
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh/',
      payload: { refresh: user.refreshToken },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a forbidden entry inside a group, and the group with it', async () => {
    const user = await signUp(app);
    const group = newId();
    const results = await push(user, [
      { id: newId(), group, method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'g', name: 'Группа' } },
      { id: newId(), group, method: 'POST', path: '/api/v1/%75sers/refresh/', body: { refresh: user.refreshToken } },
    ]);
    expect(results.map((r) => r.status)).toEqual([424, 400]);
    expectForbidden(results[1]);
    const markets = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers });
    expect(markets.json()).toEqual([]);
  });

  it('refuses pushes nested 12 deep, plainly or encoded, at once, while another user is served in under a second', async () => {
    const attacker = await signUp(app);
    const bystander = await signUp(app);
    const hostile = Promise.all([
      push(attacker, [nestedPush(12)]),
      push(attacker, [nestedPush(12, '/api/v1/%73ync/push')]),
      ...Array.from({ length: 6 }, () => push(attacker, [nestedPush(3), nestedPush(12)])),
    ]);
    const started = performance.now();
    const served = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: bystander.headers });
    expect(served.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const outcomes = await hostile;
    for (const result of outcomes.flat()) expectForbidden(result);
    const theirs = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: attacker.headers });
    expect(theirs.json()).toEqual([]);
  });

  it('the matched route decides, whatever the spelling: an in-process entry reaching sign-in is refused', async () => {
    const user = await signUp(app);
    // Straight to the router, past the path check of the push: the route guard alone must refuse.
    const res = await runAsPushEntry(ownerOf(user.id), () =>
      app.inject({ method: 'POST', url: '/api/v1/users/refresh/', payload: { refresh: user.refreshToken } }),
    );
    expectProblem(res, 400, 'push_path_forbidden');
    const login = await runAsPushEntry(ownerOf(user.id), () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login/',
        payload: { login: user.login, password: user.password },
      }),
    );
    expectProblem(login, 400, 'push_path_forbidden');
  });

  it('still applies the routes the client queues, spelled with harmless encoding too', async () => {
    const user = await signUp(app);
    const results = await push(user, [
      { id: newId(), method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'маг', name: 'Кириллица' } },
      { id: newId(), method: 'PATCH', path: '/api/v1/markets/%D0%BC%D0%B0%D0%B3/', body: { name: 'Переименован' } },
      { id: newId(), method: 'POST', path: '/api/v1/%6Darkets/add', body: { market_id: 'c', name: 'Закодирован' } },
      { id: newId(), method: 'DELETE', path: '/api/v1/markets/c/' },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 200, 201, 204]);
    const markets = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers });
    expect(markets.json()).toEqual([expect.objectContaining({ market_id: 'маг', name: 'Переименован' })]);
  });
});

describe('push limits', () => {
  it('refuses more than 500 entries with a Russian problem and applies none', async () => {
    const user = await signUp(app);
    const entries = Array.from({ length: 501 }, (_, i) => ({
      id: newId(),
      method: 'POST',
      path: '/api/v1/markets/add/',
      body: { market_id: `m${i}`, name: 'М' },
    }));
    const res = await app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: user.headers, payload: entries });
    expectProblem(res, 400, 'validation_failed');
    const markets = await app.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers });
    expect(markets.json()).toEqual([]);
  });

  it('stops starting groups after the deadline and answers the rest 503 push_deadline; a retry applies them', async () => {
    const hurried = await startTestApp(db.database, { PUSH_DEADLINE_MS: '1' });
    try {
      const user = await signUp(hurried);
      const entries = Array.from({ length: 30 }, (_, i) => ({
        id: newId(),
        method: 'POST',
        path: '/api/v1/markets/add/',
        body: { market_id: `d${i}`, name: 'Д' },
      }));
      const results = await push(user, entries, hurried);
      const applied = results.filter((r) => r.status === 201).length;
      expect(applied).toBeGreaterThanOrEqual(1);
      expect(applied).toBeLessThan(30);
      // Applied ones first, then only deadline refusals: nothing later ran out of order.
      expect(results.map((r) => r.status)).toEqual([...Array(applied).fill(201), ...Array(30 - applied).fill(503)]);
      expect(results.at(-1)!.body).toMatchObject({
        code: 'push_deadline',
        detail: 'Не успели применить: отправьте ещё раз',
      });
      const count = async () =>
        (await hurried.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers })).json().length;
      expect(await count()).toBe(applied);
      // The client retries 5xx entries: each retry makes progress, and already applied ones replay.
      for (let i = 0; i < 40 && (await count()) < 30; i++) await push(user, entries, hurried);
      expect(await count()).toBe(30);
      expect((await push(user, entries, hurried)).every((r) => r.status === 201)).toBe(true);
    } finally {
      await hurried.close();
    }
  });

  it('bounds the writes one user runs at once: past the bound 429 with Retry-After, others unaffected', async () => {
    const bounded = await startTestApp(db.database, { WRITES_PER_USER: '1', WRITE_SLOT_WAIT_MS: '50' });
    try {
      const greedy = await signUp(bounded);
      const other = await signUp(bounded);
      // The greedy user's push holds its slot until released.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const existing = bounded.repos.idempotency.existing.bind(bounded.repos.idempotency);
      vi.spyOn(bounded.repos.idempotency, 'existing').mockImplementationOnce(async (...args) => {
        await held;
        return existing(...args);
      });
      const slow = push(
        greedy,
        [{ id: newId(), method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'slow', name: 'Медленно' } }],
        bounded,
      );
      await new Promise((r) => setTimeout(r, 50));
      const refused = await bounded.inject({
        method: 'POST',
        url: '/api/v1/markets/add/',
        headers: greedy.headers,
        payload: { market_id: 'more', name: 'Ещё' },
      });
      expectProblem(refused, 429, 'too_many_writes');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const started = performance.now();
      const theirs = await bounded.inject({
        method: 'POST',
        url: '/api/v1/markets/add/',
        headers: other.headers,
        payload: { market_id: 'x', name: 'Другой' },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(performance.now() - started).toBeLessThan(1000);
      release();
      expect((await slow).map((r) => r.status)).toEqual([201]);
      const after = await bounded.inject({
        method: 'POST',
        url: '/api/v1/markets/add/',
        headers: greedy.headers,
        payload: { market_id: 'more', name: 'Ещё' },
      });
      expect(after.statusCode).toBe(201);
    } finally {
      await bounded.close();
    }
  });
});
