import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * The stock push calls' guards (issue 15): no token is 401, another user's store or run is 404 exactly
 * like a missing one, bad input is a Russian problem+json 400, and nothing answers 500. Jobs do not run
 * here, so a started push stays queued. The push itself: tests/server/stock-push.test.ts.
 */

let sandbox: Sandbox;
let t: TestDatabase;
let app: FastifyInstance;
let owner: TestUser;
let stranger: TestUser;
let jobId: string;

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/stock-push/${url}`,
    headers: user ? user.headers : {},
    payload: payload as object | undefined,
  });

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: 3, postingsPerStore: 4 });
  t = await createTestDatabase();
  app = await startTestApp(t.database, {
    OZON_API_URL: sandbox.url,
    WB_MARKETPLACE_API_URL: sandbox.url,
    WB_CONTENT_API_URL: sandbox.url,
    YM_API_URL: sandbox.url,
  });
  owner = await signUp(app);
  stranger = await signUp(app);
  const ozon = sandbox.stores.find((s) => s.marketplace === 'OZON')!;
  for (const [user, body] of [
    [owner, { market_id: ozon.marketId, name: 'Озон', marketplace: 'OZON', access_token: ozon.apiKey }],
    [owner, { market_id: 'offline-shop', name: 'Своя лавка' }],
    [owner, { market_id: 'no-key', name: 'Без ключа', marketplace: 'WILDBERRIES' }],
    [stranger, { market_id: 'stranger-shop', name: 'Чужой', marketplace: 'YM', access_token: 'ym-sandbox-key-0001' }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
  }
  const res = await call(owner, 'POST', 'start/', {});
  expect(res.statusCode, res.body).toBe(202);
  jobId = res.json().job_id;
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
  await sandbox?.close();
});

describe('stock push calls: who may call what', () => {
  it.each([
    ['GET', 'preview/'],
    ['POST', 'start/'],
    ['GET', 'log/'],
    ['GET', `log/${newId()}/`],
    ['GET', 'settings/'],
    ['PATCH', 'settings/'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    expectProblem(await call(null, method, url, method === 'GET' ? undefined : {}), 401, 'token_missing');
  });

  it('another user’s run answers 404, exactly like a missing one', async () => {
    expect((await call(owner, 'GET', `log/${jobId}/`)).statusCode).toBe(200);
    const theirs = expectProblem(await call(stranger, 'GET', `log/${jobId}/`), 404, 'not_found');
    const missing = expectProblem(await call(stranger, 'GET', `log/${newId()}/`), 404, 'not_found');
    expect(theirs.detail).toBe(missing.detail);
    expect(((await call(stranger, 'GET', 'log/')).json() as { runs: unknown[] }).runs).toEqual([]);
  });

  it('another user’s store answers 404 in the preview and the start', async () => {
    expectProblem(await call(owner, 'GET', 'preview/?market_id=stranger-shop'), 404, 'not_found');
    expectProblem(await call(owner, 'POST', 'start/', { market_ids: ['stranger-shop'] }), 404, 'not_found');
    const preview = await call(stranger, 'GET', 'preview/');
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as { stores: Array<{ market_id: string }> }).stores.map((s) => s.market_id)).toEqual([
      'stranger-shop',
    ]);
  });

  it('settings are each user’s own', async () => {
    expect((await call(owner, 'PATCH', 'settings/', { auto_push: true })).json()).toEqual({ auto_push: true });
    expect((await call(stranger, 'GET', 'settings/')).json()).toEqual({ auto_push: false });
    expect((await call(owner, 'GET', 'settings/')).json()).toEqual({ auto_push: true });
    await call(owner, 'PATCH', 'settings/', { auto_push: false });
  });
});

describe('stock push calls: refusals', () => {
  it('a store without a marketplace or a key, or nothing connected at all, is refused in Russian', async () => {
    expectProblem(await call(owner, 'POST', 'start/', { market_ids: ['offline-shop'] }), 400, 'marketplace_not_set');
    expectProblem(await call(owner, 'POST', 'start/', { market_ids: ['no-key'] }), 400, 'access_token_missing');
    expectProblem(await call(owner, 'POST', 'start/', { market_ids: ['missing-shop'] }), 404, 'not_found');
    const lonely = await signUp(app);
    expectProblem(await call(lonely, 'POST', 'start/', {}), 400, 'no_connected_stores');
  });

  it('a second push while one waits is 409', async () => {
    expectProblem(await call(owner, 'POST', 'start/', {}), 409, 'stock_push_running');
  });

  it.each([
    ['POST', 'start/', { market_ids: 'abc' }],
    ['POST', 'start/', { market_ids: [] }],
    ['POST', 'start/', { market_ids: [''] }],
    ['POST', 'start/', { market_ids: ['x'], extra: 1 }],
    ['POST', 'start/', [1, 2]],
    ['PATCH', 'settings/', {}],
    ['PATCH', 'settings/', { auto_push: 'yes' }],
    ['PATCH', 'settings/', { auto_push: true, other: false }],
    ['GET', 'log/?limit=0', undefined],
    ['GET', 'log/?limit=abc', undefined],
    ['GET', 'log/?limit=101', undefined],
    ['GET', 'log/not-a-uuid/', undefined],
    ['GET', 'preview/?market_id=', undefined],
    ['GET', 'preview/?unknown=1', undefined],
  ] as const)('%s %s %j is a Russian 400', async (method, url, payload) => {
    const res = await call(owner, method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expectProblem(res, 400, res.json().code);
  });

  it('a body that is not JSON, or none, is a 400 too', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-push/start/',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"market_ids": [',
    });
    expectProblem(broken, 400, 'malformed_json');
    const none = await app.inject({ method: 'PATCH', url: '/api/v1/stock-push/settings/', headers: owner.headers });
    expect(none.statusCode, none.body).toBe(400);
  });
});
