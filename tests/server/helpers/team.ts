import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { costFields } from '../../../server/lib/cost-fields.ts';
import type { Res } from './expect-problem.ts';
import { signUp, type TestUser } from './test-app.ts';

/*
 * A team as the owner builds it: invitations, sign-ups and joins through the API, each person signed in with
 * their own token pair.
 */

export type InvitedRole = 'manager' | 'warehouse';

export interface CreatedInvitation {
  id: string;
  code: string;
  role: InvitedRole;
  can_see_costs: boolean;
  expires_at: string;
  created_at: string;
}

export interface Team {
  owner: TestUser;
  manager: TestUser;
  warehouse: TestUser;
}

export const call = (app: FastifyInstance, user: TestUser | null, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url: `/api/v1/${url}`,
    payload: payload as object | undefined,
    headers: user ? user.headers : {},
  }) as Promise<Res>;

/** The body of an answer, failing the test with the answer when its status is not the expected one. */
export async function ok(res: Promise<Res> | Res, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.statusCode === 204 ? null : r.json();
}

/** The person with a new token pair (after a join, or a sign-in of their own). */
export const withTokens = (user: TestUser, pair: { access_token: string; refresh_token: string }): TestUser => ({
  ...user,
  accessToken: pair.access_token,
  refreshToken: pair.refresh_token,
  headers: { authorization: `Bearer ${pair.access_token}` },
});

/** Signs the person in again (their sign-ins were ended by the owner). */
export async function logIn(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  const pair = await ok(call(app, null, 'POST', 'users/login/', { login: user.login, password: user.password }));
  return withTokens(user, pair);
}

export const me = (app: FastifyInstance, user: TestUser) => call(app, user, 'GET', 'users/me/');
export const refresh = (app: FastifyInstance, user: TestUser) =>
  call(app, null, 'POST', 'users/refresh/', { refresh: user.refreshToken });

export async function invite(
  app: FastifyInstance,
  owner: TestUser,
  role: InvitedRole,
  extra: { can_see_costs?: boolean; expires_in_hours?: number } = {},
): Promise<CreatedInvitation> {
  return ok(call(app, owner, 'POST', 'team/invitations/', { role, ...extra }), 201);
}

/** A new account signed up with an invitation code, then signed in. */
export async function signUpInvited(app: FastifyInstance, code: string): Promise<TestUser & { signup: Res }> {
  const login = `member-${randomBytes(5).toString('hex')}@example.ru`;
  const password = 'correct horse battery';
  const signup = await call(app, null, 'POST', 'users/signup/', {
    login,
    password,
    first_name: 'Пётр',
    last_name: 'Иванов',
    invitation: code,
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const user = await logIn(app, {
    id: signup.json().id,
    login,
    password,
    accessToken: '',
    refreshToken: '',
    headers: { authorization: '' },
  });
  return { ...user, signup };
}

export const join = (app: FastifyInstance, user: TestUser, code: string) =>
  call(app, user, 'POST', 'team/join/', { code });

/** An owner with a manager and a warehouse member (who may not see costs), each signed in. */
export async function newTeam(app: FastifyInstance): Promise<Team> {
  const owner = await signUp(app);
  const manager = await signUpInvited(app, (await invite(app, owner, 'manager')).code);
  const warehouse = await signUpInvited(app, (await invite(app, owner, 'warehouse')).code);
  return { owner, manager, warehouse };
}

/** Where in a JSON value a money field (server/lib/cost-fields.ts) appears, at any depth. */
export function costFieldPaths(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => costFieldPaths(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(costFields.has(key) ? [`${at}.${key}`] : []),
    ...costFieldPaths(item, `${at}.${key}`),
  ]);
}

export interface PulledChange {
  table: string;
  id: string;
  deleted: boolean;
  row: Record<string, unknown> | null;
}

/** Every change the person's device would pull from scratch, in one page. */
export async function pullAll(app: FastifyInstance, user: TestUser): Promise<{ changes: PulledChange[] }> {
  const page = await ok(call(app, user, 'GET', 'sync/pull?since=0&limit=1000'));
  expect(page.has_more).toBe(false);
  return page;
}

export interface PushResult {
  id: string;
  status: number;
  body: Record<string, unknown> | null;
}

export async function push(app: FastifyInstance, user: TestUser, entries: unknown[]): Promise<PushResult[]> {
  return (await ok(call(app, user, 'POST', 'sync/push', entries))).results;
}

/** Products of the person's business by name, from the warehouse list. */
export async function productNames(app: FastifyInstance, user: TestUser): Promise<string[]> {
  const list = await ok(call(app, user, 'GET', 'products/all/?page_size=100'));
  return list.products.map((p: { product_wh: { name: string } }) => p.product_wh.name);
}
