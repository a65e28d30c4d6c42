import type { FastifyInstance } from 'fastify';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, idempotencyRecords, jobs, markets, productsMp, productsWh, refreshTokens, users } from '../../server/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';

/**
 * Every user, store and product call, and sync push, refuses broken input with problem+json, a Russian
 * detail and a stable code, never a 5xx, and without touching the database.
 */


type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  name: string;
  method: Method;
  url: string;
  auth: boolean;
  /** A body the route accepts; the last test sends it to prove the cases fail only for what they break. */
  valid?: () => unknown;
  okStatus: number;
  /** Fields a `{}` body (push: `[{}]`) must be reported missing. */
  required?: string[];
  wrongTypes?: unknown;
  /** A body whose strings pass validation but hold a NUL, which PostgreSQL cannot store. */
  nul?: unknown;
}

let t: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

const MB2 = 2 * 1024 * 1024;
/** Products made in beforeAll with client ids, so the table's addresses can name them. */
const P = { main: newId(), other: newId(), spare: newId(), listed: newId(), listing: newId() };
/** A queued job of the user (the worker is off here, so it stays queued). */
const JOB = newId();
const JSON_CT = 'application/json';

const routes: Route[] = [
  {
    name: 'signup',
    method: 'POST',
    url: '/api/v1/users/signup/',
    auth: false,
    valid: () => ({ login: `new-${newId().slice(0, 8)}@example.ru`, password: 'long enough', first_name: 'Ольга', last_name: '' }),
    okStatus: 201,
    required: ['login', 'password'],
    wrongTypes: { login: 123, password: ['x'], first_name: false },
    nul: { login: 'nul\u0000user', password: 'long enough' },
  },
  {
    name: 'login',
    method: 'POST',
    url: '/api/v1/users/login/',
    auth: false,
    valid: () => ({ login: user.login, password: user.password, email: user.login }),
    okStatus: 200,
    required: ['login', 'password'],
    wrongTypes: { login: {}, password: 12345678, email: true },
    nul: { login: 'nul\u0000user', password: 'whatever' },
  },
  {
    name: 'refresh',
    method: 'POST',
    url: '/api/v1/users/refresh/',
    auth: false,
    valid: () => ({ refresh: user.refreshToken }),
    okStatus: 200,
    required: ['refresh'],
    wrongTypes: { refresh: 42 },
  },
  { name: 'me', method: 'GET', url: '/api/v1/users/me/', auth: true, okStatus: 200 },
  { name: 'markets list', method: 'GET', url: '/api/v1/markets/', auth: true, okStatus: 200 },
  { name: 'markets get', method: 'GET', url: '/api/v1/markets/shop-1/', auth: true, okStatus: 200 },
  {
    name: 'markets add',
    method: 'POST',
    url: '/api/v1/markets/add/',
    auth: true,
    valid: () => ({ market_id: 'shop-2', name: 'Второй', description: '', access_token: 'k', marketplace: 'YM' }),
    okStatus: 201,
    required: ['market_id', 'name'],
    wrongTypes: { market_id: 7, name: null, description: [], access_token: {}, marketplace: 'WB' },
    nul: { market_id: 'nul\u0000id', name: 'Магазин' },
  },
  {
    name: 'markets patch',
    method: 'PATCH',
    url: '/api/v1/markets/shop-1/',
    auth: true,
    valid: () => ({ name: 'Переименован', access_token: '••••' }),
    okStatus: 200,
    wrongTypes: { name: 1, description: false, marketplace: 'Other', access_token: 5 },
    nul: { name: 'nul\u0000name' },
  },
  { name: 'markets delete', method: 'DELETE', url: '/api/v1/markets/shop-1/', auth: true, okStatus: 204 },
  { name: 'products list', method: 'GET', url: '/api/v1/products/all/?search=x&order_by=-count', auth: true, okStatus: 200 },
  { name: 'product get', method: 'GET', url: `/api/v1/products/product/${P.main}/`, auth: true, okStatus: 200 },
  {
    name: 'products warehouse add',
    method: 'POST',
    url: '/api/v1/products/warehouse/add/',
    auth: true,
    valid: () => [{ name: 'Новый', images: ['/uploads/a.png'], confirmed: true, description: '' }],
    okStatus: 201,
    required: ['0.name'],
    wrongTypes: [{ name: 5, images: 'x', confirmed: 'yes', count: 'many', description: 1 }],
    nul: [{ name: 'nul\u0000name' }],
  },
  {
    name: 'products warehouse update',
    method: 'PATCH',
    url: `/api/v1/products/warehouse/${P.main}/update/`,
    auth: true,
    valid: () => ({ name: 'Переименован', confirmed: false }),
    okStatus: 200,
    wrongTypes: { name: 1, images: 'x', confirmed: 'no', description: false },
    nul: { name: 'nul\u0000name' },
  },
  {
    name: 'products group',
    method: 'PATCH',
    url: `/api/v1/products/group/${P.main}/`,
    auth: true,
    valid: () => [P.other],
    okStatus: 200,
    wrongTypes: [5],
  },
  {
    name: 'products ungroup',
    method: 'PATCH',
    url: `/api/v1/products/ungroup/${P.listed}/`,
    auth: true,
    valid: () => [P.listing],
    okStatus: 200,
    wrongTypes: [true],
  },
  {
    name: 'products delete',
    method: 'DELETE',
    url: '/api/v1/products/warehouse/delete/',
    auth: true,
    valid: () => ({ products: [P.spare] }),
    okStatus: 200,
    required: ['products'],
    wrongTypes: { products: 'all' },
  },
  {
    name: 'products create',
    method: 'POST',
    url: '/api/v1/products/products/',
    auth: true,
    valid: () => ({ name: 'С карточкой', products_mp: [{ offer_id: 'N-1', marketplace: 'OZON', market_id: 'shop-1' }] }),
    okStatus: 201,
    required: ['name'],
    wrongTypes: { name: [], images: {}, confirmed: 0, products_mp: 'x' },
    nul: { name: 'nul\u0000name' },
  },
  { name: 'job get', method: 'GET', url: `/api/v1/jobs/${JOB}/`, auth: true, okStatus: 200 },
  {
    name: 'extract products',
    method: 'POST',
    url: '/api/v1/extract/products/many/',
    auth: true,
    valid: () => [{ marketplace: 'OZON', market_id: 'shop-ozon' }],
    okStatus: 202,
    required: ['0.marketplace', '0.market_id'],
    wrongTypes: [{ marketplace: 'WB', market_id: 5 }],
    nul: [{ marketplace: 'OZON', market_id: 'nul\u0000id' }],
  },
  {
    name: 'sync push',
    method: 'POST',
    url: '/api/v1/sync/push',
    auth: true,
    valid: () => [{ id: newId(), group: null, method: 'POST', path: '/api/v1/markets/add/', body: { market_id: 'shop-3', name: 'Третий' } }],
    okStatus: 200,
    required: ['0.id', '0.method', '0.path'],
    wrongTypes: [{ id: 1, group: 2, method: 'GET', path: '/elsewhere', body: 1 }],
  },
];

const withExtra = (body: unknown, extra: object) => (Array.isArray(body) ? [{ ...body[0], ...extra }] : { ...(body as object), ...extra });

interface Case {
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
}

/** Every field given a wrong type must be reported (push entry bodies are free-form, so not that one). */
function wrongFields(r: Route): string[] {
  const first = Array.isArray(r.wrongTypes) ? (r.wrongTypes[0] as object) : (r.wrongTypes as object);
  const prefix = Array.isArray(r.wrongTypes) ? '0.' : '';
  return Object.keys(first)
    .filter((k) => !(prefix && k === 'body'))
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
  const isPush = r.name === 'sync push';
  const isList = Array.isArray(r.wrongTypes);
  // A list of ids (group, ungroup) has no fields to add an unknown one to.
  const ofObjects = !isList || typeof (r.wrongTypes as unknown[])[0] === 'object';
  const padded = () => withExtra(valid(), { pad: 'x'.repeat(MB2) });
  const cases: Case[] = [
    json('wrong types', () => r.wrongTypes, wrongFields(r)),
    ...(ofObjects ? [json('unknown field', () => withExtra(valid(), { is_admin: true }), [isList ? '0.is_admin' : 'is_admin'])] : []),
    json('JSON null', () => null),
    json('a JSON string', () => 'login'),
    raw('malformed JSON', 400, 'malformed_json', '{"login": "a", ', JSON_CT),
    raw('prototype pollution', 400, 'malformed_json', '{"__proto__": {"admin": true}}', JSON_CT),
    raw('empty JSON body', 400, 'empty_body', '', JSON_CT),
    raw('form content type', 415, 'unsupported_media_type', 'login=a&password=b', 'application/x-www-form-urlencoded'),
    raw('XML content type', 415, 'unsupported_media_type', '<login>a</login>', 'application/xml'),
    { ...json('JSON sent as text/plain', valid), contentType: 'text/plain' },
    // Push takes up to 8 MB by design (a long offline queue), so there the padding is refused as an unknown field.
    isPush ? json('a 2 MB body', padded, ['0.pad']) : { ...json('a 2 MB body', padded), status: 413, code: 'payload_too_large' },
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
    { what: 'a 2 MB body', status: 413, code: 'payload_too_large', payload: () => JSON.stringify({ pad: 'x'.repeat(MB2) }), contentType: JSON_CT },
    { what: 'XML content type', status: 415, code: 'unsupported_media_type', payload: () => '<x/>', contentType: 'application/xml' },
  ];
}

/** The token is checked before the body is read, so these answer 401 whatever else is wrong. */
const authCases = (r: Route): Case[] =>
  r.auth
    ? [
        { what: 'no token', status: 401, code: 'token_missing', authorization: () => null },
        { what: 'a Basic credential', status: 401, code: 'token_missing', authorization: () => 'Basic dXNlcjpwYXNz' },
        { what: 'a garbage token', status: 401, code: 'token_invalid', authorization: () => 'Bearer not.a.jwt' },
        { what: 'the refresh token as bearer', status: 401, code: 'token_invalid', authorization: () => `Bearer ${user.refreshToken}` },
      ]
    : [];

function send(r: Route, c: Pick<Case, 'payload' | 'contentType' | 'authorization'>, url = r.url) {
  const headers: Record<string, string> = {};
  if (c.contentType) headers['content-type'] = c.contentType;
  const authorization = c.authorization ? c.authorization() : r.auth ? `Bearer ${user.accessToken}` : null;
  if (authorization) headers.authorization = authorization;
  return app.inject({ method: r.method, url, headers, payload: c.payload?.() }) as Promise<Res>;
}

/** Everything a refused call could have touched, as one comparable value. */
async function snapshot(): Promise<string> {
  const { db } = app.database;
  return JSON.stringify([
    await db.select().from(users),
    await db.select().from(markets),
    await db.select().from(productsWh),
    await db.select().from(productsMp),
    await db.select().from(refreshTokens),
    await db.select().from(idempotencyRecords),
    (await db.select().from(authAttempts)).length,
  ]);
}


beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  user = await signUp(app);
  const res = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload: { market_id: 'shop-1', name: 'Первый' } });
  if (res.statusCode !== 201) throw new Error(res.body);
  const ozon = { market_id: 'shop-ozon', name: 'Озон', marketplace: 'OZON', access_token: 'ozon-key' };
  const store = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload: ozon });
  if (store.statusCode !== 201) throw new Error(store.body);
  await app.database.db.insert(jobs).values({ id: JOB, userId: user.id, kind: 'catalog-import', payload: {} });
  const listing = (offer_id: string, id?: string) => ({ id, offer_id, marketplace: 'OZON', market_id: 'shop-1' });
  for (const payload of [
    { id: P.main, name: 'Главный', products_mp: [listing('M-1')] },
    { id: P.other, name: 'Второй', products_mp: [listing('O-1')] },
    { id: P.spare, name: 'Лишний' },
    { id: P.listed, name: 'Две карточки', products_mp: [listing('L-1', P.listing), listing('L-2')] },
  ]) {
    const made = await app.inject({ method: 'POST', url: '/api/v1/products/products/', headers: user.headers, payload });
    if (made.statusCode !== 201) throw new Error(made.body);
  }
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe.each(routes)('$method $url ($name)', (r) => {
  const cases = [...authCases(r), ...(r.valid ? bodyCases(r) : bodylessCases(r))];
  it.each(cases)('$what → $status $code, nothing changed', async (c) => {
    const before = await snapshot();
    const body = expectProblem(await send(r, c), c.status, c.code);
    for (const field of c.fields ?? []) expect(body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot()).toBe(before);
  });
});

describe('store address', () => {
  const byAddress = routes.filter((r) => r.url.includes('shop-1'));
  it.each(byAddress)('$method with a NUL in market_id → 400 invalid_value ($name)', async (r) => {
    const before = await snapshot();
    const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
    expectProblem(await send(r, { payload, contentType: payload ? JSON_CT : undefined }, r.url.replace('shop-1', '%00')), 400, 'invalid_value');
    expect(await snapshot()).toBe(before);
  });
  it.each(byAddress)('$method of an unknown store → 404 ($name)', async (r) => {
    const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
    expectProblem(await send(r, { payload, contentType: payload ? JSON_CT : undefined }, r.url.replace('shop-1', 'no-such-shop')), 404, 'not_found');
  });
  it.each(byAddress)('$method with a broken %-encoding → 400 bad_url, or a 150-character id → 414 ($name)', async (r) => {
    const before = await snapshot();
    const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
    const options = { payload, contentType: payload ? JSON_CT : undefined };
    expectProblem(await send(r, options, r.url.replace('shop-1', '%E0%A4%A')), 400, 'bad_url');
    expectProblem(await send(r, options, r.url.replace('shop-1', 'x'.repeat(150))), 414, 'url_too_long');
    expect(await snapshot()).toBe(before);
  });
});

const knownFields = new Set([
  ...['login', 'password', 'email', 'first_name', 'last_name', 'refresh', 'id', 'market_id', 'name', 'description', 'access_token', 'marketplace'],
  ...['images', 'confirmed', 'count', 'market_ids', 'products', 'products_mp'],
]);
/** Such an object could be a valid call (an empty PATCH is): random input must be refused, so it is left out. */
const usesOnlyKnownFields = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).every((k) => knownFields.has(k));

describe('random JSON bodies', () => {
  it.each(routes.filter((r) => r.valid))('never answer 5xx nor change anything ($name)', async (r) => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }).filter((v) => !usesOnlyKnownFields(v)), async (value) => {
        const res = await send(r, { payload: () => JSON.stringify(value), contentType: JSON_CT });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }),
      { numRuns: 40 },
    );
    expect(await snapshot()).toBe(before);
  });
});

describe('the valid bodies of the table', () => {
  // Last, because they change data (delete removes shop-1, refresh spends the token).
  it.each(routes)('are accepted ($name)', async (r) => {
    const res = await send(r, r.valid ? { payload: () => JSON.stringify(r.valid!()), contentType: JSON_CT } : {});
    expect(res.statusCode, res.body).toBe(r.okStatus);
    if (r.name === 'sync push') expect(res.json().results[0]).toMatchObject({ status: 201 });
  });
});
