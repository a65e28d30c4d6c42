import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAttempts,
  idempotencyRecords,
  markets,
  productsMp,
  productsWh,
  refreshTokens,
  users,
} from '../../../server/db/schema/index.ts';
import { expectProblem, type Res } from './expect-problem.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { signUp, startTestApp, type TestUser } from './test-app.ts';

/*
 * The runner of the bad-input tables (tests/server/bad-input*.test.ts): every route of a table
 * refuses broken input with problem+json, a Russian detail and a stable code, never a 5xx, and
 * without touching the database; then its valid body proves the cases fail only for what they break.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A refusal only one route has: a bad query string or address, or a rule beyond the types. */
export interface RouteCase {
  what: string;
  /** 400 unless given. */
  status?: number;
  /** validation_failed unless given. */
  code?: string;
  /** Sent as JSON; none sends no body. */
  body?: () => unknown;
  /** Sent instead of the route's address (a bad query or path parameter). */
  url?: string;
  /** Field names the problem's `errors` must mention. */
  fields?: string[];
}

export interface Route {
  name: string;
  method: Method;
  url: string;
  auth: boolean;
  /** A body the route accepts; the last test sends it to prove the cases fail only for what they break. */
  valid?: () => unknown;
  okStatus: number;
  /** Fields a `{}` body (a list route: `[{}]`) must be reported missing. */
  required?: string[];
  wrongTypes?: unknown;
  /** Fields given a wrong type whose type is free (push entry bodies): not reported. */
  freeForm?: string[];
  /** A body whose strings pass validation but hold a NUL, which PostgreSQL cannot store. */
  nul?: unknown;
  /**
   * The route takes bodies over 2 MB by design (push: a long offline queue): the padding is refused as an unknown
   * field.
   */
  largeBodies?: boolean;
  cases?: RouteCase[];
  /** More checks of the answer to the valid body. */
  accepted?: (res: Res) => void;
}

export interface Case {
  what: string;
  status: number;
  code: string;
  /** Lazy: bodies may need the user, who exists only once the tests run. */
  payload?: () => string;
  contentType?: string;
  /** null sends no Authorization header; absent sends the user's access token on authenticated calls. */
  authorization?: () => string | null;
  /** Field names the problem's `errors` must mention. */
  fields?: string[];
  url?: string;
}

export interface BadInputContext {
  readonly app: FastifyInstance;
  readonly user: TestUser;
  send(r: Route, c: Pick<Case, 'payload' | 'contentType' | 'authorization'>, url?: string): Promise<Res>;
  /** Everything a refused call could have touched, as one comparable value. */
  snapshot(): Promise<string>;
}

export interface BadInputSuite {
  routes: Route[];
  /** Tables beyond the user, store and product ones that refused calls must leave as they were. */
  tables?: PgTable[];
  /**
   * Fields of the table's bodies: a random object of only these could be a valid call (an empty PATCH is), so it is
   * left out.
   */
  knownFields: string[];
  /** Makes, as the signed-in user, what the table's addresses and bodies name. */
  setup(ctx: BadInputContext): Promise<void>;
  /** Registers more describes after the table's cases, before the valid bodies (which change data). */
  more?(ctx: BadInputContext): void;
}

const MB2 = 2 * 1024 * 1024;
export const JSON_CT = 'application/json';

const withExtra = (body: unknown, extra: object) =>
  Array.isArray(body) ? [{ ...body[0], ...extra }] : { ...(body as object), ...extra };

/** Every field given a wrong type must be reported (bar free-form ones). */
function wrongFields(r: Route): string[] {
  const first = Array.isArray(r.wrongTypes) ? (r.wrongTypes[0] as object) : (r.wrongTypes as object);
  const prefix = Array.isArray(r.wrongTypes) ? '0.' : '';
  return Object.keys(first)
    .filter((k) => !r.freeForm?.includes(k))
    .map((k) => prefix + k);
}

function bodyCases(r: Route): Case[] {
  const valid = () => r.valid!();
  const json = (what: string, body: () => unknown, fields?: string[]): Case => ({
    what,
    status: 400,
    code: 'validation_failed',
    payload: () => JSON.stringify(body()),
    contentType: JSON_CT,
    fields,
  });
  const raw = (what: string, status: number, code: string, payload: string, contentType: string): Case => ({
    what,
    status,
    code,
    payload: () => payload,
    contentType,
  });
  const isList = Array.isArray(r.wrongTypes);
  // A list of ids (group, ungroup) has no fields to add an unknown one to.
  const ofObjects = !isList || typeof (r.wrongTypes as unknown[])[0] === 'object';
  const padded = () => withExtra(valid(), { pad: 'x'.repeat(MB2) });
  const cases: Case[] = [
    ...(r.wrongTypes === undefined ? [] : [json('wrong types', () => r.wrongTypes, wrongFields(r))]),
    ...(ofObjects
      ? [json('unknown field', () => withExtra(valid(), { is_admin: true }), [isList ? '0.is_admin' : 'is_admin'])]
      : []),
    json('JSON null', () => null),
    json('a JSON string', () => 'login'),
    raw('malformed JSON', 400, 'malformed_json', '{"login": "a", ', JSON_CT),
    raw('prototype pollution', 400, 'malformed_json', '{"__proto__": {"admin": true}}', JSON_CT),
    raw('empty JSON body', 400, 'empty_body', '', JSON_CT),
    raw('form content type', 415, 'unsupported_media_type', 'login=a&password=b', 'application/x-www-form-urlencoded'),
    raw('XML content type', 415, 'unsupported_media_type', '<login>a</login>', 'application/xml'),
    { ...json('JSON sent as text/plain', valid), contentType: 'text/plain' },
    r.largeBodies
      ? json('a 2 MB body', padded, [isList ? '0.pad' : 'pad'])
      : { ...json('a 2 MB body', padded), status: 413, code: 'payload_too_large' },
  ];
  if (r.required) cases.push(json('missing fields', () => (isList ? [{}] : {}), r.required));
  if (r.nul) cases.push({ ...json('NUL character', () => r.nul), code: 'invalid_value' });
  return cases;
}

/** Cases for calls without a body: nothing to validate but the address and what is sent anyway. */
function bodylessCases(r: Route): Case[] {
  if (r.method === 'GET') return [];
  return [
    { what: 'malformed JSON', status: 400, code: 'malformed_json', payload: () => '{"x": ', contentType: JSON_CT },
    {
      what: 'a 2 MB body',
      status: 413,
      code: 'payload_too_large',
      payload: () => JSON.stringify({ pad: 'x'.repeat(MB2) }),
      contentType: JSON_CT,
    },
    {
      what: 'XML content type',
      status: 415,
      code: 'unsupported_media_type',
      payload: () => '<x/>',
      contentType: 'application/xml',
    },
  ];
}

const routeCases = (r: Route): Case[] =>
  (r.cases ?? []).map((c) => ({
    what: c.what,
    status: c.status ?? 400,
    code: c.code ?? 'validation_failed',
    fields: c.fields,
    url: c.url,
    ...(c.body ? { payload: () => JSON.stringify(c.body!()), contentType: JSON_CT } : {}),
  }));

const CYRILLIC = /[А-Яа-яЁё]/;

/** Registers the suite's hooks and tests; answers the context for the test file's own describes. */
export function describeBadInput(suite: BadInputSuite): BadInputContext {
  let t: TestDatabase;
  let app: FastifyInstance;
  let user: TestUser;

  /** The token is checked before the body is read, so these answer 401 whatever else is wrong. */
  const authCases = (r: Route): Case[] =>
    r.auth
      ? [
          { what: 'no token', status: 401, code: 'token_missing', authorization: () => null },
          { what: 'a Basic credential', status: 401, code: 'token_missing', authorization: () => 'Basic dXNlcjpwYXNz' },
          { what: 'a garbage token', status: 401, code: 'token_invalid', authorization: () => 'Bearer not.a.jwt' },
          {
            what: 'the refresh token as bearer',
            status: 401,
            code: 'token_invalid',
            authorization: () => `Bearer ${user.refreshToken}`,
          },
        ]
      : [];

  const ctx: BadInputContext = {
    get app() {
      return app;
    },
    get user() {
      return user;
    },
    send(r, c, url = r.url) {
      const headers: Record<string, string> = {};
      if (c.contentType) headers['content-type'] = c.contentType;
      const authorization = c.authorization ? c.authorization() : r.auth ? `Bearer ${user.accessToken}` : null;
      if (authorization) headers.authorization = authorization;
      return app.inject({ method: r.method, url, headers, payload: c.payload?.() }) as Promise<Res>;
    },
    async snapshot() {
      const { db } = app.database;
      const rows = [];
      for (const table of [
        users,
        markets,
        productsWh,
        productsMp,
        refreshTokens,
        idempotencyRecords,
        ...(suite.tables ?? []),
      ])
        rows.push(await db.select().from(table));
      rows.push((await db.select().from(authAttempts)).length);
      return JSON.stringify(rows);
    },
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    app = await startTestApp(t.database);
    user = await signUp(app);
    await suite.setup(ctx);
  });

  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  describe.each(suite.routes)('$method $url ($name)', (r) => {
    const cases = [...authCases(r), ...(r.valid ? bodyCases(r) : bodylessCases(r)), ...routeCases(r)];
    it.each(cases)('$what → $status $code, nothing changed', async (c) => {
      const before = await ctx.snapshot();
      const body = expectProblem(await ctx.send(r, c, c.url), c.status, c.code);
      for (const field of c.fields ?? [])
        expect(body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field }));
      for (const e of body.errors ?? []) expect(e.message, JSON.stringify(body)).toMatch(CYRILLIC);
      expect(await ctx.snapshot()).toBe(before);
    });
  });

  suite.more?.(ctx);

  const knownFields = new Set(suite.knownFields);
  const usesOnlyKnownFields = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).every((k) => knownFields.has(k));

  describe('random JSON bodies', () => {
    it.each(suite.routes.filter((r) => r.valid))('never answer 5xx nor change anything ($name)', async (r) => {
      const before = await ctx.snapshot();
      await fc.assert(
        fc.asyncProperty(
          fc.jsonValue({ maxDepth: 3 }).filter((v) => !usesOnlyKnownFields(v)),
          async (value) => {
            const res = await ctx.send(r, { payload: () => JSON.stringify(value), contentType: JSON_CT });
            expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, res.body).toBeLessThan(500);
            expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          },
        ),
        { numRuns: 40 },
      );
      expect(await ctx.snapshot()).toBe(before);
    });
  });

  describe('the valid bodies of the table', () => {
    // Last, because they change data (a delete removes what the addresses name, refresh spends the token).
    it.each(suite.routes)('are accepted ($name)', async (r) => {
      const res = await ctx.send(r, r.valid ? { payload: () => JSON.stringify(r.valid!()), contentType: JSON_CT } : {});
      expect(res.statusCode, res.body).toBe(r.okStatus);
      r.accepted?.(res);
    });
  });

  return ctx;
}
