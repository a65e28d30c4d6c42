import { rpc } from './ozon.ts';
import { ozonRefusalCodes as ozonCodes, yandexMarketRefusalCodes as ymCodes } from './refusal-codes.ts';
import type { SandboxResponse, SandboxState } from './types.ts';
import { error } from './yandex-market.ts';

/**
 * The limits the sandbox enforces on the order calls, as the references state them, so a benchmark of
 * order intake meets the real ones (Wildberries' are its marketplace category's, shared with the stock
 * calls: wildberries.ts admitMarketplace). Their clock is the stock limits' `minuteMs` (stocks.ts): a
 * test that shortens the minute shortens these seconds and hours alike.
 */
export interface SandboxOrderLimits {
  /**
   * OZON /v3/posting/fbs/list: 50 requests a second per Client-Id (reference §1, all methods; only the
   * order calls are counted here). A token bucket with a second's worth of burst, the way the app paces.
   */
  ozonPerSecond?: number;
  /**
   * YM getBusinessOrders (per cabinet, resource 283) and getOrders (per campaign, resource 27): 10,000
   * requests an hour each (x-resource-limit-config; counted in requests, though `path: resp` may mean
   * answered orders). The parallel limit (6) is not enforced: the sandbox answers one request at a time.
   */
  ymOrdersPerHour?: number;
}

export const defaultOrderLimits: Required<SandboxOrderLimits> = { ozonPerSecond: 50, ymOrdersPerHour: 10_000 };

/** OZON's own limit answer (429 with rpcStatus code 8), or undefined when the Client-Id has quota left. */
export function ozonOrderLimit(state: SandboxState, clientId: string): SandboxResponse | undefined {
  const perSecond = state.orderLimits.ozonPerSecond;
  if (state.stocks.bucket(`OZON:${clientId}:all`, perSecond * 60, perSecond)) return undefined;
  return rpc(429, ozonCodes.resourceExhausted, 'You have reached request rate limit per second');
}

const hourMs = (state: SandboxState) => state.stocks.limits.minuteMs * 60;

/** The X-RateLimit-Resource-* headers of a YM order resource, as every answer carries them. */
function ymHeaders(state: SandboxState, key: string): Record<string, string> {
  const limit = state.orderLimits.ymOrdersPerHour;
  const { spent, freesAt } = state.stocks.windowUse(key, hourMs(state));
  return {
    'X-RateLimit-Resource-Limit': String(limit),
    'X-RateLimit-Resource-Remaining': String(Math.max(0, limit - spent)),
    'X-RateLimit-Resource-Until': new Date(spent > 0 ? freesAt : Date.now() + hourMs(state)).toUTCString(),
  };
}

/**
 * Counts a YM order request against its resource (`resource` 283 per cabinet, 27 per campaign; the assembly
 * calls' 28 getOrder, 206 boxes, 30 status, 119 labels per campaign, 10,000 an hour each too):
 * `refused` is the 420 to answer once the hour's quota is spent, `headers` what a served answer carries.
 */
export function ymOrderLimit(
  state: SandboxState,
  resource: 27 | 28 | 283 | 206 | 30 | 119,
  owner: number,
): { refused?: SandboxResponse; headers: Record<string, string> } {
  const key = `YM:${resource}:${owner}`;
  const limit = state.orderLimits.ymOrdersPerHour;
  if (state.stocks.window(key, limit, 1, hourMs(state))) return { headers: ymHeaders(state, key) };
  const message = `Hit rate limit of ${limit} requests per period for resource ${resource}`;
  return { refused: error(420, ymCodes.limitExceeded, message, ymHeaders(state, key)), headers: {} };
}
