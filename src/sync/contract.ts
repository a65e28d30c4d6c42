import type { paths } from '../../api/schema.gen.ts';
import type { HttpWriteMethod } from '../db/database.ts';

/*
 * The one place the client names the server's addresses. Every queued edit is built by apiCall from
 * the generated contract (api/schema.gen.ts), so an address the server does not have, a missing
 * path parameter or a body of the wrong shape fails `npm run typecheck` instead of coming back as
 * a rejected edit. Callers name a path below /api/v1 ('/inventory/{id}/'); only this module writes
 * the prefix, and src/contract-paths.test.ts keeps '/api/v1/' out of the rest of src/, so no
 * address can skip the check.
 */

const V1 = '/api/v1';
/** A contract path below /api/v1, as callers write it. */
type V1Path = keyof paths extends infer K ? (K extends `${typeof V1}${infer Rest}` ? Rest : never) : never;
type Full<P extends V1Path> = Extract<`${typeof V1}${P}`, keyof paths>;

/** The operation a path answers for a method, or never. */
type OperationOf<M extends HttpWriteMethod, P extends V1Path> = NonNullable<paths[Full<P>][Lowercase<M>]>;

/** The contract's paths (below /api/v1) that take this method. */
export type PathWith<M extends HttpWriteMethod> = {
  [P in V1Path]: [OperationOf<M, P>] extends [never] ? never : P;
}[V1Path];

/**
 * Request fields the server fills in when they are left out (zod `.default`). The generated types
 * list a defaulted field as required, so without this a call would have to send the default itself.
 */
interface ServerDefaults {
  'POST /batch/': 'description';
  'POST /products/products/': 'confirmed' | 'products_mp';
}
type WithDefaults<Key extends string, Body> = Key extends keyof ServerDefaults
  ? Omit<Body, ServerDefaults[Key]> & Partial<Pick<Body, Extract<ServerDefaults[Key], keyof Body>>>
  : Body;

type PathParams<O> = O extends { parameters: { path: infer Params } } ? Params : never;
type BodyPart<O, Key extends string> = O extends { requestBody?: never }
  ? { body?: never }
  : O extends { requestBody: { content: { 'application/json': infer Body } } }
    ? { body: WithDefaults<Key, Body> }
    : O extends { requestBody?: { content: { 'application/json': infer Body } } }
      ? { body?: WithDefaults<Key, Body> }
      : { body?: never };
type ParamsPart<O> = [PathParams<O>] extends [never] ? { params?: never } : { params: PathParams<O> };
type CallInit<M extends HttpWriteMethod, P extends V1Path> = ParamsPart<OperationOf<M, P>> &
  BodyPart<OperationOf<M, P>, `${M} ${P}`>;
/** The init argument may be left out when the operation needs neither path parameters nor a body. */
type InitArgs<M extends HttpWriteMethod, P extends V1Path> =
  object extends CallInit<M, P> ? [init?: CallInit<M, P>] : [init: CallInit<M, P>];

/** A REST call as the outbox keeps it (src/sync/outbox.ts EditCall without its group). */
export interface ApiCall<M extends HttpWriteMethod = HttpWriteMethod> {
  method: M;
  path: string;
  body?: unknown;
}

/** `{id}` in a contract path filled from `params`; each value encoded as one path segment. */
function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Нет параметра ${name} для ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * One write call of the contract, e.g. `apiCall('PATCH', '/inventory/{id}/', { params: { id }, body: { count } })`
 * for PATCH /api/v1/inventory/{id}/.
 * The result goes to queueCreate / queueUpdate / queueDelete / queueCall (with a `group` when it
 * needs one) or into a queueGroup call.
 */
export function apiCall<M extends HttpWriteMethod, P extends PathWith<M>>(
  method: M,
  path: P,
  ...[init]: InitArgs<M, P>
): ApiCall<M> {
  const { params, body } = (init ?? {}) as { params?: Record<string, unknown>; body?: unknown };
  const full = fillPath(`${V1}${path}`, params);
  return body === undefined ? { method, path: full } : { method, path: full, body };
}

/**
 * The calls sync and sign-in make themselves (through openapi-fetch, which types them against
 * the same contract, or plain fetch for the token refresh).
 */
export const endpoints = {
  signup: '/api/v1/users/signup',
  login: '/api/v1/users/login',
  refresh: '/api/v1/users/refresh',
  logout: '/api/v1/users/logout',
  me: '/api/v1/users/me',
  uploadImage: '/api/v1/products/image/',
  push: '/api/v1/sync/push',
  pull: '/api/v1/sync/pull',
  digest: '/api/v1/sync/digest',
  // The stock push's reads (src/features/stock-push/api/): online only, never queued.
  stockPushPreview: '/api/v1/stock-push/preview/',
  stockPushLog: '/api/v1/stock-push/log/',
  stockPushRun: '/api/v1/stock-push/log/{job_id}/',
  stockPushSettings: '/api/v1/stock-push/settings/',
  // The team (src/sync/team.ts): online only, never queued.
  team: '/api/v1/team/',
  teamBusiness: '/api/v1/team/business/',
  teamInvitations: '/api/v1/team/invitations/',
  teamInvitation: '/api/v1/team/invitations/{id}/',
  teamMember: '/api/v1/team/members/{user_id}/',
  teamMemberMovements: '/api/v1/team/members/{user_id}/movements/',
  teamJoin: '/api/v1/team/join/',
  // Who made a row: the business's members by name (src/sync/member-names.ts), any role may read them.
  teamMemberNames: '/api/v1/team/members/',
  // An assembled order's label PDF (src/sync/order-label.ts): online only.
  orderLabel: '/api/v1/orders/{id}/label/',
  // /products from the server while a fresh device's mirror fills (src/sync/server-products.ts): online only.
  productList: '/api/v1/products/all/',
  // History older than the device's window (src/sync/older-history.ts): online only.
  productMovements: '/api/v1/products/{id}/movements/',
  productSales: '/api/v1/realization/{product_id}/',
} as const satisfies Record<string, keyof paths>;
