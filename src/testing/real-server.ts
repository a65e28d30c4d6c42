import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '../../tests/server/helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from '../../tests/server/helpers/test-app.ts';
import { setApiBase } from '../sync/config.ts';
import { installMemoryStorage } from './memory-storage.ts';

export interface RealServer {
  app: FastifyInstance;
  base: string;
  signUp(): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The real API server in-process (PGlite in memory) on a free local port, with the client's API
 * base pointed at it and localStorage available. One per test file: it takes seconds to start.
 * Files using it run in vitest's node environment (see memory-storage.ts for why not jsdom).
 */
export async function startRealServer(): Promise<RealServer> {
  installMemoryStorage();
  const database = await createTestDatabase();
  const app = await startTestApp(database.database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  setApiBase(base);
  return {
    app,
    base,
    signUp: () => signUp(app),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Lets the client act as this user. */
export function signInAs(user: TestUser): void {
  localStorage.setItem('access_token', user.accessToken);
  localStorage.setItem('refresh_token', user.refreshToken);
}

/** The user's stores as the server has them (GET /api/v1/markets/). */
export async function serverMarkets(server: RealServer, user: TestUser): Promise<Array<Record<string, unknown>>> {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/markets/', headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`GET markets: ${res.statusCode}`);
  return res.json() as Array<Record<string, unknown>>;
}

/**
 * An access token the server itself would have issued (tests/server/helpers/test-app.ts secret), expired a minute ago.
 */
export function expiredAccessToken(userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('ostatok')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
}
