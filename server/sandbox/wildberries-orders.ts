import type {
  AssemblyOrder,
  NewOrdersResponse,
  OrderStatus,
  OrdersResponse,
  OrdersStatusResponse,
  SupplierStatus,
  WbStatus,
} from '../marketplaces/wildberries/wire.ts';
import { seedOf } from './data.ts';
import type { SandboxPosting } from './postings.ts';
import type { SandboxMarketplaceModule } from './types.ts';
import { admitMarketplace, marketplaceError, postingsOf, remainingHeaders, wildberriesSandbox } from './wildberries.ts';
import { wildberriesRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Wildberries' FBS assembly tasks in the sandbox (03-orders-fbs.yaml): GET /api/v3/orders (all tasks,
 * by creation time, `next` walking ids upwards), GET /api/v3/orders/new (the tasks still to confirm)
 * and POST /api/v3/orders/status (statuses by ids; unknown ids are left out). A task is one unit. All
 * three count against the seller's marketplace category bucket, shared with the stock calls
 * (wildberries-stocks.ts): 300 a minute with a burst of 20, a 429 beyond it.
 */

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

export const wildberriesOrderSandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: wildberriesSandbox.limited,
  postingsOf: wildberriesSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/api\/v3\/orders$/,
      handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
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
        return { status: 200, body, headers: remainingHeaders(state, store) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v3\/orders\/new$/,
      handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
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
          headers: remainingHeaders(state, store),
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v3\/orders\/status$/,
      handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
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
          headers: remainingHeaders(state, store),
        };
      },
    },
  ],
};
