import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp } from './helpers/test-app.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database, { LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const login = (login: string, password: string, remoteAddress = '10.1.0.1', on = app) =>
  on.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { login, password },
    remoteAddress,
  }) as Promise<Res>;

function expectLimited(answers: Res[], max: number) {
  const checked = answers.filter((a) => a.statusCode === 401);
  const refused = answers.filter((a) => a.statusCode === 429);
  // Each 401 is a password check: no more of them than the limit, however many arrive at once.
  expect(checked.length).toBeLessThanOrEqual(max);
  expect(checked.length + refused.length).toBe(answers.length);
  for (const res of refused) {
    expectProblem(res, 429, 'too_many_attempts');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
}

describe('login limit under parallel guesses', () => {
  it('80 wrong passwords at once: at most LOGIN_MAX_FAILURES are checked, the rest 429; then even the right one is 429', async () => {
    const user = await signUp(app);
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => login(user.login, `guess ${i}`)));
    expectLimited(answers, 10);
    expectProblem(await login(user.login, user.password, '10.1.0.2'), 429, 'too_many_attempts');
  });

  it('80 guesses at once from one address, each at another login: at most LOGIN_MAX_ATTEMPTS_PER_IP are checked', async () => {
    const strict = await startTestApp(db.database, { LOGIN_MAX_ATTEMPTS_PER_IP: '20' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 80 }, () => login(`nobody-${newId()}@example.ru`, 'guess', '10.1.0.9', strict)),
      );
      expectLimited(answers, 20);
    } finally {
      await strict.close();
    }
  });
});
