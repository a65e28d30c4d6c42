import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import type { Database } from '../../../server/db/client.ts';

/** Fixed secrets so that several app instances of one test accept each other's tokens. */
const testSecrets = {
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ostatok-test-')),
    PUBLIC_DIR: path.join(tmpdir(), 'ostatok-no-client'),
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    ...testSecrets,
    ...env,
  });
}

export async function startTestApp(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  await app.ready();
  return app;
}

export interface TestUser {
  id: string;
  login: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

/** A new user, signed in; logins are unique so tests in one file never see each other's rows. */
export async function signUp(
  app: FastifyInstance,
  overrides: { login?: string; password?: string } = {},
): Promise<TestUser> {
  const login = overrides.login ?? `user-${randomBytes(5).toString('hex')}@example.ru`;
  const password = overrides.password ?? 'correct horse battery';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/users/signup/',
    payload: { login, password, first_name: 'Анна', last_name: 'Смирнова' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { login, password, email: login },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const tokens = res.json() as { access_token: string; refresh_token: string };
  return {
    id: (signup.json() as { id: string }).id,
    login,
    password,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  };
}

export const newId = () => randomUUID();
