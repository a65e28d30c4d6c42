import type {
  AnalyticsProblem,
  Card,
  CardsListRequest,
  CardsListResponse,
  ContentError,
  GatewayError,
  MarketplaceApiError,
} from '../marketplaces/wildberries/wire.ts';
import type { SandboxOffer } from './data.ts';
import {
  header,
  seedOfKey,
  type SandboxMarketplaceModule,
  type SandboxRequest,
  type SandboxResponse,
  type SandboxState,
  type SandboxStore,
} from './types.ts';
import { wildberriesRefusalCodes as codes } from './refusal-codes.ts';

/** 401 and 429 come from WB's API gateway, with its own body (components.responses.401/429). */
export function gateway(
  status: number,
  title: string,
  statusText: string,
  detail: string,
  origin = 's2s-api-auth-content',
): SandboxResponse {
  const body: GatewayError = {
    title,
    detail,
    code: `sandbox-${status}`,
    requestId: `sandbox-${Date.now().toString(16)}`,
    origin,
    status,
    statusText,
    timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  return { status, body };
}

const contentError = (errorText: string): SandboxResponse => ({
  status: 400,
  body: { data: null, error: true, errorText, additionalErrors: null } satisfies ContentError,
});

/** The analytics API's 400: application/problem+json with components.schemas.4xxResponse. */
export const analyticsProblem = (detail: string): SandboxResponse => ({
  status: 400,
  body: {
    title: codes.badRequest,
    detail,
    origin: 'analytics-open-api',
    requestId: `sandbox-${Date.now().toString(16)}`,
  } satisfies AnalyticsProblem,
  headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
});

export function storeOf(req: SandboxRequest, state: SandboxState): SandboxStore | undefined {
  const token = header(req, 'Authorization')?.replace(/^Bearer\s+/i, '');
  return state.stores.find((s) => s.marketplace === 'WILDBERRIES' && s.apiKey === token);
}

export const catalogOf = (state: SandboxState, store: SandboxStore) =>
  state.offers(`WB:${seedOfKey(store.apiKey)}`, `WB${store.marketId}`);

export const postingsOf = (state: SandboxState, store: SandboxStore) =>
  state.postings('WILDBERRIES', store.marketId, catalogOf(state, store));

/** The marketplace API's own 400 (components.schemas.Error). */
export const marketplaceError = (message: string, code: string = codes.incorrectParameter): SandboxResponse => ({
  status: 400,
  body: { code, message, data: null } satisfies MarketplaceApiError,
});

export const unauthorisedMarketplace = () =>
  gateway(
    401,
    codes.unauthorized,
    'Unauthorized',
    'token problem; token is malformed or unknown',
    's2s-api-auth-marketplace',
  );

/** The seller's marketplace category (assembly tasks, warehouses, stocks): one token bucket per token. */
export const marketplaceBucketOf = (store: SandboxStore) => `WB:${seedOfKey(store.apiKey)}:marketplace`;

/**
 * Auth, then the marketplace category's bucket (300 a minute, burst 20 by default; stocks.ts): the
 * gateway answers 401 and 429 before the method looks at anything.
 */
export function admitMarketplace(req: SandboxRequest, state: SandboxState): SandboxStore | SandboxResponse {
  const store = storeOf(req, state);
  if (!store) return unauthorisedMarketplace();
  const { limits } = state.stocks;
  if (!state.stocks.bucket(marketplaceBucketOf(store), limits.wbPerMinute, limits.wbBurst))
    return wildberriesSandbox.limited(1);
  return store;
}

/** What a category answer carries: the requests left in the bucket (sent on every answer but a 429). */
export function remainingHeaders(state: SandboxState, store: SandboxStore): Record<string, string> {
  const { limits } = state.stocks;
  const left = state.stocks.bucketLeft(marketplaceBucketOf(store), limits.wbPerMinute, limits.wbBurst);
  return { 'X-Ratelimit-Remaining': String(Math.max(0, Math.floor(left))) };
}

/** WB's documented page size; larger limits are refused here (the real hard maximum is unconfirmed). */
const MAX_LIMIT = 100;

function toCard(o: SandboxOffer, url: string): Card {
  const nmID = o.productId;
  return {
    nmID,
    imtID: nmID + 7_000_000,
    nmUUID: `01900000-0000-7000-8000-${String(nmID).padStart(12, '0')}`,
    subjectID: 105,
    subjectName: o.name.split(' ')[0] ?? 'Товар',
    vendorCode: o.offerId,
    brand: o.brand,
    title: o.name,
    description: `${o.name}. Описание из песочницы.`,
    needKiz: false,
    photos: o.images.map((n) => {
      const link = `${url}/images/${n}.png`;
      return { big: link, c246x328: link, c516x688: link, square: link, tm: link };
    }),
    wholesale: { enabled: false, quantum: 0 },
    dimensions: { length: 20, width: 15, height: 5, weightBrutto: 0.35, isValid: true },
    characteristics: [{ id: 14177449, name: 'Цвет', value: [o.name.split(', ')[1] ?? 'белый'] }],
    sizes: [{ chrtID: nmID + 300_000_000, techSize: '0', wbSize: '', skus: o.barcodes }],
    tags: [],
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export const wildberriesSandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: (waitSeconds) => ({
    ...gateway(429, codes.tooManyRequests, 'Too Many Requests', 'limited by sandbox'),
    headers: {
      'X-Ratelimit-Retry': String(waitSeconds),
      'X-Ratelimit-Limit': '5',
      'X-Ratelimit-Reset': String(waitSeconds),
    },
  }),
  postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/content\/v2\/get\/cards\/list$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store)
          return gateway(401, codes.unauthorized, 'Unauthorized', 'token problem; token is malformed or unknown');

        const settings = (req.body as CardsListRequest | undefined)?.settings ?? {};
        const limit = settings.cursor?.limit ?? MAX_LIMIT;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
          return contentError(`limit must be between 1 and ${MAX_LIMIT}`);
        const ascending = settings.sort?.ascending ?? false;
        const withPhoto = settings.filter?.withPhoto;
        // textSearch: the seller's article, the WB article or a barcode.
        const text = settings.filter?.textSearch?.trim();
        const dir = ascending ? 1 : -1;
        const cards = catalogOf(state, store)
          .filter((o) => (withPhoto === 1 ? o.images.length > 0 : withPhoto === 0 ? o.images.length === 0 : true))
          .filter((o) => !text || o.offerId.includes(text) || String(o.productId) === text || o.barcodes.includes(text))
          .map((o) => toCard(o, state.url))
          .sort(
            (a, b) => dir * ((a.updatedAt ?? '').localeCompare(b.updatedAt ?? '') || (a.nmID ?? 0) - (b.nmID ?? 0)),
          );

        const { updatedAt, nmID } = settings.cursor ?? {};
        let from = 0;
        if (updatedAt !== undefined && nmID !== undefined) {
          // Everything strictly past the cursor in sort order, as the real cursor {updatedAt, nmID} works.
          from = cards.findIndex(
            (c) => dir * ((c.updatedAt ?? '').localeCompare(updatedAt) || (c.nmID ?? 0) - nmID) > 0,
          );
          if (from < 0) from = cards.length;
        }
        const page = cards.slice(from, from + limit);
        const last = page.at(-1);
        const response: CardsListResponse = {
          cards: page,
          cursor: { updatedAt: last?.updatedAt ?? updatedAt, nmID: last?.nmID ?? nmID, total: page.length },
        };
        return { status: 200, body: response, headers: { 'X-Ratelimit-Remaining': '4' } };
      },
    },
  ],
};
