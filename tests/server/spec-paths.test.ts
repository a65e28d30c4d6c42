import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The product's calls (docs/architecture.md «Вызовы») decide the paths: the OpenAPI document lists each call as the
 * product spells
 * it (with or without the trailing '/'), once; the other spelling reaches the same route.
 */

/** Every product call the server answers (docs/architecture.md «Вызовы»), spelled as the product spells it. */
const specCalls = [
  'post /api/v1/users/login',
  'post /api/v1/users/refresh',
  'post /api/v1/users/signup',
  'get /api/v1/users/me',
  'get /api/v1/markets/',
  'get /api/v1/markets/{market_id}/',
  'post /api/v1/markets/add/',
  'patch /api/v1/markets/{market_id}/',
  'delete /api/v1/markets/{market_id}/',
  'get /api/v1/products/all/',
  'get /api/v1/products/product/{id}/',
  'post /api/v1/products/products/',
  'post /api/v1/products/warehouse/add/',
  'patch /api/v1/products/warehouse/{id}/update/',
  'delete /api/v1/products/warehouse/delete/',
  'patch /api/v1/products/group/{main_id}/',
  'patch /api/v1/products/ungroup/{product_id}/',
  'post /api/v1/products/image/',
  'post /api/v1/extract/products/many',
  'post /api/v1/extract/returns/',
  'post /api/v1/extract/products/status/',
  'get /api/v1/products_mp_status/',
  'get /api/v1/inventory/',
  'get /api/v1/inventory/{id}/',
  'patch /api/v1/inventory/{id}/',
  'post /api/v1/inventory/',
  'delete /api/v1/inventory/',
  'get /api/v1/inventory/sum',
  'post /api/v1/inventory_batch/',
  'post /api/v1/batch/',
  'get /api/v1/batch/{batch_id}',
  'patch /api/v1/batch/{batch_id}/',
  'get /api/v1/batch/',
  'post /api/v1/other_realization_batch/',
  'get /api/v1/other_realization_batch/',
  'patch /api/v1/other_realization_batch/',
  'delete /api/v1/other_realization_batch/{id}/',
  'get /api/v1/disposal/{product_id}/',
  'patch /api/v1/disposal/{id}/',
  'post /api/v1/disposal/',
  'delete /api/v1/disposal/',
  'get /api/v1/markdowns/',
  'post /api/v1/markdowns/',
  'patch /api/v1/markdowns/{id}/',
  'delete /api/v1/markdowns/{id}/',
  'get /api/v1/reserve/{product_id}/',
  'post /api/v1/reserve/',
  'patch /api/v1/reserve/{id}/',
  'delete /api/v1/reserve/{id}/delete/',
  'get /api/v1/realization/{product_id}/',
  'post /api/v1/realization/',
  'patch /api/v1/realization/{id}/',
  'delete /api/v1/realization/{id}/delete/',
  'get /api/v1/returns/',
  'post /api/v1/returns/',
  'post /api/v1/returns/batch/',
  'get /api/v1/returns/{return_id}/inventory/',
  'patch /api/v1/returns/{return_id}/{to}/{inventory_id}/',
  'patch /api/v1/returns/{id}/',
];

/** The server's own calls (docs/architecture.md «Вызовы»): they keep their own spelling. */
const ownCalls = [
  'get /api/health',
  'post /api/v1/users/logout',
  'get /api/v1/products/{id}/movements/',
  'get /api/v1/sync/pull',
  'get /api/v1/sync/digest',
  'post /api/v1/sync/push',
  'get /api/v1/jobs/{id}/',
  'get /api/v1/stock-push/preview/',
  'post /api/v1/stock-push/start/',
  'get /api/v1/stock-push/log/',
  'get /api/v1/stock-push/log/{job_id}/',
  'get /api/v1/stock-push/settings/',
  'patch /api/v1/stock-push/settings/',
  'get /api/v1/orders/',
  'post /api/v1/orders/link/',
  'get /api/v1/orders/intake/',
  'post /api/v1/orders/intake/run/',
  'post /api/v1/orders/{id}/assemble/',
  'get /api/v1/orders/{id}/label/',
  'get /api/v1/counts/',
  'get /api/v1/counts/{id}/',
  'post /api/v1/counts/',
  'patch /api/v1/counts/{id}/',
  'delete /api/v1/counts/{id}/',
  'post /api/v1/counts/{id}/post/',
  'post /api/v1/count_lines/',
  'patch /api/v1/count_lines/{id}/',
  'delete /api/v1/count_lines/{id}/',
  'get /api/v1/team/',
  'patch /api/v1/team/business/',
  'get /api/v1/team/members/',
  'post /api/v1/team/invitations/',
  'delete /api/v1/team/invitations/{id}/',
  'patch /api/v1/team/members/{user_id}/',
  'delete /api/v1/team/members/{user_id}/',
  'get /api/v1/team/members/{user_id}/movements/',
  'post /api/v1/team/join/',
];

let db: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
  user = await signUp(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const otherSpelling = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);

describe('the OpenAPI document spells every path as the product’s calls do (docs/architecture.md «Вызовы»)', () => {
  it('lists exactly the product’s calls and the server’s own ones, each path once', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const listed = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(listed.sort()).toEqual([...specCalls, ...ownCalls].sort());
    // Only GET /batch/{batch_id} and PATCH /batch/{batch_id}/ differ in spelling: never one call twice.
    for (const [path, ops] of Object.entries(paths))
      for (const method of Object.keys(ops))
        expect(paths[otherSpelling(path)]?.[method], `${method} ${path}`).toBeUndefined();
  });
});

describe('both spellings of every path reach the same route', () => {
  const concrete = (path: string) => path.replace(/\{[a-z_]+\}/g, () => newId());

  it.each(specCalls)('%s', async (call) => {
    const [method, path] = call.split(' ') as [string, string];
    for (const url of [concrete(path), concrete(otherSpelling(path))]) {
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers: user.headers });
      // A matched route answers anything but the router's 404 («Адрес не найден»; a missing row says what is missing).
      if (res.statusCode === 404) expect(res.json().detail, `${call} as ${url}`).not.toMatch(/^Адрес не найден/);
      expect(res.statusCode, `${call} as ${url}: ${res.body}`).not.toBe(500);
    }
  });
});

describe('sync push takes both spellings of a queueable write, and neither of a sign-in or sync route', () => {
  const push = async (entries: unknown[]) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: user.headers, payload: entries });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: Array<{ status: number; body: { code?: string } | null }> }).results;
  };

  it('applies the documented spelling and the other one', async () => {
    const results = await push([
      { id: newId(), method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'spec-a', name: 'А' } },
      { id: newId(), method: 'POST', path: '/api/v1/markets/add', body: { market_id: 'spec-b', name: 'Б' } },
      { id: newId(), method: 'PATCH', path: '/api/v1/markets/spec-b', body: { name: 'Б2' } },
      { id: newId(), method: 'DELETE', path: '/api/v1/markets/spec-a/' },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 204]);
  });

  it.each([
    ['POST', '/api/v1/users/login'],
    ['POST', '/api/v1/users/login/'],
    ['POST', '/api/v1/users/refresh'],
    ['POST', '/api/v1/%75sers/refresh'],
    ['POST', '/api/v1/users/signup'],
    ['POST', '/api/v1/sync/push/'],
    ['POST', '/api/v1/%73ync/push'],
  ])('refuses %s %s', async (method, path) => {
    const [result] = await push([{ id: newId(), method, path, body: {} }]);
    expect(result).toMatchObject({ status: 400, body: { code: 'push_path_forbidden' } });
  });
});
