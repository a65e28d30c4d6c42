import { describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema/index.ts';
import { describeBadInput, JSON_CT, type BadInputContext, type Route } from './helpers/bad-input.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { newId, type TestUser } from './helpers/test-app.ts';

/**
 * Every user, store and product call, and sync push, refuses broken input with problem+json, a Russian
 * detail and a stable code, never a 5xx, and without touching the database (the runner:
 * helpers/bad-input.ts; the stock calls: bad-input-stock.test.ts).
 */

/** Products made in setup with client ids, so the table's addresses can name them. */
const P = { main: newId(), other: newId(), spare: newId(), listed: newId(), listing: newId() };
/** A queued job of the user (the worker is off here, so it stays queued). */
const JOB = newId();
/** The runner's signed-in user, kept by setup for the bodies below. */
let user: TestUser;

const routes: Route[] = [
  {
    name: 'signup',
    method: 'POST',
    url: '/api/v1/users/signup/',
    auth: false,
    valid: () => ({
      login: `new-${newId().slice(0, 8)}@example.ru`,
      password: 'long enough',
      first_name: 'Ольга',
      last_name: '',
    }),
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
  {
    name: 'products list',
    method: 'GET',
    url: '/api/v1/products/all/?search=x&order_by=-count',
    auth: true,
    okStatus: 200,
  },
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
    valid: () => ({
      name: 'С карточкой',
      products_mp: [{ offer_id: 'N-1', marketplace: 'OZON', market_id: 'shop-1' }],
    }),
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
    valid: () => [
      {
        id: newId(),
        group: null,
        method: 'POST',
        path: '/api/v1/markets/add/',
        body: { market_id: 'shop-3', name: 'Третий' },
      },
    ],
    okStatus: 200,
    required: ['0.id', '0.method', '0.path'],
    wrongTypes: [{ id: 1, group: 2, method: 'GET', path: '/elsewhere', body: 1 }],
    // Entry bodies are free-form; push takes up to 8 MB by design (a long offline queue).
    freeForm: ['body'],
    largeBodies: true,
    accepted: (res) => expect(res.json().results[0]).toMatchObject({ status: 201 }),
  },
];

async function setup(ctx: BadInputContext) {
  const { app } = ctx;
  user = ctx.user;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/markets/add/',
    headers: user.headers,
    payload: { market_id: 'shop-1', name: 'Первый' },
  });
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
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/products/products/',
      headers: user.headers,
      payload,
    });
    if (made.statusCode !== 201) throw new Error(made.body);
  }
}

function storeAddress({ send, snapshot }: BadInputContext) {
  describe('store address', () => {
    const byAddress = routes.filter((r) => r.url.includes('shop-1'));
    it.each(byAddress)('$method with a NUL in market_id → 400 invalid_value ($name)', async (r) => {
      const before = await snapshot();
      const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
      expectProblem(
        await send(r, { payload, contentType: payload ? JSON_CT : undefined }, r.url.replace('shop-1', '%00')),
        400,
        'invalid_value',
      );
      expect(await snapshot()).toBe(before);
    });
    it.each(byAddress)('$method of an unknown store → 404 ($name)', async (r) => {
      const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
      expectProblem(
        await send(r, { payload, contentType: payload ? JSON_CT : undefined }, r.url.replace('shop-1', 'no-such-shop')),
        404,
        'not_found',
      );
    });
    it.each(byAddress)(
      '$method with a broken %-encoding → 400 bad_url, or a 150-character id → 414 ($name)',
      async (r) => {
        const before = await snapshot();
        const payload = r.method === 'PATCH' ? () => JSON.stringify({ name: 'x' }) : undefined;
        const options = { payload, contentType: payload ? JSON_CT : undefined };
        expectProblem(await send(r, options, r.url.replace('shop-1', '%E0%A4%A')), 400, 'bad_url');
        expectProblem(await send(r, options, r.url.replace('shop-1', 'x'.repeat(150))), 414, 'url_too_long');
        expect(await snapshot()).toBe(before);
      },
    );
  });
}

describeBadInput({
  routes,
  knownFields: [
    ...[
      'login',
      'password',
      'email',
      'first_name',
      'last_name',
      'refresh',
      'id',
      'market_id',
      'name',
      'description',
      'access_token',
      'marketplace',
    ],
    ...['images', 'confirmed', 'count', 'market_ids', 'products', 'products_mp'],
  ],
  setup,
  more: storeAddress,
});
