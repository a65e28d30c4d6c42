import type {
  ApiErrorResponse,
  BusinessOrder,
  GetBusinessOrdersRequest,
  GetBusinessOrdersResponse,
  Campaign,
  GetCampaignsResponse,
  GetOfferMapping,
  GetOfferMappingsResponse,
} from '../marketplaces/yandex-market/wire.ts';
import { notAfter, seedOf, type SandboxOffer } from './data.ts';
import { isPostingStatus, type SandboxPosting } from './postings.ts';
import {
  decodeCursor,
  encodeCursor,
  header,
  type SandboxMarketplaceModule,
  type SandboxRequest,
  type SandboxResponse,
  type SandboxState,
  type SandboxStore,
} from './types.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';

export const error = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): SandboxResponse => ({
  status,
  body: { status: 'ERROR', errors: [{ code, message }] } satisfies ApiErrorResponse,
  headers,
});

/** A key belongs to one cabinet; its id is derived from the key so every run agrees. */
export const businessIdOf = (apiKey: string): number => 1_000_000 + (seedOf(`ym-business:${apiKey}`) % 8_000_000);

export const campaignIdOf = (store: SandboxStore): number =>
  Number(store.marketId) || 20_000_000 + (seedOf(store.marketId) % 1_000_000);

/** Every answer of the real API carries the resource-limit headers; the sandbox never runs out. */
export function resourceHeaders(limit: number): Record<string, string> {
  return {
    'X-RateLimit-Resource-Limit': String(limit),
    'X-RateLimit-Resource-Remaining': String(limit - 1),
    'X-RateLimit-Resource-Until': new Date(Date.now() + 60_000).toUTCString(),
  };
}

export function authorise(req: SandboxRequest, state: SandboxState): SandboxStore[] | SandboxResponse {
  const raw = header(req, 'Api-Key');
  if (!raw) return error(401, codes.unauthorized, 'Api-Key or OAuth token is required');
  if (/^Bearer\s/i.test(raw)) return error(401, codes.unauthorized, 'Api-Key token prefix invalid');
  const stores = state.stores.filter((s) => s.marketplace === 'YM' && s.apiKey === raw);
  return stores.length > 0 ? stores : error(401, codes.unauthorized, 'Api-Key token is invalid');
}

/** PageLimit100Truncate: values above 100 are cut to 100, not refused. */
export function pageLimit(query: URLSearchParams, fallback: number): number | undefined {
  const raw = query.get('limit');
  if (raw === null) return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : undefined;
}

function mapping(o: SandboxOffer, url: string, campaigns: number[]): GetOfferMapping {
  return {
    offer: {
      offerId: o.offerId,
      name: o.name,
      marketCategoryId: 91491,
      pictures: o.images.length > 0 ? o.images.map((n) => `${url}/images/${n}.png`) : null,
      vendor: o.brand,
      vendorCode: o.offerId,
      barcodes: o.barcodes,
      description: `${o.name}. Описание из песочницы.`,
      cardStatus: 'HAS_CARD_CAN_UPDATE',
      campaigns: campaigns.map((campaignId) => ({ campaignId, status: o.archived ? 'ARCHIVED' : 'PUBLISHED' })),
      archived: o.archived,
    },
    mapping: {
      marketSku: o.sku,
      marketSkuName: o.name,
      marketCategoryId: 91491,
      marketCategoryName: 'Товары для дома',
    },
  };
}

/** ISO 8601 with the Moscow offset, as YM writes dates; the same instant as `ms`. */
export const moscowIso = (ms: number) => `${new Date(ms + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;

const postingsOf = (state: SandboxState, store: SandboxStore) => {
  const businessId = businessIdOf(store.apiKey);
  return state.postings('YM', String(campaignIdOf(store)), state.offers(`YM:${businessId}`, `YM${businessId}`));
};

const DAY_MS = 86_400_000;

function businessOrder(p: SandboxPosting): BusinessOrder {
  const [status, substatus] = p.status.split('/') as [BusinessOrder['status'], string];
  const at = p.createdAt.getTime();
  const day = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
  return {
    orderId: p.id,
    campaignId: Number(p.storeId),
    programType: 'FBS',
    status,
    substatus,
    creationDate: moscowIso(at),
    updateDate: moscowIso(notAfter(at + 3_600_000)),
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
      dates: { fromDate: day(at + 3 * DAY_MS), toDate: day(at + 4 * DAY_MS) },
      shipment: { id: p.id + 1, shipmentDate: day(at + DAY_MS) },
    },
  };
}

/** getBusinessOrders' creation dates: YYYY-MM-DD, "To" excluded, at most 30 days apart. */
const MAX_ORDER_DAYS = 30;

export const isDay = (text: string | null) =>
  text === null || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)));

export const yandexMarketSandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: (waitSeconds) =>
    error(420, codes.limitExceeded, 'Hit rate limit of 2 parallel requests', {
      'X-RateLimit-Resource-Limit': '600',
      'X-RateLimit-Resource-Remaining': waitSeconds > 0 ? '0' : '1',
      'X-RateLimit-Resource-Until': new Date(Date.now() + waitSeconds * 1000).toUTCString(),
    }),
  postingsOf,
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
        // PageLimit50Truncate: values above 50 are cut to 50.
        const rawLimit = req.query.get('limit');
        const limit = rawLimit === null ? 50 : Number(rawLimit);
        if (!Number.isInteger(limit) || limit < 1)
          return error(400, codes.badRequest, 'limit must be a positive integer');
        const token = req.query.get('page_token') ?? req.query.get('pageToken');
        const cursor = token ? decodeCursor<{ from: number }>(token) : { from: 0 };
        if (!cursor || typeof cursor.from !== 'number') return error(400, codes.badRequest, 'Invalid page_token');
        if (req.body === undefined) return error(400, codes.badRequest, 'Request body is required');
        const body = req.body as GetBusinessOrdersRequest;

        if (body.statuses?.some((st) => !isPostingStatus('YM', `${st}/X`)))
          return error(400, codes.badRequest, 'statuses: unknown order status');
        const ownCampaigns = own.map((s) => campaignIdOf(s));
        if (body.campaignIds?.some((c) => !ownCampaigns.includes(c)))
          return error(403, codes.forbidden, 'Access denied to some of campaignIds');
        const dates = body.dates ?? {};
        for (const d of [dates.creationDateFrom, dates.creationDateTo]) {
          if (d !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))))
            return error(400, codes.badRequest, 'dates: YYYY-MM-DD expected');
        }
        const now = Date.now();
        // Moscow days: the dates the seller's cabinet shows.
        const dayStart = (d: string) => Date.parse(`${d}T00:00:00+03:00`);
        // Defaults: the last 30 days up to now.
        const to = dates.creationDateTo ? dayStart(dates.creationDateTo) : now + 1;
        const from = dates.creationDateFrom ? dayStart(dates.creationDateFrom) : to - MAX_ORDER_DAYS * DAY_MS;
        if (to < from) return error(400, codes.badRequest, 'creationDateFrom must not be later than creationDateTo');
        if (to - from > MAX_ORDER_DAYS * DAY_MS)
          return error(400, codes.badRequest, `The period must not exceed ${MAX_ORDER_DAYS} days`);

        const campaigns = body.campaignIds ?? ownCampaigns;
        const statuses = body.statuses ?? undefined;
        const substatuses = body.substatuses ?? undefined;
        const orderIds = body.orderIds ?? undefined;
        const all = own
          .filter((s) => campaigns.includes(campaignIdOf(s)))
          .flatMap((s) => postingsOf(state, s))
          .map(businessOrder)
          .filter((o) => {
            const at = Date.parse(o.creationDate);
            if (body.fake === true || at < from || at >= to) return false;
            if (statuses && !statuses.includes(o.status)) return false;
            if (substatuses && !substatuses.includes(o.substatus)) return false;
            return !orderIds || orderIds.includes(o.orderId);
          })
          .sort((a, b) => a.orderId - b.orderId);
        const page = all.slice(cursor.from, cursor.from + Math.min(limit, 50));
        const end = cursor.from + page.length;
        const response: GetBusinessOrdersResponse = {
          orders: page,
          paging: end < all.length ? { nextPageToken: encodeCursor({ from: end }) } : {},
        };
        return { status: 200, body: response, headers: resourceHeaders(10_000) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/campaigns$/,
      handle(req, state) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const limit = pageLimit(req.query, 100);
        if (limit === undefined) return error(400, codes.badRequest, 'limit must be a positive integer');
        const all: Campaign[] = stores.map((s) => ({
          id: campaignIdOf(s),
          domain: s.name ?? `shop-${s.marketId}.example`,
          business: { id: businessIdOf(s.apiKey), name: `Кабинет ${businessIdOf(s.apiKey)}` },
          placementType: 'FBS',
          apiAvailability: 'AVAILABLE',
        }));
        const token = req.query.get('page_token') ?? req.query.get('pageToken');
        const from = token ? (decodeCursor<{ from: number }>(token)?.from ?? 0) : 0;
        const campaigns = all.slice(from, from + limit);
        const next = from + limit < all.length ? encodeCursor({ from: from + limit }) : undefined;
        const body: GetCampaignsResponse = {
          campaigns,
          pager: {
            total: all.length,
            from: from + 1,
            to: from + campaigns.length,
            currentPage: 1,
            pagesCount: 1,
            pageSize: limit,
          },
          paging: next ? { nextPageToken: next } : {},
        };
        return { status: 200, body, headers: resourceHeaders(1000) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/businesses\/(\d+)\/offer-mappings$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const businessId = Number(match[1]);
        const first = stores[0] as SandboxStore;
        if (businessIdOf(first.apiKey) !== businessId) {
          return error(403, codes.forbidden, `Access denied to business ${businessId}`);
        }
        const limit = pageLimit(req.query, 50);
        if (limit === undefined) return error(400, codes.badRequest, 'limit must be a positive integer');
        const token = req.query.get('page_token') ?? req.query.get('pageToken');
        const cursor = token ? decodeCursor<{ from: number }>(token) : { from: 0 };
        if (!cursor || typeof cursor.from !== 'number') return error(400, codes.badRequest, 'Invalid page_token');

        const offers = state.offers(`YM:${businessId}`, `YM${businessId}`);
        const campaigns = stores.map(campaignIdOf);
        const filter = (req.body ?? {}) as { offerIds?: string[] | null };
        if (filter.offerIds && filter.offerIds.length > 0) {
          // A list of ids comes back whole, without paging (reference §3).
          const wanted = new Set(filter.offerIds);
          const result = {
            offerMappings: offers.filter((o) => wanted.has(o.offerId)).map((o) => mapping(o, state.url, campaigns)),
          };
          return {
            status: 200,
            body: { status: 'OK', result } satisfies GetOfferMappingsResponse,
            headers: resourceHeaders(600),
          };
        }
        const page = offers.slice(cursor.from, cursor.from + limit);
        const end = cursor.from + page.length;
        const body: GetOfferMappingsResponse = {
          status: 'OK',
          result: {
            paging: end < offers.length ? { nextPageToken: encodeCursor({ from: end }) } : {},
            offerMappings: page.map((o) => mapping(o, state.url, campaigns)),
          },
        };
        return { status: 200, body, headers: resourceHeaders(600) };
      },
    },
  ],
};
