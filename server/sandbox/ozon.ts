import type {
  FbsPosting,
  FbsPostingListRequest,
  FbsPostingListResponse,
  ProductInfoListRequest,
  ProductInfoListResponse,
  ProductInfoListResponseItem,
  ProductListRequest,
  ProductListResponse,
  RpcStatus,
} from '../marketplaces/ozon/wire.ts';
import { notAfter, type SandboxOffer } from './data.ts';
import type { SandboxPosting } from './postings.ts';
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
import { ozonRefusalCodes as codes } from './refusal-codes.ts';

/** OZON answers errors with rpcStatus and gRPC codes (3 invalid argument, 7 permission denied, 8 exhausted). */
export const rpc = (status: number, code: number, message: string): SandboxResponse => ({
  status,
  body: { code, message, details: [] } satisfies RpcStatus,
});

export function authorise(req: SandboxRequest, state: SandboxState): SandboxStore | SandboxResponse {
  const clientId = header(req, 'Client-Id');
  const apiKey = header(req, 'Api-Key');
  if (!clientId || !apiKey) return rpc(403, codes.permissionDenied, 'Client-Id and Api-Key headers are required');
  const store = state.stores.find((s) => s.marketplace === 'OZON' && s.marketId === clientId && s.apiKey === apiKey);
  return store ?? rpc(403, codes.permissionDenied, 'Invalid Api-Key, please check the key and try again');
}

export const catalog = (state: SandboxState, store: SandboxStore) =>
  state.offers(`OZON:${store.marketId}`, `OZ${store.marketId}`);

const postingsOf = (state: SandboxState, store: SandboxStore) =>
  state.postings('OZON', store.marketId, catalog(state, store));

const YEAR_MS = 366 * 86_400_000;

export const iso = (ms: number) => new Date(ms).toISOString();

function fbsPosting(p: SandboxPosting): FbsPosting {
  const orderNumber = p.postingNumber.replace(/-\d+$/, '');
  const at = p.createdAt.getTime();
  const shipped = ['delivering', 'driver_pickup', 'delivered', 'sent_by_seller'].includes(p.status);
  return {
    posting_number: p.postingNumber,
    order_id: p.id,
    order_number: orderNumber,
    status: p.status,
    substatus: p.status === 'awaiting_packaging' ? 'posting_created' : `posting_${p.status}`,
    delivery_method: {
      id: 21321684811000,
      name: 'Ozon Логистика самостоятельно, Песочница',
      warehouse_id: 21321684811000,
      warehouse: 'Склад песочницы',
      tpl_provider_id: 24,
      tpl_provider: 'Ozon Логистика',
    },
    tracking_number: '',
    tpl_integration_type: 'ozon',
    in_process_at: iso(at),
    shipment_date: iso(at + 24 * 3_600_000),
    ...(shipped ? { delivering_date: iso(notAfter(at + 30 * 3_600_000)) } : {}),
    cancellation: {
      cancel_reason_id: p.status === 'cancelled' ? 352 : 0,
      cancel_reason: p.status === 'cancelled' ? 'Покупатель отменил заказ' : '',
      cancellation_type: p.status === 'cancelled' ? 'client' : '',
      cancelled_after_ship: false,
      affect_cancellation_rating: false,
      cancellation_initiator: p.status === 'cancelled' ? 'Клиент' : '',
    },
    products: p.items.map((i) => ({
      price: i.price.toFixed(6),
      currency_code: 'RUB',
      offer_id: i.offer.offerId,
      name: i.offer.name,
      sku: i.offer.sku,
      quantity: i.quantity,
      is_blr_traceable: false,
      is_marketplace_buyout: false,
    })),
    is_express: false,
    is_multibox: false,
    multi_box_qty: 1,
    available_actions: [],
  };
}

function infoItem(o: SandboxOffer, url: string): ProductInfoListResponseItem {
  const images = o.images.map((n) => `${url}/images/${n}.png`);
  return {
    id: o.productId,
    offer_id: o.offerId,
    name: o.name,
    sku: o.sku,
    barcodes: o.barcodes,
    // Like the real service, the main image is both primary_image[0] and images[0].
    primary_image: images.slice(0, 1),
    images,
    color_image: [],
    images360: [],
    is_archived: o.archived,
    is_autoarchived: false,
    is_discounted: false,
    is_kgt: false,
    is_super: false,
    currency_code: 'RUB',
    price: String(100 + (o.n % 50) * 10),
    old_price: '',
    min_price: '',
    marketing_price: '',
    vat: '0.2',
    description_category_id: 17028922,
    type_id: 91565,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    statuses: {
      is_created: true,
      moderate_status: 'approved',
      status: 'price_sent',
      status_name: 'Продается',
      status_failed: '',
      status_description: '',
      status_tooltip: '',
      validation_status: 'success',
      status_updated_at: o.updatedAt,
    },
    stocks: { has_stock: false, stocks: [] },
    sources: [
      { sku: o.sku, source: 'sds', created_at: o.createdAt, shipment_type: 'SHIPMENT_TYPE_GENERAL', quant_code: '' },
    ],
    errors: [],
    commissions: [],
    promotions: [],
    volume_weight: 0.4,
  };
}

export const ozonSandbox: SandboxMarketplaceModule = {
  marketplace: 'OZON',
  // No wait header: none is documented for OZON, so the adapter has to rely on its own backoff.
  limited: () => rpc(429, codes.resourceExhausted, 'You have reached request rate limit per second'),
  postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v3\/posting\/fbs\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const body = (req.body ?? {}) as Partial<FbsPostingListRequest>;
        const { limit, offset, filter } = body;
        if (limit === undefined || offset === undefined || filter === undefined)
          return rpc(400, codes.invalidArgument, 'filter, limit and offset are required');
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          return rpc(400, codes.invalidArgument, 'limit must be between 1 and 1000');
        if (!Number.isInteger(offset) || offset < 0)
          return rpc(400, codes.invalidArgument, 'offset must be a non-negative integer');
        const since = Date.parse(filter.since ?? '');
        const to = Date.parse(filter.to ?? '');
        if (Number.isNaN(since) || Number.isNaN(to))
          return rpc(400, codes.invalidArgument, 'filter.since and filter.to are required date-times');
        if (to - since > YEAR_MS) return rpc(400, codes.invalidArgument, 'PERIOD_IS_TOO_LONG');
        const dir = (body.dir ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
        const all = postingsOf(state, store)
          .filter(
            (p) =>
              (!filter.status || p.status === filter.status) &&
              p.createdAt.getTime() >= since &&
              p.createdAt.getTime() <= to,
          )
          .sort((a, b) => dir * (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id));
        const page = all.slice(offset, offset + limit);
        const response: FbsPostingListResponse = {
          result: { postings: page.map(fbsPosting), has_next: offset + page.length < all.length },
        };
        return { status: 200, body: response };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v3\/product\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const body = (req.body ?? {}) as ProductListRequest;
        const limit = body.limit ?? 1000;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          return rpc(400, codes.invalidArgument, 'limit must be between 1 and 1000');
        const offers = catalog(state, store).filter((o) =>
          body.filter?.visibility === 'ARCHIVED' ? o.archived : true,
        );
        let from = 0;
        if (body.last_id) {
          const cursor = decodeCursor<{ after: number }>(body.last_id);
          if (!cursor || typeof cursor.after !== 'number') return rpc(400, codes.invalidArgument, 'invalid last_id');
          from = offers.findIndex((o) => o.n > cursor.after);
          if (from < 0) from = offers.length;
        }
        const page = offers.slice(from, from + limit);
        const last = page.at(-1);
        const response: ProductListResponse = {
          result: {
            items: page.map((o) => ({
              product_id: o.productId,
              offer_id: o.offerId,
              archived: o.archived,
              has_fbo_stocks: false,
              has_fbs_stocks: false,
              is_discounted: false,
              quants: {},
            })),
            // The real service hands out a cursor even on the last full page; the next call comes back empty.
            last_id: last ? encodeCursor({ after: last.n }) : '',
            total: offers.length,
          },
        };
        return { status: 200, body: response };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v3\/product\/info\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const body = (req.body ?? {}) as ProductInfoListRequest;
        const asked = (body.offer_id?.length ?? 0) + (body.product_id?.length ?? 0) + (body.sku?.length ?? 0);
        if (asked > 1000) return rpc(400, codes.invalidArgument, 'too many identifiers: at most 1000 in total');
        const offerIds = new Set(body.offer_id ?? []);
        const productIds = new Set(body.product_id ?? []);
        const skus = new Set(body.sku ?? []);
        const items = catalog(state, store)
          .filter((o) => offerIds.has(o.offerId) || productIds.has(String(o.productId)) || skus.has(String(o.sku)))
          .map((o) => infoItem(o, state.url));
        return { status: 200, body: { items } satisfies ProductInfoListResponse };
      },
    },
  ],
};
