import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../server/db/schema/index.ts';
import { sha256 } from '../../server/lib/tokens.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp } from './helpers/test-app.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const uniqueLogin = () => `u-${newId().slice(0, 8)}@example.ru`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, a: FastifyInstance = app) =>
  a.inject({ method: 'POST', url, payload: payload as object, headers }) as Promise<Res>;
const login = (body: { login: string; password: string }, a = app, remoteAddress?: string) =>
  a.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { login: body.login, password: body.password, email: body.login },
    remoteAddress,
  }) as Promise<Res>;
const refresh = (token: string, headers: Record<string, string> = {}) =>
  post('/api/v1/users/refresh/', { refresh: token }, headers);
const me = (token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/users/me/',
    headers: { authorization: `Bearer ${token}` },
  }) as Promise<Res>;

describe('signup', () => {
  it('answers 201 with the new id and the names, never the password', async () => {
    const loginName = uniqueLogin();
    const res = await post('/api/v1/users/signup/', {
      first_name: 'Иван',
      last_name: 'Петров',
      login: loginName,
      password: 'пароль-надёжный',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      login: loginName,
      first_name: 'Иван',
      last_name: 'Петров',
      // Every account founds its own business, named after the person, and owns it.
      business: { id: body.id, name: 'Иван Петров' },
      role: 'owner',
      can_see_costs: true,
    });
    expect(res.body).not.toContain('пароль-надёжный');
  });

  it('refuses a taken login with 409 login_taken and keeps one account', async () => {
    const user = await signUp(app);
    const res = await post('/api/v1/users/signup/', { login: user.login, password: 'another password' });
    expectProblem(res, 409, 'login_taken');
    expect(await app.database.db.select().from(users).where(eq(users.login, user.login))).toHaveLength(1);
    // The original password still works: the refused signup did not overwrite the account.
    expect((await login(user)).statusCode).toBe(200);
  });

  it('signups racing for one login: one account, the rest 409 login_taken', async () => {
    const loginName = uniqueLogin();
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/v1/users/signup/', { login: loginName, password: 'race password' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectProblem(a, 409, 'login_taken');
    expect(await app.database.db.select().from(users).where(eq(users.login, loginName))).toHaveLength(1);
  });

  it('stores a salted hash, not the password', async () => {
    const password = 'plain text secret 42';
    const a = await signUp(app, { password });
    const b = await signUp(app, { password });
    const rows = await app.database.db.select().from(users).where(eq(users.login, a.login));
    const [other] = await app.database.db.select().from(users).where(eq(users.login, b.login));
    const hash = rows[0]!.passwordHash;
    expect(hash).not.toBe(password);
    expect(hash).not.toContain(password);
    expect(hash).toMatch(/^scrypt\$/);
    expect(other!.passwordHash).not.toBe(hash);
  });
});

describe('login and me', () => {
  it('answers a token pair whose access token opens /me', async () => {
    const user = await signUp(app);
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    const profile = await me(pair.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      id: user.id,
      login: user.login,
      first_name: 'Анна',
      last_name: 'Смирнова',
      business: { id: user.id, name: 'Анна Смирнова' },
      role: 'owner',
      can_see_costs: true,
    });
  });

  it('refuses a wrong password and an unknown login alike', async () => {
    const user = await signUp(app);
    const wrong = expectProblem(
      await login({ login: user.login, password: 'wrong password' }),
      401,
      'invalid_credentials',
    );
    const unknown = expectProblem(
      await login({ login: uniqueLogin(), password: 'wrong password' }),
      401,
      'invalid_credentials',
    );
    // The same answer for both, so logins cannot be enumerated.
    expect(unknown.detail).toBe(wrong.detail);
  });

  it('stores refresh tokens only as hashes', async () => {
    const user = await signUp(app);
    const rows = await app.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(user.refreshToken);
    expect(rows[0]!.tokenHash).toBe(sha256(user.refreshToken));
  });

  describe('/me refuses tokens that are not valid access tokens', () => {
    const sign = (sub: string, secret: Uint8Array, exp: number, typ = 'access') =>
      new SignJWT({ typ })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('ostatok')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(secret);
    const now = () => Math.floor(Date.now() / 1000);

    it('accepts a token signed here (control)', async () => {
      const user = await signUp(app);
      expect((await me(await sign(user.id, app.config.jwtSecret, now() + 60))).statusCode).toBe(200);
    });

    it.each([
      ['expired', async (id: string) => sign(id, app.config.jwtSecret, now() - 60)],
      [
        'forged with another secret',
        async (id: string) => sign(id, new TextEncoder().encode('x'.repeat(48)), now() + 60),
      ],
      ['a refresh-typed JWT', async (id: string) => sign(id, app.config.jwtSecret, now() + 60, 'refresh')],
      [
        'unsigned (alg none)',
        async (id: string) => {
          const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
          return `${part({ alg: 'none' })}.${part({ typ: 'access', sub: id, iss: 'ostatok', exp: now() + 60 })}.`;
        },
      ],
      [
        'with its subject swapped',
        async (id: string) => {
          const [h, , s] = (await sign(newId(), app.config.jwtSecret, now() + 60)).split('.');
          const payload = Buffer.from(
            JSON.stringify({ typ: 'access', sub: id, iss: 'ostatok', exp: now() + 60 }),
          ).toString('base64url');
          return `${h}.${payload}.${s}`;
        },
      ],
    ])('%s → 401 token_invalid', async (_name, make) => {
      const user = await signUp(app);
      expectProblem(await me(await make(user.id)), 401, 'token_invalid');
    });

    it('the refresh token itself → 401', async () => {
      const user = await signUp(app);
      expectProblem(await me(user.refreshToken), 401, 'token_invalid');
    });

    it('no token → 401 token_missing', async () => {
      expectProblem((await app.inject({ method: 'GET', url: '/api/v1/users/me/' })) as Res, 401, 'token_missing');
    });

    it('a valid token of a user that does not exist → 401', async () => {
      expectProblem(await me(await sign(newId(), app.config.jwtSecret, now() + 60)), 401, 'user_gone');
    });
  });
});

describe('refresh', () => {
  it('rotates: a new pair that works, the old refresh token spent', async () => {
    const user = await signUp(app);
    const res = await refresh(user.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json();
    expect(pair.refresh_token).not.toBe(user.refreshToken);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
  });

  it('reuse of a rotated token is refused and revokes the token issued from it', async () => {
    const user = await signUp(app);
    const second = (await refresh(user.refreshToken)).json();
    // Another key than the first refresh's (none): not a retry of it but a second use.
    expectProblem(await refresh(user.refreshToken, { 'idempotency-key': newId() }), 401, 'refresh_invalid');
    expectProblem(await refresh(second.refresh_token), 401, 'refresh_invalid');
    const rows = await app.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('reuse ends only that sign-in: another session of the same user keeps working', async () => {
    const user = await signUp(app);
    const other = (await login(user)).json();
    await refresh(user.refreshToken);
    expectProblem(await refresh(user.refreshToken, { 'idempotency-key': newId() }), 401, 'refresh_invalid');
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('a retry with the same Idempotency-Key gets the same pair and trips no reuse detection', async () => {
    const user = await signUp(app);
    const key = newId();
    const first = await refresh(user.refreshToken, { 'idempotency-key': key });
    const retry = await refresh(user.refreshToken, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The family is intact: the pair handed out (twice) still refreshes.
    expect((await refresh(first.json().refresh_token)).statusCode).toBe(200);
    // Without the key the same token is a reuse.
    expectProblem(await refresh(user.refreshToken, { 'idempotency-key': newId() }), 401, 'refresh_invalid');
  });

  it('two refreshes racing with one token and different keys: one wins, the other is a reuse', async () => {
    const user = await signUp(app);
    const answers = await Promise.all([1, 2].map(() => refresh(user.refreshToken, { 'idempotency-key': newId() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expectProblem(
      answers.find((a) => a.statusCode === 401)!,
      401,
      'refresh_invalid',
    );
  });

  it('refuses an unknown and an expired refresh token', async () => {
    expectProblem(await refresh('not-a-token-we-issued'), 401, 'refresh_invalid');
    const user = await signUp(app);
    await app.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    expectProblem(await refresh(user.refreshToken), 401, 'refresh_invalid');
  });
});

describe('login rate limit', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await startTestApp(t.database, { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '8' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('after LOGIN_MAX_FAILURES failures even the right password answers 429 with Retry-After', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 3; i++)
      expectProblem(
        await login({ login: user.login, password: `wrong ${i}` }, limited, '10.0.0.1'),
        401,
        'invalid_credentials',
      );
    const res = await login(user, limited, '10.0.0.1');
    expectProblem(res, 429, 'too_many_attempts');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // From another address too: the limit is per login, not per connection.
    expectProblem(await login(user, limited, '10.0.0.2'), 429, 'too_many_attempts');
  });

  it('counts per login: another account signs in meanwhile', async () => {
    const victim = await signUp(app);
    const bystander = await signUp(app);
    for (let i = 0; i < 3; i++) await login({ login: victim.login, password: 'wrong' }, limited, '10.0.0.3');
    expect((await login(bystander, limited, '10.0.0.3')).statusCode).toBe(200);
  });

  it('a successful sign-in forgives earlier failures', async () => {
    const user = await signUp(app);
    const fail = () => login({ login: user.login, password: 'wrong' }, limited, '10.0.0.4');
    await fail();
    await fail();
    expect((await login(user, limited, '10.0.0.4')).statusCode).toBe(200);
    await fail();
    await fail();
    expect((await login(user, limited, '10.0.0.4')).statusCode).toBe(200);
  });

  it('limits all attempts from one address', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 8; i++) await login({ login: uniqueLogin(), password: 'guess' }, limited, '10.0.0.5');
    expectProblem(await login(user, limited, '10.0.0.5'), 429, 'too_many_attempts');
    expect((await login(user, limited, '10.0.0.6')).statusCode).toBe(200);
  });
});
