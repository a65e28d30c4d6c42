import type {
  ProductsStocksResponse,
  ProductsStocksResponseResult,
  StocksByWarehouseFbsResponse,
  WarehouseListItem,
  WarehouseListResponse,
} from '../marketplaces/ozon/wire.ts';
import { seedOf } from './data.ts';
import { authorise, catalog, ozonSandbox, rpc } from './ozon.ts';
import type { SandboxMarketplaceModule, SandboxState, SandboxStore } from './types.ts';
import { ozonRefusalCodes as codes } from './refusal-codes.ts';

/**
 * OZON's stock calls in the sandbox: /v1/warehouse/list, /v2/products/stocks (100 pairs a request,
 * 80 requests a minute per Client-Id, a pair once per 30 s — each checked as the method's description
 * says) and /v1/product/info/stocks-by-warehouse/fbs. Every store has an active warehouse and, with a
 * lower id, an archived one that takes no stock.
 */

function warehousesOf(store: SandboxStore): WarehouseListItem[] {
  const base = 22_000_000_000_000 + (seedOf(`ozon-wh:${store.marketId}`) % 1_000_000) * 1000;
  const common = {
    is_rfbs: false,
    is_kgt: false,
    is_economy: false,
    has_entrusted_acceptance: false,
    can_print_act_in_advance: false,
    postings_limit: -1,
    min_postings_limit: 0,
    min_working_days: 5,
    working_days: ['1', '2', '3', '4', '5'],
    is_karantin: false,
    is_timetable_editable: true,
    has_postings_limit: false,
  };
  return [
    { ...common, warehouse_id: base, name: 'Старый склад (архив)', status: 'disabled' },
    { ...common, warehouse_id: base + 1, name: 'Склад песочницы', status: 'created' },
  ];
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Units of the sku waiting for packaging in the store's sandbox postings: what OZON holds in reserve. */
function reservedOf(state: SandboxState, store: SandboxStore, sku: number): number {
  return ozonSandbox
    .postingsOf(state, store)
    .filter((p) => p.status === 'awaiting_packaging')
    .reduce((n, p) => n + p.items.filter((i) => i.offer.sku === sku).reduce((m, i) => m + i.quantity, 0), 0);
}

export const ozonStockSandbox: SandboxMarketplaceModule = {
  marketplace: 'OZON',
  limited: ozonSandbox.limited,
  postingsOf: ozonSandbox.postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v1\/warehouse\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        return { status: 200, body: { result: warehousesOf(store) } satisfies WarehouseListResponse };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/products\/stocks$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const { stocks } = state;
        if (!stocks.window(`OZON:${store.marketId}:stocks`, stocks.limits.ozonPerMinute))
          return rpc(429, codes.resourceExhausted, 'You have reached request rate limit per minute');
        const list = (req.body as { stocks?: unknown } | undefined)?.stocks;
        if (!Array.isArray(list) || list.length === 0)
          return rpc(400, codes.invalidArgument, 'stocks: value is required');
        if (list.length > 100) return rpc(400, codes.invalidArgument, 'stocks: at most 100 items per request');
        for (const [i, raw] of list.entries()) {
          const s = raw as Record<string, unknown> | null;
          if (typeof s !== 'object' || s === null)
            return rpc(400, codes.invalidArgument, `stocks[${i}]: object expected`);
          if (!isInt(s.product_id)) return rpc(400, codes.invalidArgument, `stocks[${i}].product_id: integer required`);
          if (!isInt(s.stock) || s.stock < 0)
            return rpc(400, codes.invalidArgument, `stocks[${i}].stock: non-negative integer required`);
          if (!isInt(s.warehouse_id))
            return rpc(400, codes.invalidArgument, `stocks[${i}].warehouse_id: integer required`);
          if (s.offer_id !== undefined && typeof s.offer_id !== 'string')
            return rpc(400, codes.invalidArgument, `stocks[${i}].offer_id: string expected`);
        }
        const active = new Set(
          warehousesOf(store)
            .filter((w) => w.status === 'created')
            .map((w) => w.warehouse_id),
        );
        const offers = catalog(state, store);
        const result: ProductsStocksResponseResult[] = (
          list as Array<{ offer_id?: string; product_id: number; stock: number; warehouse_id: number }>
        ).map((s) => {
          const answer = (code: string, message: string): ProductsStocksResponseResult => ({
            offer_id: s.offer_id ?? '',
            product_id: s.product_id,
            warehouse_id: s.warehouse_id,
            updated: false,
            errors: [{ code, message }],
          });
          // With both ids the change goes to the offer_id's product (description of the method).
          const offer = s.offer_id
            ? offers.find((o) => o.offerId === s.offer_id)
            : offers.find((o) => o.productId === s.product_id);
          if (!offer || stocks.isRefused('OZON', offer.offerId))
            return answer(codes.notFound, `Product not found: ${s.offer_id || s.product_id}`);
          if (!active.has(s.warehouse_id))
            return answer(codes.warehouseNotFound, `Warehouse ${s.warehouse_id} not found or not active`);
          if (stocks.pairTooSoon(`OZON:${store.marketId}:${s.warehouse_id}:${offer.productId}`))
            return answer(
              codes.tooManyRequests,
              'Stock of a product on a warehouse can be updated once per 30 seconds',
            );
          stocks.set({
            marketplace: 'OZON',
            storeId: store.marketId,
            warehouseId: String(s.warehouse_id),
            offerId: offer.offerId,
            amount: s.stock,
          });
          return {
            offer_id: offer.offerId,
            product_id: offer.productId,
            warehouse_id: s.warehouse_id,
            updated: true,
            errors: [],
          };
        });
        return { status: 200, body: { result } satisfies ProductsStocksResponse };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/product\/info\/stocks-by-warehouse\/fbs$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const skus = (req.body as { sku?: unknown } | undefined)?.sku;
        if (!Array.isArray(skus) || skus.length === 0) return rpc(400, codes.invalidArgument, 'sku: value is required');
        if (!skus.every((s) => typeof s === 'string' && /^\d+$/.test(s)))
          return rpc(400, codes.invalidArgument, 'sku: int64 values as strings expected');
        const wanted = new Set(skus as string[]);
        const names = new Map(warehousesOf(store).map((w) => [String(w.warehouse_id), w.name ?? '']));
        const offers = catalog(state, store).filter((o) => wanted.has(String(o.sku)));
        const result = offers.flatMap((o) =>
          state.stocks
            .list('OZON', store.marketId)
            .filter((v) => v.offerId === o.offerId)
            .map((v) => {
              const reserved = reservedOf(state, store, o.sku);
              // The stock sent is the available quantity; present counts the reserved units on top of it.
              return {
                sku: o.sku,
                product_id: o.productId,
                present: v.amount + reserved,
                reserved,
                warehouse_id: Number(v.warehouseId),
                warehouse_name: names.get(v.warehouseId) ?? '',
              };
            }),
        );
        return { status: 200, body: { result } satisfies StocksByWarehouseFbsResponse };
      },
    },
  ],
};
