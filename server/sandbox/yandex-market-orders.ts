import type {
  BusinessOrder,
  GetBusinessOrdersRequest,
  GetBusinessOrdersResponse,
} from '../marketplaces/yandex-market/wire.ts';
import { ymOrderLimit } from './order-limits.ts';
import { isPostingStatus, type SandboxPosting } from './postings.ts';
import { decodeCursor, encodeCursor, type SandboxMarketplaceModule, type SandboxResponse } from './types.ts';
import {
  authorise,
  businessIdOf,
  campaignIdOf,
  error,
  moscowIso,
  postingsOf,
  yandexMarketSandbox,
} from './yandex-market.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Yandex Market's orders of a cabinet in the sandbox: POST /v1/businesses/{businessId}/orders
 * (getBusinessOrders), paged by page_token, filtered by campaigns, statuses, substatuses, order ids, models
 * (programTypes: a shop's placementType, FBS unless the store says FBY),
 * creation days (`dates.creationDateFrom/To`, YYYY-MM-DD, Moscow, "To" excluded) and update moments
 * (`dates.updateDateFrom/To`, ISO 8601, "From" included, "To" excluded, to the second as served). Both
 * windows are at most 30 days; without creation days the last 30 days are asked, whatever else is
 * filtered (the spec's default, with no exception stated: an order created earlier and moved now needs
 * an older creation window). 10,000 requests an hour per cabinet (order-limits.ts).
 * The per-campaign GET /v2/campaigns/{campaignId}/orders: yandex-market-campaign-orders.ts.
 */

export const DAY_MS = 86_400_000;
/** The longest creation or update window one request may ask. */
export const MAX_ORDER_DAYS = 30;

/** A Moscow calendar day: YYYY-MM-DD. */
export const moscowDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);

/** The moment as the answers write it (to the second): what the update filters compare. */
export const servedSecond = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;

/** Items are listed by order id; a page token names the last one served, so orders added later never shift a page. */
export function pageAfter(token: string | null): number | SandboxResponse {
  if (!token) return 0;
  const cursor = decodeCursor<{ after: number }>(token);
  return cursor && typeof cursor.after === 'number' ? cursor.after : error(400, codes.badRequest, 'Invalid page_token');
}

export function pageOf<T>(all: T[], idOf: (item: T) => number, after: number, limit: number) {
  const rest = all.filter((o) => idOf(o) > after);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return { page, nextPageToken: rest.length > page.length && last ? encodeCursor({ after: idOf(last) }) : undefined };
}

/**
 * An update window ("From" included, "To" excluded) as a test on a served moment, or the 400 for a bad
 * one: date-times with an offset, at most 30 days apart.
 */
export function updatedWithin(
  fromText: string | null | undefined,
  toText: string | null | undefined,
  names: string,
): ((ms: number) => boolean) | SandboxResponse {
  const parse = (text: string | null | undefined) =>
    text == null || text === '' ? undefined : /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  const from = parse(fromText);
  const to = parse(toText);
  if (Number.isNaN(from) || Number.isNaN(to))
    return error(400, codes.badRequest, `${names}: ISO 8601 date-times expected`);
  if (from !== undefined && to !== undefined) {
    if (to < from) return error(400, codes.badRequest, `${names}: the start must not be later than the end`);
    if (to - from > MAX_ORDER_DAYS * DAY_MS)
      return error(400, codes.badRequest, `${names}: the period must not exceed ${MAX_ORDER_DAYS} days`);
  }
  return (ms) => (from === undefined || ms >= from) && (to === undefined || ms < to);
}

function businessOrder(p: SandboxPosting, programType: 'FBS' | 'FBY'): BusinessOrder {
  const [status, substatus] = p.status.split('/') as [BusinessOrder['status'], string];
  const at = p.createdAt.getTime();
  return {
    orderId: p.id,
    campaignId: Number(p.storeId),
    programType,
    status,
    substatus,
    creationDate: moscowIso(at),
    updateDate: moscowIso(p.changedAt.getTime()),
    paymentType: 'PREPAID',
    paymentMethod: 'YANDEX',
    fake: false,
    items: p.items.map((i, k) => ({
      id: p.id * 10 + k + 1,
      offerId: i.offer.offerId,
      offerName: i.offer.name,
      count: i.quantity,
      prices: { payment: { value: i.price * i.quantity, currencyId: 'RUR' } },
    })),
    delivery: {
      type: 'DELIVERY',
      serviceName: 'Доставка Маркета',
      deliveryServiceId: 1006360,
      deliveryPartnerType: 'YANDEX_MARKET',
      dates: { fromDate: moscowDay(at + 3 * DAY_MS), toDate: moscowDay(at + 4 * DAY_MS) },
      shipment: { id: p.id + 1, shipmentDate: moscowDay(at + DAY_MS) },
    },
  };
}

const isDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d));
/** Moscow days: the dates the seller's cabinet shows. */
const dayStart = (d: string) => Date.parse(`${d}T00:00:00+03:00`);

export const yandexMarketOrderSandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: yandexMarketSandbox.limited,
  postingsOf: yandexMarketSandbox.postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v1\/businesses\/(\d+)\/orders$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const businessId = Number(match[1]);
        const own = stores.filter((s) => businessIdOf(s.apiKey) === businessId);
        if (own.length === 0) return error(403, codes.forbidden, `Access denied to business ${businessId}`);
        const { refused, headers } = ymOrderLimit(state, 283, businessId);
        if (refused) return refused;
        // PageLimit50Truncate: values above 50 are cut to 50.
        const rawLimit = req.query.get('limit');
        const limit = rawLimit === null ? 50 : Number(rawLimit);
        if (!Number.isInteger(limit) || limit < 1)
          return error(400, codes.badRequest, 'limit must be a positive integer');
        const after = pageAfter(req.query.get('page_token') ?? req.query.get('pageToken'));
        if (typeof after !== 'number') return after;
        if (req.body === undefined) return error(400, codes.badRequest, 'Request body is required');
        const body = req.body as GetBusinessOrdersRequest;

        if (body.statuses?.some((st) => !isPostingStatus('YM', `${st}/X`)))
          return error(400, codes.badRequest, 'statuses: unknown order status');
        const ownCampaigns = own.map((s) => campaignIdOf(s));
        if (body.campaignIds?.some((c) => !ownCampaigns.includes(c)))
          return error(403, codes.forbidden, 'Access denied to some of campaignIds');
        const dates = body.dates ?? {};
        for (const d of [dates.creationDateFrom, dates.creationDateTo]) {
          if (d !== undefined && !isDate(d)) return error(400, codes.badRequest, 'dates: YYYY-MM-DD expected');
        }
        // Defaults: the last 30 days up to now.
        const to = dates.creationDateTo ? dayStart(dates.creationDateTo) : Date.now() + 1;
        const from = dates.creationDateFrom ? dayStart(dates.creationDateFrom) : to - MAX_ORDER_DAYS * DAY_MS;
        if (to < from) return error(400, codes.badRequest, 'creationDateFrom must not be later than creationDateTo');
        if (to - from > MAX_ORDER_DAYS * DAY_MS)
          return error(400, codes.badRequest, `The period must not exceed ${MAX_ORDER_DAYS} days`);
        const updated = updatedWithin(dates.updateDateFrom, dates.updateDateTo, 'dates.updateDateFrom/To');
        if (typeof updated !== 'function') return updated;

        const campaigns = body.campaignIds ?? ownCampaigns;
        const statuses = body.statuses ?? undefined;
        const substatuses = body.substatuses ?? undefined;
        const orderIds = body.orderIds ?? undefined;
        const programs = body.programTypes ?? undefined;
        const programOf = (p: SandboxPosting) =>
          own.find((s) => String(campaignIdOf(s)) === p.storeId)?.placementType ?? 'FBS';
        const all = own
          .filter((s) => campaigns.includes(campaignIdOf(s)))
          .flatMap((s) => postingsOf(state, s))
          .filter((p) => {
            const at = servedSecond(p.createdAt);
            if (body.fake === true || at < from || at >= to || !updated(servedSecond(p.changedAt))) return false;
            const [status, substatus] = p.status.split('/') as [BusinessOrder['status'], string];
            if (statuses && !statuses.includes(status)) return false;
            if (substatuses && !substatuses.includes(substatus)) return false;
            if (programs && !programs.includes(programOf(p))) return false;
            return !orderIds || orderIds.includes(p.id);
          })
          .sort((a, b) => a.id - b.id);
        const { page, nextPageToken } = pageOf(all, (p) => p.id, after, Math.min(limit, 50));
        const response: GetBusinessOrdersResponse = {
          orders: page.map((p) => businessOrder(p, programOf(p))),
          paging: nextPageToken ? { nextPageToken } : {},
        };
        return { status: 200, body: response, headers };
      },
    },
  ],
};
