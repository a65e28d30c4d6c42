import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCloseCode, type LiveMessage } from '../../api/ws.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { idempotencyRecords, refreshTokens, sessions } from '../../server/db/schema/index.ts';
import { sha256 } from '../../server/lib/tokens.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';
import { LiveClient, connectLive, listen, waitUntil, withTimeout } from './helpers/live-client.ts';
import { newId, signUp, startTestApp, testConfig, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Two instances over one database: on PostgreSQL each has its own pool and the LISTEN/NOTIFY bus,
 * as in production; on PGlite they share the embedded database and have no bus, so what reaches
 * the second one there is the short session cache and the socket check alone.
 */
let testDb: TestDatabase;
let secondDb: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
const extraApps: FastifyInstance[] = [];
const sockets: LiveClient[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  a = await startTestApp(testDb.database);
  secondDb = testDb.url ? await openDatabase({ url: testDb.url, embeddedDir: 'memory://' }) : undefined;
  b = await startTestApp(secondDb ?? testDb.database);
  baseB = await listen(b);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  for (const app of [...extraApps, b, a]) await app?.close();
  await secondDb?.close();
  await testDb?.drop();
});

const post = (app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers }) as Promise<Res>;
const me = (app: FastifyInstance, access: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/users/me/',
    headers: { authorization: `Bearer ${access}` },
  }) as Promise<Res>;
const refresh = (app: FastifyInstance, token: string, key?: string) =>
  post(app, '/api/v1/users/refresh/', { refresh: token }, key ? { 'idempotency-key': key } : {});
const logout = (app: FastifyInstance, access: string | undefined, body: { refresh?: string } = {}) =>
  post(app, '/api/v1/users/logout/', body, access ? { authorization: `Bearer ${access}` } : {});

/** A second sign-in of the same user (another device). */
async function signInAgain(user: TestUser): Promise<{ access_token: string; refresh_token: string }> {
  const res = await post(a, '/api/v1/users/login/', { login: user.login, password: user.password });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function live(base: string, userId: string, token: string): Promise<LiveClient> {
  const socket = await connectLive(base, userId, token);
  sockets.push(socket);
  return socket;
}

const sessionOf = (access: string) => decodeJwt(access).sid as string;
const sessionRow = async (id: string) => (await a.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];
const sealedPairs = (refreshToken: string) =>
  a.database.db
    .select()
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.scope, `refresh:${sha256(refreshToken)}`));

/** Waits for `me` on `app` to refuse the token; answers how long that took. */
async function refusedWithin(app: FastifyInstance, access: string, ms: number): Promise<{ res: Res; ms: number }> {
  const started = Date.now();
  let res = await me(app, access);
  while (res.statusCode === 200) {
    if (Date.now() - started > ms) throw new Error(`the token was still accepted after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    res = await me(app, access);
  }
  return { res, ms: Date.now() - started };
}

describe('a sign-in is a session', () => {
  it('login opens a session; its access tokens carry its id as sid, the refresh family has the same id', async () => {
    const user = await signUp(a);
    const sid = sessionOf(user.accessToken);
    expect(await sessionRow(sid)).toMatchObject({ userId: user.id, revokedAt: null });
    const [token] = await a.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    expect(token!.familyId).toBe(sid);
    const pair = (await refresh(a, user.refreshToken)).json();
    expect(sessionOf(pair.access_token)).toBe(sid);
  });
});

describe('logout', () => {
  it('on A ends the sign-in on B too: refresh refused, access refused within 5 s, the live socket closed', async () => {
    const user = await signUp(a);
    const other = await signInAgain(user);
    const socketB = await live(baseB, user.id, user.accessToken);
    const otherSocketB = await live(baseB, user.id, other.access_token);
    // B has just seen the session open: only the announcement (or the 2 s cache) can change its mind.
    expect((await me(b, user.accessToken)).statusCode).toBe(200);

    const out = await logout(a, user.accessToken, { refresh: user.refreshToken });
    expect(out.statusCode, out.body).toBe(204);
    expect(out.body).toBe('');

    expectProblem(await refresh(b, user.refreshToken), 401, 'refresh_invalid');
    const refusedOnA = expectProblem(await me(a, user.accessToken), 401, 'token_invalid');
    expect(refusedOnA.detail).toBe('Сеанс завершён: войдите снова');
    const onB = await refusedWithin(b, user.accessToken, 5000);
    expect(expectProblem(onB.res, 401, 'token_invalid').detail).toBe('Сеанс завершён: войдите снова');
    // On PostgreSQL the bus tells B at once; B's cache alone would have taken about 2 s.
    if (testDbKind === 'postgres') expect(onB.ms).toBeLessThan(1000);

    const closed = await withTimeout(socketB.closed, 5000, "B closes the session's socket");
    expect(closed).toEqual({ code: LiveCloseCode.invalidToken, reason: 'Сеанс завершён: войдите снова' });

    // The user's other sign-in is untouched, its socket on B included.
    expect((await me(b, other.access_token)).statusCode).toBe(200);
    const marker: LiveMessage = { type: 'notification', value: { type: 'info', text: 'marker' } };
    a.live.publish(user.id, marker);
    if (testDbKind === 'pglite') b.live.publish(user.id, marker);
    expect(await otherSocketB.next(5000)).toEqual(marker);
    expect((await refresh(b, other.refresh_token)).statusCode).toBe(200);
    expect((await sessionRow(sessionOf(user.accessToken)))!.revokedAt).not.toBeNull();
  });

  it('a repeat answers 204, with the access token alone or the refresh token alone', async () => {
    const user = await signUp(a);
    // No body at all: the access token's session ends.
    const bare = await a.inject({
      method: 'POST',
      url: '/api/v1/users/logout/',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(bare.statusCode, bare.body).toBe(204);
    expect((await logout(a, user.accessToken)).statusCode).toBe(204);
    expect((await logout(b, undefined, { refresh: user.refreshToken })).statusCode).toBe(204);
    expectProblem(await refresh(a, user.refreshToken), 401, 'refresh_invalid');
  });

  it('sent later with only the refresh token (the access token expired offline) still ends the sign-in', async () => {
    const user = await signUp(a);
    expect((await logout(b, undefined, { refresh: user.refreshToken })).statusCode).toBe(204);
    expectProblem(await refresh(a, user.refreshToken), 401, 'refresh_invalid');
    await refusedWithin(a, user.accessToken, 5000);
  });

  it("does not end another user's sign-in whose refresh token is sent along", async () => {
    const alice = await signUp(a);
    const bob = await signUp(a);
    expect((await logout(a, alice.accessToken, { refresh: bob.refreshToken })).statusCode).toBe(204);
    expect((await me(a, bob.accessToken)).statusCode).toBe(200);
    expect((await refresh(a, bob.refreshToken)).statusCode).toBe(200);
    expectProblem(await refresh(a, alice.refreshToken), 401, 'refresh_invalid');
  });

  it('without a credential → 401 token_missing; with a forged one → 401 token_invalid', async () => {
    expectProblem(await logout(a, undefined), 401, 'token_missing');
    expectProblem(await logout(a, 'not-a-jwt', { refresh: 'not-a-token-we-issued' }), 401, 'token_invalid');
  });

  it('deletes the sealed pair kept for a retry of the last refresh', async () => {
    const user = await signUp(a);
    const pair = (await refresh(a, user.refreshToken)).json();
    expect(await sealedPairs(user.refreshToken)).toHaveLength(1);
    expect((await logout(a, pair.access_token, { refresh: pair.refresh_token })).statusCode).toBe(204);
    expect(await sealedPairs(user.refreshToken)).toHaveLength(0);
    expectProblem(await refresh(a, user.refreshToken), 401, 'refresh_invalid');
  });
});

describe('a reused refresh token ends the sign-in like a logout', () => {
  it("refuses the session's access tokens on B and closes its socket there", async () => {
    const user = await signUp(a);
    const pair = (await refresh(a, user.refreshToken)).json();
    const socketB = await live(baseB, user.id, pair.access_token);
    expect((await me(b, pair.access_token)).statusCode).toBe(200);

    // The old token with another key: a copy is in someone else's hands.
    expectProblem(await refresh(a, user.refreshToken, newId()), 401, 'refresh_invalid');
    const onB = await refusedWithin(b, pair.access_token, 5000);
    if (testDbKind === 'postgres') expect(onB.ms).toBeLessThan(1000);
    expect((await withTimeout(socketB.closed, 5000, 'socket closed on reuse')).code).toBe(LiveCloseCode.invalidToken);
    expect(await sealedPairs(user.refreshToken)).toHaveLength(0);
    expectProblem(await refresh(b, pair.refresh_token), 401, 'refresh_invalid');
  });
});

describe('the refresh retry window', () => {
  it('is 30 s by default and at most 30 s', () => {
    expect(testConfig().refreshRetryWindowSeconds).toBe(30);
    expect(() => testConfig({ REFRESH_RETRY_WINDOW_SECONDS: '31' })).toThrow(/REFRESH_RETRY_WINDOW_SECONDS/);
  });

  it('a retry within it replays the pair; the copy is deleted once that pair is used', async () => {
    const user = await signUp(a);
    const key = sha256(user.refreshToken);
    const first = (await refresh(a, user.refreshToken, key)).json();
    const retry = await refresh(b, user.refreshToken, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first);
    expect(await sealedPairs(user.refreshToken)).toHaveLength(1);

    expect((await refresh(b, first.refresh_token)).statusCode).toBe(200);
    expect(await sealedPairs(user.refreshToken)).toHaveLength(0);
  });

  it('when it closes the copy is deleted, and a retry after that is a reuse that ends the sign-in', async () => {
    const short = await startTestApp(testDb.database, { REFRESH_RETRY_WINDOW_SECONDS: '1' });
    extraApps.push(short);
    const user = await signUp(short);
    const key = sha256(user.refreshToken);
    const first = (await refresh(short, user.refreshToken, key)).json();
    expect((await refresh(short, user.refreshToken, key)).json()).toEqual(first);

    // Nothing asks for it: the maintenance sweep deletes it once the window has closed.
    await waitUntil(async () => (await sealedPairs(user.refreshToken)).length === 0, 5000, 'sealed pair deleted');
    expectProblem(await refresh(short, user.refreshToken, key), 401, 'refresh_invalid');
    expectProblem(await refresh(short, first.refresh_token), 401, 'refresh_invalid');
    expect((await sessionRow(sessionOf(user.accessToken)))!.revokedAt).not.toBeNull();
  });

  it('a retry on an instance with another ENCRYPTION_KEY: a clean 401 problem+json, never 500', async () => {
    const misconfigured = await startTestApp(secondDb ?? testDb.database, {
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    extraApps.push(misconfigured);
    const user = await signUp(a);
    const key = sha256(user.refreshToken);
    expect((await refresh(a, user.refreshToken, key)).statusCode).toBe(200);
    expectProblem(await refresh(misconfigured, user.refreshToken, key), 401, 'refresh_invalid');
  });
});
