import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { clearLocalData } from '../db/database.ts';
import { signInAs, startRealServer, type RealServer } from './real-server.ts';

/*
 * The setup the features' sync tests share: the real server in-process on an in-memory database, the
 * device's own database (cleared), and a user signed in on the device. The bindings are live: a test
 * file imports them and sees the current server and user.
 */

export let server: RealServer;
export let user: TestUser;

async function freshUser(): Promise<void> {
  await clearLocalData();
  user = await server.signUp();
  signInAs(user);
}

/**
 * Registers the hooks: call once at the top of a test file (vitest's node environment). By default
 * every test starts with a new user and an empty device; `perFile` keeps one user for the whole file,
 * for tests that build on each other's data.
 */
export function useDeviceOnRealServer({ perFile = false }: { perFile?: boolean } = {}): void {
  beforeAll(async () => {
    server = await startRealServer();
    if (perFile) await freshUser();
  }, 120_000);
  afterAll(async () => {
    await clearLocalData();
    await server?.close();
  });
  if (!perFile) beforeEach(freshUser);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A call to the server as the test's user, whatever it answers. */
export async function call<T = Record<string, unknown>>(method: Method, url: string, payload?: unknown) {
  const res = await server.app.inject({ method, url, headers: user.headers, payload: payload as never });
  return { status: res.statusCode, body: (res.body === '' ? undefined : res.json()) as T };
}

/** A call that must succeed: answers its body. */
export async function callOk<T = unknown>(method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await server.app.inject({ method, url, headers: user.headers, payload: payload as never });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.body === '' ? undefined : res.json()) as T;
}
