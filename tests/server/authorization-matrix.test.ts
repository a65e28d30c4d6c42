import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedCalls } from '../../server/lib/access-policy.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, startTestApp, type TestUser } from './helpers/test-app.ts';
import type { Res } from './helpers/expect-problem.ts';
import {
  call,
  createRows,
  foundBusiness,
  freshSession,
  operationCalls,
  roles,
  type Business,
  type Role,
  type Rows,
  urlOf,
} from './helpers/authorization-calls.ts';
import { businessReader } from './helpers/business-fingerprint.ts';

/*
 * The authorization matrix of the team feature (server/lib/access-policy.ts), call by call: every operation of
 * the OpenAPI document, made by each of the three roles of business A and of business B, all aimed at A's rows,
 * and every queueable route as a push entry. A role the document does not list is refused and changes nothing;
 * a listed one is let through; B never reads, finds or changes anything of A's.
 */

interface Operation {
  key: string;
  method: string;
  allowed: Role[];
}

type OpenApiOperation = { security?: unknown[]; 'x-roles'?: string[]; responses: Record<string, unknown> };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
const isSecured = (d: { operation: OpenApiOperation }) => Boolean(d.operation.security?.length);
const rolesOf = (document: OpenApiDocument) =>
  Object.fromEntries(operationsOf(document).map((d) => [d.key, d.operation['x-roles'] ?? null]));

/** The published contract; the calls below follow the document the server serves, which it is generated from. */
const committed = JSON.parse(
  readFileSync(new URL('../../api/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
let served: ReturnType<typeof operationsOf>;

let t: TestDatabase;
let app: FastifyInstance;
let a: Business;
let b: Business;
let rows: Rows;
let readA: Awaited<ReturnType<typeof businessReader>>;
const checked = { operations: 0, calls: 0, pushEntries: 0 };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  a = await foundBusiness(app);
  b = await foundBusiness(app);
  rows = await createRows(app, a);
  readA = await businessReader(app, a);
  served = operationsOf(app.swagger() as unknown as OpenApiDocument);
}, 120_000);

afterAll(async () => {
  console.info(
    `authorization matrix: ${checked.operations} operations, ${checked.calls} calls, ${checked.pushEntries} push entries`,
  );
  await app?.close();
  await t?.drop();
});

const isRussian = (text: unknown) => typeof text === 'string' && /[А-Яа-яЁё]/.test(text);

function expectRoleForbidden(res: Res, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
  expect(res.headers['content-type'], label).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body, label).toMatchObject({ status: 403, code: 'role_forbidden' });
  expect(isRussian(body.detail), `${label}: detail ${body.detail}`).toBe(true);
}

const refusedForRole = (res: Res) =>
  res.statusCode === 403 && (res.json() as { code?: string } | null)?.code === 'role_forbidden';

function operationOf(key: string): Operation {
  const found = served.find((d) => d.key === key && isSecured(d));
  if (!found) throw new Error(`${key}: no such secured operation in the OpenAPI document`);
  return { key, method: key.split(' ')[0]!, allowed: (found.operation['x-roles'] ?? []) as Role[] };
}

async function make(user: TestUser, op: Operation): Promise<Res> {
  const spec = operationCalls[op.key]!;
  const caller = spec.endsSession ? await freshSession(app, user) : user;
  checked.calls++;
  return call(app, caller, op.method, urlOf(op.key, rows), spec.body?.(rows));
}

describe('the OpenAPI document states who may call what', () => {
  it('secures every operation but sign-in and health, and lists its roles: the owner always, 403 when not all', () => {
    expect(served.filter((d) => !isSecured(d)).map((d) => d.key)).toEqual([
      'GET /api/health',
      'POST /api/v1/users/signup',
      'POST /api/v1/users/login',
      'POST /api/v1/users/refresh',
    ]);
    for (const { key, operation } of served.filter(isSecured)) {
      const stated = operation['x-roles'];
      expect(stated, `${key}: x-roles`).toBeInstanceOf(Array);
      expect(stated!.length, `${key}: x-roles`).toBeGreaterThan(0);
      expect(roles, `${key}: x-roles ${stated}`).toEqual(expect.arrayContaining(stated!));
      expect(new Set(stated).size, `${key}: x-roles repeats`).toBe(stated!.length);
      expect(stated, `${key}: x-roles`).toContain('owner');
      if (stated!.length < roles.length) expect(Object.keys(operation.responses), `${key}: responses`).toContain('403');
    }
  });

  it('every secured operation has its call in the table', () => {
    expect(Object.keys(operationCalls).sort()).toEqual(
      served
        .filter(isSecured)
        .map((d) => d.key)
        .sort(),
    );
  });

  it('names only routes the server has: a misspelt entry would silently fall to the default', () => {
    const paths = (app.swagger() as unknown as OpenApiDocument).paths;
    const named = namedCalls();
    expect(named.length).toBeGreaterThan(20);
    for (const key of named) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(paths[path]?.[method.toLowerCase()], key).toBeDefined();
    }
  });

  it('api/openapi.json states the roles the server states (else: npm run api:gen)', () => {
    expect(rolesOf(committed)).toEqual(rolesOf(app.swagger() as unknown as OpenApiDocument));
  });
});

describe('each role of each business, over every operation', () => {
  it.each(Object.keys(operationCalls))('%s', async (key) => {
    const op = operationOf(key);
    const spec = operationCalls[key]!;
    const aimsAtRow = op.key.includes('{');
    // Another business first: A's rows are all still there to be found, and must not be.
    const idsOfA = await readA.ids();
    for (const role of roles) {
      const label = `${op.key} as the ${role} of B`;
      const before = await readA.fingerprint();
      const res = await make(b.members[role], op);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      if (!op.allowed.includes(role)) expectRoleForbidden(res, label);
      else if (aimsAtRow) expect(res.statusCode, `${label} (A's row): ${res.body}`).toBe(404);
      expect(
        idsOfA.filter((id) => res.body.includes(id)),
        `${label}: A's ids in ${res.body.slice(0, 500)}`,
      ).toEqual([]);
      expect(await readA.fingerprint(), `${label}: A's rows changed`).toEqual(before);
    }
    for (const role of roles.filter((r) => !op.allowed.includes(r))) {
      const label = `${op.key} as the ${role} of A`;
      const before = await readA.fingerprint();
      expectRoleForbidden(await make(a.members[role], op), label);
      expect(await readA.fingerprint(), `${label}: a refused call changed A's rows`).toEqual(before);
    }
    for (const role of op.allowed) {
      const label = `${op.key} as the ${role} of A`;
      const before = spec.succeeds && op.method !== 'GET' ? await readA.fingerprint() : null;
      const res = await make(a.members[role], op);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      expect(res.statusCode, `${label}: ${res.body}`).not.toBe(401);
      expect(refusedForRole(res), `${label}: refused for the role`).toBe(false);
      if (spec.succeeds) expect(res.statusCode, `${label}: ${res.body}`).toBe(spec.succeeds);
      // The fingerprint sees a write that went through: the unchanged ones above mean something.
      if (before) expect(await readA.fingerprint(), `${label}: wrote nothing`).not.toEqual(before);
    }
    checked.operations++;
  });
});

describe('push entries are authorized one by one, as the same calls made directly', () => {
  interface PushResult {
    id: string;
    status: number;
    body: { code?: string; detail?: string } | null;
  }

  it('refuses every queueable route the role may not call, and lets through the others', async () => {
    const entries = Object.keys(operationCalls).flatMap((key) => {
      const op = operationOf(key);
      const spec = operationCalls[op.key]!;
      const path = urlOf(op.key, rows).split('?')[0]!;
      return app.queueableRoutes.allows(op.method, path) ? [{ op, path, body: spec.body?.(rows) }] : [];
    });
    // Every route the allow-list holds has its entry here.
    const listed = (app.queueableRoutes as unknown as { routes: Array<{ method: string; pattern: RegExp }> }).routes;
    for (const route of listed)
      expect(
        entries.some((e) => e.op.method === route.method && route.pattern.test(e.path)),
        `${route.method} ${route.pattern}: no entry`,
      ).toBe(true);
    for (const role of ['warehouse', 'manager'] as const) {
      const member = a.members[role];
      // Both kinds of entry are there for the role: neither check below runs empty.
      expect(entries.filter((e) => e.op.allowed.includes(role)).length, role).toBeGreaterThan(0);
      expect(entries.filter((e) => !e.op.allowed.includes(role)).length, role).toBeGreaterThan(0);
      for (const { op, path, body } of entries) {
        const label = `push entry ${op.key} as the ${role} of A`;
        const before = op.allowed.includes(role) ? null : await readA.fingerprint();
        const res = await call(app, member, 'POST', '/api/v1/sync/push', [
          { id: newId(), method: op.method, path, body },
        ]);
        checked.pushEntries++;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        const [result] = (res.json() as { results: PushResult[] }).results;
        const refused = result!.status === 403 && result!.body?.code === 'role_forbidden';
        if (op.allowed.includes(role)) {
          expect(refused, `${label}: ${JSON.stringify(result)}`).toBe(false);
          expect(result!.status, `${label}: ${JSON.stringify(result)}`).toBeLessThan(500);
        } else {
          expect(refused, `${label}: ${JSON.stringify(result)}`).toBe(true);
          expect(isRussian(result!.body?.detail), `${label}: ${JSON.stringify(result)}`).toBe(true);
          expect(await readA.fingerprint(), `${label}: a refused entry changed A's rows`).toEqual(before);
        }
      }
    }
  });
});
