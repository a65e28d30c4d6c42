import { expect } from 'vitest';
import { signUp, type TestUser } from '../../../../tests/server/helpers/test-app.ts';
import type { RealServer } from '../../../testing/real-server.ts';

/*
 * A team on the real server (in-process), made and changed as its owner would through the API: the tests of the
 * team's screens and of the device's sign-ins build their world with these.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call as `as`, which must succeed: answers its body. */
export async function callAs<T = unknown>(
  server: RealServer,
  as: TestUser,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await server.app.inject({ method, url, headers: as.headers, payload: payload as never });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body === '' ? undefined : res.json()) as T;
}

export async function invite(
  server: RealServer,
  owner: TestUser,
  role: 'manager' | 'warehouse' = 'warehouse',
  canSeeCosts = false,
): Promise<string> {
  const created = await callAs<{ code: string }>(server, owner, 'POST', '/api/v1/team/invitations/', {
    role,
    can_see_costs: canSeeCosts,
    expires_in_hours: 72,
  });
  return created.code;
}

/** A new person who signs up with the invitation's code: a member of its team from the start. */
export async function signUpWithCode(server: RealServer, code: string): Promise<TestUser> {
  const login = `member-${crypto.randomUUID().slice(0, 8)}@example.ru`;
  const password = 'correct horse battery';
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup/',
    payload: { login, password, first_name: 'Олег', last_name: 'Складов', invitation: code },
  });
  expect(res.statusCode, res.body).toBe(201);
  return logInAgain(server, { id: (res.json() as { id: string }).id, login, password });
}

/** A fresh sign-in of a person (the earlier ones may have been ended by the owner). */
export async function logInAgain(
  server: RealServer,
  person: Pick<TestUser, 'id' | 'login' | 'password'>,
): Promise<TestUser> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { login: person.login, password: person.password, email: person.login },
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json() as { access_token: string; refresh_token: string };
  return {
    ...person,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  };
}

/** An owner whose business has a name of its own. */
export async function ownerOf(server: RealServer, businessName: string): Promise<TestUser> {
  const owner = await signUp(server.app);
  await callAs(server, owner, 'PATCH', '/api/v1/team/business/', { name: businessName });
  return owner;
}

/** The team as its owner reads it. */
export const teamOf = (server: RealServer, owner: TestUser) =>
  callAs<{
    business: { id: string; name: string };
    members: Array<{ user_id: string; role: string; can_see_costs: boolean }>;
    invitations: Array<{ id: string; role: string }>;
  }>(server, owner, 'GET', '/api/v1/team/');

/** Warehouse products as `as` reads them (their business's). */
export const productNamesOf = async (server: RealServer, as: TestUser): Promise<string[]> => {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/products/all/', headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { products: Array<{ product_wh: { name: string } }> }).products
    .map((p) => p.product_wh.name)
    .sort();
};
