import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Res } from './expect-problem.ts';
import { newId, signUp, type TestUser } from './test-app.ts';

/* The businesses, rows and calls of tests/server/authorization-matrix.test.ts. */

export const roles = ['owner', 'manager', 'warehouse'] as const;
export type Role = (typeof roles)[number];

export interface Business {
  id: string;
  members: Record<Role, TestUser>;
  /** A warehouse member nobody signs in as: the target of the calls that change or remove a member. */
  spare: TestUser;
}

export const call = (app: FastifyInstance, user: TestUser, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  }) as Promise<Res>;

async function ok(res: Promise<Res>, status: number, what: string) {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json();
}

async function logIn(app: FastifyInstance, id: string, login: string, password: string): Promise<TestUser> {
  const tokens = await ok(
    app.inject({ method: 'POST', url: '/api/v1/users/login/', payload: { login, password } }),
    200,
    'login',
  );
  return {
    id,
    login,
    password,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  };
}

/** Another sign-in of the same person: a call that ends its session leaves the caller's own one alone. */
export const freshSession = (app: FastifyInstance, user: TestUser) => logIn(app, user.id, user.login, user.password);

/** A new person who signs up with the owner's invitation to the role, then signs in. */
async function signUpInvited(app: FastifyInstance, owner: TestUser, role: 'manager' | 'warehouse') {
  const invitation = await ok(call(app, owner, 'POST', '/api/v1/team/invitations/', { role }), 201, 'invite');
  const login = `${role}-${randomBytes(5).toString('hex')}@example.ru`;
  const password = 'correct horse battery';
  const person = await ok(
    app.inject({
      method: 'POST',
      url: '/api/v1/users/signup/',
      payload: { login, password, first_name: 'Иван', last_name: 'Петров', invitation: invitation.code },
    }),
    201,
    'invited signup',
  );
  return logIn(app, person.id, login, password);
}

export async function foundBusiness(app: FastifyInstance): Promise<Business> {
  const owner = await signUp(app);
  const manager = await signUpInvited(app, owner, 'manager');
  const warehouse = await signUpInvited(app, owner, 'warehouse');
  const spare = await signUpInvited(app, owner, 'warehouse');
  return { id: owner.id, members: { owner, manager, warehouse }, spare };
}

/** One row of each kind a path names, all of business A: every call below aims at them. */
export interface Rows {
  productId: string;
  /** Merged into productId by the grouping call. */
  groupedId: string;
  lotId: string;
  storeId: string;
  marketId: string;
  batchId: string;
  disposalId: string;
  markdownId: string;
  reserveId: string;
  realizationId: string;
  returnId: string;
  otherRealizationId: string;
  invitationId: string;
  memberId: string;
  jobId: string;
  /** A draft stock count of everything, with one line. */
  countId: string;
  countLineId: string;
  /** A stock count of the grouped product alone (no stock): posting it moves nothing. */
  countToPostId: string;
}

export async function createRows(app: FastifyInstance, a: Business): Promise<Rows> {
  const owner = a.members.owner;
  const post = (url: string, body: unknown, status = 201) =>
    ok(call(app, owner, 'POST', `/api/v1/${url}`, body), status, url);
  const marketId = `a-${randomBytes(4).toString('hex')}`;
  // A connected store (marketplace and key) for a moment: the stock push starts a job of A's.
  const store = await post('markets/add/', { market_id: marketId, name: 'Магазин А', marketplace: 'OZON' });
  await ok(call(app, owner, 'PATCH', `/api/v1/markets/${marketId}/`, { access_token: 'key-a' }), 200, 'store key');
  const [productId, groupedId] = (await post('products/warehouse/add/', [{ name: 'Чайник' }, { name: 'Чайник 2' }]))
    .inserted_ids;
  const lot = await post('inventory/', { product_id: productId, count: 1000, price: 100 });
  const lines = await post('inventory_batch/', { batch: [{ product_id: productId, count: 5, price: 90 }] }, 200);
  const batch = await post('batch/', {
    date: '2026-01-10',
    inventory_ids: lines.results.map((l: { id: string }) => l.id),
  });
  const other = await post(
    'other_realization_batch/',
    { batch: [{ product_id: productId, count: 1, marketplace: 'WB', realization_price: 100 }] },
    200,
  );
  const job = await post('stock-push/start/', {}, 202);
  const count = await post('counts/', { id: newId(), scope: 'all' });
  const countLine = await post('count_lines/', { id: newId(), count_id: count.id, product_id: productId, quantity: 1 });
  const countToPost = await post('counts/', { id: newId(), scope: 'selection', product_ids: [groupedId] });
  // Without its key again: no call of the test waits for a marketplace (jobs do not run here).
  await ok(call(app, owner, 'PATCH', `/api/v1/markets/${marketId}/`, { access_token: '' }), 200, 'store key');
  return {
    productId,
    groupedId,
    lotId: lot.id,
    storeId: store.id,
    marketId,
    batchId: batch.id,
    disposalId: (await post('disposal/', { product_id: productId, count: 1, price: 100 })).id,
    markdownId: (await post('markdowns/', { product_id: productId, price: 100, markdown_price: 60 })).id,
    reserveId: (await post('reserve/', { product: productId, count: 1, price: 100 })).id,
    realizationId: (await post('realization/', { product: productId, count: 1, realization_price: 500 })).id,
    returnId: (await post('returns/', { product_id: productId, count: 1 })).id,
    otherRealizationId: (other.results ?? other)[0].id,
    invitationId: (await post('team/invitations/', { role: 'manager' })).id,
    memberId: a.spare.id,
    jobId: job.job_id,
    countId: count.id,
    countLineId: countLine.id,
    countToPostId: countToPost.id,
  };
}

export interface OperationCall {
  /** A's rows for the path's parameters, in order. */
  params?: (r: Rows) => string[];
  query?: (r: Rows) => string;
  body?: (r: Rows) => unknown;
  /** The status every allowed member of A gets: a realistic body of a main write. */
  succeeds?: number;
  /** The call ends the session it is made with: it is made from a sign-in of its own. */
  endsSession?: boolean;
}

/** The path of an operation ('GET /api/v1/markets/{market_id}/'), its parameters filled with A's rows. */
export function urlOf(key: string, r: Rows): string {
  const spec = operationCalls[key]!;
  const values = spec.params?.(r) ?? [];
  const path = key.split(' ')[1]!.replace(/\{\w+\}/g, () => encodeURIComponent(values.shift() ?? '?'));
  if (values.length > 0 || path.includes('%3F')) throw new Error(`${key}: parameters do not fit`);
  return spec.query ? `${path}?${spec.query(r)}` : path;
}

const receipt = (r: Rows) => ({ product_id: r.productId, count: 3, price: 100 });
const empty = () => ({});

/**
 * Every secured operation of the OpenAPI document, in the order they run: the deletes last, so every call before
 * them still aims at A's real rows.
 */
export const operationCalls: Record<string, OperationCall> = {
  'POST /api/v1/users/logout': { body: empty, endsSession: true },
  'GET /api/v1/users/me': {},
  'GET /api/v1/team/': {},
  'PATCH /api/v1/team/business/': { body: () => ({ name: 'Бизнес' }) },
  'GET /api/v1/team/members/': {},
  'POST /api/v1/team/invitations/': { body: () => ({ role: 'warehouse' }), succeeds: 201 },
  // What the spare member already has: the owner's call changes nothing and ends none of their sign-ins.
  'PATCH /api/v1/team/members/{user_id}/': { params: (r) => [r.memberId], body: () => ({ can_see_costs: false }) },
  'GET /api/v1/team/members/{user_id}/movements/': { params: (r) => [r.memberId] },
  'POST /api/v1/team/join/': { body: () => ({ code: 'NO-SUCH-CODE' }) },
  'GET /api/v1/markets/': {},
  'GET /api/v1/markets/{market_id}/': { params: (r) => [r.marketId] },
  'PATCH /api/v1/markets/{market_id}/': { params: (r) => [r.marketId], body: empty },
  'POST /api/v1/markets/add/': {
    body: () => ({ market_id: `m-${randomBytes(4).toString('hex')}`, name: 'Магазин' }),
    succeeds: 201,
  },
  'POST /api/v1/products/image/': { body: empty },
  'GET /api/v1/products/all/': {},
  'GET /api/v1/products/product/{id}/': { params: (r) => [r.productId] },
  'POST /api/v1/products/warehouse/add/': { body: () => [{ name: 'Новый товар' }], succeeds: 201 },
  'PATCH /api/v1/products/warehouse/{id}/update/': { params: (r) => [r.productId], body: () => ({ shelf: 'A-1' }) },
  'PATCH /api/v1/products/group/{main_id}/': { params: (r) => [r.productId], body: (r) => [r.groupedId] },
  'PATCH /api/v1/products/ungroup/{product_id}/': { params: (r) => [r.productId], body: () => [newId()] },
  'POST /api/v1/products/products/': { body: () => ({ name: 'Товар с карточками' }), succeeds: 201 },
  'GET /api/v1/products/{id}/movements/': { params: (r) => [r.productId] },
  'GET /api/v1/inventory/': {},
  'POST /api/v1/inventory/': { body: receipt, succeeds: 201 },
  'GET /api/v1/inventory/sum': {},
  'GET /api/v1/inventory/{id}/': { params: (r) => [r.productId] },
  'PATCH /api/v1/inventory/{id}/': { params: (r) => [r.lotId], body: () => ({ price: 100 }) },
  'POST /api/v1/inventory_batch/': { body: (r) => ({ batch: [receipt(r)] }), succeeds: 200 },
  'POST /api/v1/batch/': { body: () => ({ date: '2026-02-01', inventory_ids: [] }) },
  'GET /api/v1/batch/': {},
  'PATCH /api/v1/batch/{batch_id}/': { params: (r) => [r.batchId], body: empty },
  'GET /api/v1/batch/{batch_id}': { params: (r) => [r.batchId] },
  'POST /api/v1/other_realization_batch/': {
    body: (r) => ({ batch: [{ product_id: r.productId, count: 1, marketplace: 'WB', realization_price: 100 }] }),
    succeeds: 200,
  },
  'GET /api/v1/other_realization_batch/': { query: (r) => `product_id=${r.productId}` },
  'PATCH /api/v1/other_realization_batch/': { body: (r) => ({ id: r.otherRealizationId, description: 'Правка' }) },
  'GET /api/v1/sync/pull': {},
  'GET /api/v1/sync/digest': {},
  'POST /api/v1/sync/push': {
    body: (r) => [{ id: newId(), method: 'POST', path: '/api/v1/inventory/', body: receipt(r) }],
    succeeds: 200,
  },
  'POST /api/v1/extract/returns/': {
    body: (r) => ({ marketplace: 'OZON', market_id: r.marketId, date_start: '2026-01-01', date_end: '2026-01-02' }),
  },
  'POST /api/v1/extract/products/status/': { body: (r) => [{ marketplace: 'OZON', market_id: r.marketId }] },
  'POST /api/v1/extract/products/many': { body: (r) => [{ marketplace: 'OZON', market_id: r.marketId }] },
  'GET /api/v1/jobs/{id}/': { params: (r) => [r.jobId] },
  'GET /api/v1/disposal/{product_id}/': { params: (r) => [r.productId] },
  'POST /api/v1/disposal/': { body: (r) => ({ product_id: r.productId, count: 1, price: 100 }), succeeds: 201 },
  'PATCH /api/v1/disposal/{id}/': { params: (r) => [r.disposalId], body: empty },
  'GET /api/v1/markdowns/': {},
  'POST /api/v1/markdowns/': {
    body: (r) => ({ product_id: r.productId, price: 100, markdown_price: 60 }),
    succeeds: 201,
  },
  'PATCH /api/v1/markdowns/{id}/': { params: (r) => [r.markdownId], body: empty },
  'GET /api/v1/reserve/{product_id}/': { params: (r) => [r.productId] },
  'POST /api/v1/reserve/': { body: (r) => ({ product: r.productId, count: 1, price: 100 }), succeeds: 201 },
  'PATCH /api/v1/reserve/{id}/': { params: (r) => [r.reserveId], body: empty },
  'GET /api/v1/realization/{product_id}/': { params: (r) => [r.productId] },
  'POST /api/v1/realization/': {
    body: (r) => ({ product: r.productId, count: 1, realization_price: 500 }),
    succeeds: 201,
  },
  'PATCH /api/v1/realization/{id}/': { params: (r) => [r.realizationId], body: empty },
  'GET /api/v1/returns/': {},
  'POST /api/v1/returns/': { body: (r) => ({ product_id: r.productId, count: 1 }), succeeds: 201 },
  'POST /api/v1/returns/batch/': {
    body: (r) => ({ date: '2026-02-01', batch: { [r.returnId]: { status: 'ready', price: 100 } } }),
  },
  'GET /api/v1/returns/{return_id}/inventory/': { params: (r) => [r.returnId] },
  'PATCH /api/v1/returns/{id}/': { params: (r) => [r.returnId], body: empty },
  'PATCH /api/v1/returns/{return_id}/{to}/{inventory_id}/': { params: (r) => [r.returnId, 'to_inventory', r.lotId] },
  'GET /api/v1/products_mp_status/': {},
  'GET /api/v1/stock-push/preview/': {},
  'POST /api/v1/stock-push/start/': { body: empty },
  'GET /api/v1/stock-push/log/': {},
  'GET /api/v1/stock-push/log/{job_id}/': { params: (r) => [r.jobId] },
  'GET /api/v1/stock-push/settings/': {},
  'PATCH /api/v1/stock-push/settings/': { body: () => ({ auto_push: false }), succeeds: 200 },
  'GET /api/v1/orders/': {},
  'POST /api/v1/orders/link/': {
    body: (r) => ({ store_id: r.storeId, offer_id: 'offer-1', product_id: r.productId }),
  },
  'GET /api/v1/orders/intake/': {},
  'POST /api/v1/orders/intake/run/': { body: (r) => ({ store_id: r.storeId }) },
  // No order of A's exists here (the intake needs a marketplace): every allowed role gets 404, no role 403.
  'POST /api/v1/orders/{id}/assemble/': { params: () => [newId()], body: empty },
  'GET /api/v1/orders/{id}/label/': { params: () => [newId()] },
  'GET /api/v1/counts/': {},
  'GET /api/v1/counts/{id}/': { params: (r) => [r.countId] },
  'POST /api/v1/counts/': { body: () => ({ id: newId(), scope: 'all' }), succeeds: 201 },
  'PATCH /api/v1/counts/{id}/': { params: (r) => [r.countId], body: () => ({ name: 'Склад' }) },
  'POST /api/v1/count_lines/': {
    body: (r) => ({ id: newId(), count_id: r.countId, product_id: r.productId, quantity: 2 }),
    succeeds: 201,
  },
  'PATCH /api/v1/count_lines/{id}/': { params: (r) => [r.countLineId], body: () => ({ quantity: 3 }) },
  // The first allowed member posts it; the others get 409 count_posted, never 403.
  'POST /api/v1/counts/{id}/post/': { params: (r) => [r.countToPostId], body: empty },

  // The deletes: each removes a row the calls above aim at.
  'DELETE /api/v1/team/invitations/{id}/': { params: (r) => [r.invitationId] },
  'DELETE /api/v1/team/members/{user_id}/': { params: (r) => [r.memberId] },
  'DELETE /api/v1/other_realization_batch/{id}/': { params: (r) => [r.otherRealizationId] },
  'DELETE /api/v1/disposal/': { body: (r) => [r.disposalId] },
  'DELETE /api/v1/markdowns/{id}/': { params: (r) => [r.markdownId] },
  'DELETE /api/v1/reserve/{id}/delete/': { params: (r) => [r.reserveId] },
  'DELETE /api/v1/realization/{id}/delete/': { params: (r) => [r.realizationId] },
  'DELETE /api/v1/inventory/': { body: (r) => [r.lotId] },
  'DELETE /api/v1/count_lines/{id}/': { params: (r) => [r.countLineId] },
  'DELETE /api/v1/counts/{id}/': { params: (r) => [r.countId] },
  'DELETE /api/v1/markets/{market_id}/': { params: (r) => [r.marketId] },
  'DELETE /api/v1/products/warehouse/delete/': { body: (r) => [r.productId] },
};
