import type {
  AnalyticsProblem,
  AssemblyOrder,
  Card,
  CardsListRequest,
  CardsListResponse,
  ContentError,
  GatewayError,
  MarketplaceApiError,
  NewOrdersResponse,
  OrderStatus,
  OrdersResponse,
  OrdersStatusResponse,
  SupplierStatus,
  WbStatus,
} from '../marketplaces/wildberries/wire.ts';
import { seedOf, type SandboxOffer } from './data.ts';
import type { SandboxPosting } from './postings.ts';
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

const postingsOf = (state: SandboxState, store: SandboxStore) =>
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

/** /api/v3/orders serves at most 30 days per request. */
const MAX_ORDERS_SECONDS = 30 * 86_400;

function assemblyOrder(p: SandboxPosting): AssemblyOrder {
  const item = p.items[0]!;
  const kopecks = Math.round(item.price * 100);
  const [supplierStatus] = p.status.split('/');
  return {
    id: p.id,
    orderUid: `${p.id}_sandbox`,
    rid: seedOf(`rid:${p.id}`).toString(16).padStart(8, '0') + p.id.toString(16),
    article: item.offer.offerId,
    nmId: item.offer.productId,
    chrtId: item.offer.productId + 300_000_000,
    skus: item.offer.barcodes,
    ...(supplierStatus === 'new' ? {} : { supplyId: `WB-GI-${1_000_000 + p.n}` }),
    warehouseId: 1_000_001,
    officeId: 300,
    offices: ['Москва'],
    createdAt: p.createdAt.toISOString().replace(/\.\d+Z$/, 'Z'),
    price: kopecks,
    convertedPrice: kopecks,
    currencyCode: 643,
    convertedCurrencyCode: 643,
    cargoType: 1,
    deliveryType: 'fbs',
    isZeroOrder: false,
  };
}

/** A task the seller still has to confirm: new, and not cancelled by the buyer or WB. */
const isNew = (p: SandboxPosting) =>
  p.status.startsWith('new/') && !/\/(canceled|canceled_by_client|declined_by_client|defect)$/.test(p.status);

/** Integer query parameter: undefined when absent, NaN when malformed. */
function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  return /^-?\d+$/.test(raw) ? Number(raw) : NaN;
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
      method: 'GET',
      pattern: /^\/api\/v3\/orders$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store) return unauthorisedMarketplace();
        const limit = intParam(req.query, 'limit');
        const next = intParam(req.query, 'next');
        if (limit === undefined || next === undefined) return marketplaceError('limit and next are required');
        if (Number.isNaN(limit) || limit < 1 || limit > 1000)
          return marketplaceError('limit must be between 1 and 1000');
        if (Number.isNaN(next) || next < 0) return marketplaceError('incorrect next');
        const nowSec = Math.floor(Date.now() / 1000);
        const dateFrom = intParam(req.query, 'dateFrom') ?? nowSec - MAX_ORDERS_SECONDS;
        const dateTo = intParam(req.query, 'dateTo') ?? nowSec;
        if (Number.isNaN(dateFrom) || Number.isNaN(dateTo))
          return marketplaceError('dateFrom and dateTo must be Unix timestamps');
        if (dateTo < dateFrom) return marketplaceError('dateFrom must not be later than dateTo');
        if (dateTo - dateFrom > MAX_ORDERS_SECONDS) return marketplaceError('the period must not exceed 30 days');
        const page = postingsOf(state, store)
          .filter(
            (p) =>
              p.id > next && p.createdAt.getTime() >= dateFrom * 1000 && p.createdAt.getTime() <= dateTo * 1000 + 999,
          )
          .sort((a, b) => a.id - b.id)
          .slice(0, limit);
        const body: OrdersResponse = { next: page.at(-1)?.id ?? next, orders: page.map(assemblyOrder) };
        return { status: 200, body, headers: { 'X-Ratelimit-Remaining': '19' } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v3\/orders\/new$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store) return unauthorisedMarketplace();
        const orders = postingsOf(state, store)
          .filter(isNew)
          .map((p) => {
            const order = assemblyOrder(p);
            return {
              ...order,
              salePrice: order.price,
              finalPrice: order.price,
              convertedFinalPrice: order.convertedPrice,
              requiredMeta: [],
              optionalMeta: [],
              scanPrice: null,
            };
          });
        return {
          status: 200,
          body: { orders } satisfies NewOrdersResponse,
          headers: { 'X-Ratelimit-Remaining': '19' },
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v3\/orders\/status$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store) return unauthorisedMarketplace();
        const ids = (req.body as { orders?: unknown } | undefined)?.orders;
        if (!Array.isArray(ids) || ids.length === 0)
          return marketplaceError('orders: from 1 to 1000 ids are required', codes.incorrectRequestBody);
        if (ids.length > 1000) return marketplaceError('orders: at most 1000 ids', codes.incorrectRequestBody);
        if (!ids.every((id) => Number.isInteger(id)))
          return marketplaceError('orders: ids must be integers', codes.incorrectRequestBody);
        const byId = new Map(postingsOf(state, store).map((p) => [p.id, p]));
        const orders: OrderStatus[] = (ids as number[]).flatMap((id) => {
          const p = byId.get(id);
          if (!p) return [];
          const [supplierStatus, wbStatus] = p.status.split('/') as [SupplierStatus, WbStatus];
          return [{ id, supplierStatus, wbStatus }];
        });
        return {
          status: 200,
          body: { orders } satisfies OrdersStatusResponse,
          headers: { 'X-Ratelimit-Remaining': '19' },
        };
      },
    },
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
