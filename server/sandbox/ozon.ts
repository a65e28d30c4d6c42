import type {
  ProductInfoListRequest,
  ProductInfoListResponse,
  ProductInfoListResponseItem,
  ProductListRequest,
  ProductListResponse,
  RpcStatus,
} from '../marketplaces/ozon/wire.ts';
import type { SandboxOffer } from './data.ts';
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

export const postingsOf = (state: SandboxState, store: SandboxStore) =>
  state.postings('OZON', store.marketId, catalog(state, store));

export const iso = (ms: number) => new Date(ms).toISOString();

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
