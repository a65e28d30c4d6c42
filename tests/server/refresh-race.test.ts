import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords, refreshTokens } from '../../server/db/schema/index.ts';
import { sha256 } from '../../server/lib/tokens.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp } from './helpers/test-app.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';

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

const refresh = (token: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/users/refresh/',
    payload: { refresh: token },
    headers: key ? { 'idempotency-key': key } : {},
  }) as Promise<Res>;
const me = (access: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/users/me/',
    headers: { authorization: `Bearer ${access}` },
  }) as Promise<Res>;
const familyRevoked = async (userId: string) =>
  (await app.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).every(
    (r) => r.revokedAt !== null,
  );

describe('refresh retried on a bad network', () => {
  it('concurrent retries with one key: every answer is the same pair, and that pair is live', async () => {
    // Several sign-ins at once, so the retries of each really overlap on PostgreSQL's pool.
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const rounds = await Promise.all(
      users.map((user) =>
        Promise.all(Array.from({ length: 5 }, () => refresh(user.refreshToken, sha256(user.refreshToken)))),
      ),
    );
    for (const answers of rounds) {
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().refresh_token)).size).toBe(1);
      const pair = answers[0]!.json();
      expect((await me(pair.access_token)).statusCode).toBe(200);
      expect((await refresh(pair.refresh_token, newId())).statusCode).toBe(200);
    }
  });

  it.each([
    ['a key derived from the refresh token', (token: string) => sha256(token)],
    ['no Idempotency-Key at all', () => undefined],
  ])('a retry after a lost answer replays the same pair, with %s', async (_name, keyOf) => {
    const user = await signUp(app);
    const first = await refresh(user.refreshToken, keyOf(user.refreshToken));
    expect(first.statusCode).toBe(200);
    // The answer was lost: the device still holds only the old token and sends it again.
    const retry = await refresh(user.refreshToken, keyOf(user.refreshToken));
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await refresh(first.json().refresh_token)).statusCode).toBe(200);
    expect(await familyRevoked(user.id)).toBe(false);
  });

  it('the pair kept for a retry is sealed at rest: no stored record holds a token', async () => {
    const user = await signUp(app);
    const pair = (await refresh(user.refreshToken, sha256(user.refreshToken))).json();
    const stored = await app.database.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.scope, `refresh:${sha256(user.refreshToken)}`));
    expect(stored).toHaveLength(1);
    const text = JSON.stringify(stored[0]!.body);
    expect(text).not.toContain(pair.refresh_token);
    expect(text).not.toContain(pair.access_token);
  });

  it('the old token with another key is a reuse: the whole sign-in ends', async () => {
    const user = await signUp(app);
    const first = (await refresh(user.refreshToken, sha256(user.refreshToken))).json();
    expectProblem(await refresh(user.refreshToken, newId()), 401, 'refresh_invalid');
    expectProblem(await refresh(first.refresh_token), 401, 'refresh_invalid');
    expect(await familyRevoked(user.id)).toBe(true);
  });

  it('after the retry window the old token is a reuse even with the same key', async () => {
    const user = await signUp(app);
    const key = sha256(user.refreshToken);
    const first = (await refresh(user.refreshToken, key)).json();
    await app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 3 * 60 * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    expectProblem(await refresh(user.refreshToken, key), 401, 'refresh_invalid');
    expectProblem(await refresh(first.refresh_token), 401, 'refresh_invalid');
    expect(await familyRevoked(user.id)).toBe(true);
  });

  it('once the replayed pair has itself been used, the old token is a reuse', async () => {
    const user = await signUp(app);
    const key = sha256(user.refreshToken);
    const first = (await refresh(user.refreshToken, key)).json();
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    expectProblem(await refresh(user.refreshToken, key), 401, 'refresh_invalid');
    expect(await familyRevoked(user.id)).toBe(true);
  });
});
