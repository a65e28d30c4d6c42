import type {
  ApiErrorResponse,
  Campaign,
  GetCampaignsResponse,
  GetOfferMapping,
  GetOfferMappingsResponse,
} from '../marketplaces/yandex-market/wire.ts';
import { seedOf, type SandboxOffer } from './data.ts';
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

export const postingsOf = (state: SandboxState, store: SandboxStore) => {
  const businessId = businessIdOf(store.apiKey);
  return state.postings('YM', String(campaignIdOf(store)), state.offers(`YM:${businessId}`, `YM${businessId}`));
};

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
          placementType: s.placementType ?? 'FBS',
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
