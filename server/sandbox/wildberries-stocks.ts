import type { SellerWarehouse, StocksReadResponse, StocksWarehouseError } from '../marketplaces/wildberries/wire.ts';
import { seedOf, type SandboxOffer } from './data.ts';
import {
  seedOfKey,
  type SandboxMarketplaceModule,
  type SandboxRequest,
  type SandboxResponse,
  type SandboxRoute,
  type SandboxState,
  type SandboxStore,
} from './types.ts';
import {
  admitMarketplace,
  catalogOf,
  marketplaceBucketOf,
  marketplaceError,
  wildberriesSandbox,
} from './wildberries.ts';
import { wildberriesRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Wildberries' seller warehouses and their stocks in the sandbox (02-products.yaml): GET
 * /api/v3/warehouses, PUT (update, 204) and POST (read) /api/v3/stocks/{warehouseId}. All count against
 * the marketplace category's token bucket (300 a minute, burst 20), a 409 as 10 requests. Every seller
 * has an FBS warehouse and, with a lower id, a DBS one.
 */

function warehousesOf(store: SandboxStore): SellerWarehouse[] {
  const base = 700_000 + (seedOf(`wb-wh:${seedOfKey(store.apiKey)}`) % 100_000) * 10;
  return [
    {
      id: base,
      name: 'Склад продавца (DBS)',
      officeId: 301,
      cargoType: 1,
      deliveryType: 2,
      isDeleting: false,
      isProcessing: false,
    },
    {
      id: base + 1,
      name: 'Склад продавца FBS',
      officeId: 300,
      cargoType: 1,
      deliveryType: 1,
      isDeleting: false,
      isProcessing: false,
    },
  ];
}

/** The size id of an offer's only size: the sandbox card's sizes[0].chrtID. */
export const chrtIdOf = (o: SandboxOffer) => o.productId + 300_000_000;

type StocksHandler = (
  req: SandboxRequest,
  state: SandboxState,
  store: SandboxStore,
  wh: SellerWarehouse,
) => SandboxResponse;

/**
 * A method of /api/v3/stocks/{warehouseId}: admitted, on a warehouse of the seller's; WB answers 404 NotFound
 * otherwise.
 */
function stocksRoute(method: 'PUT' | 'POST', handle: StocksHandler): SandboxRoute {
  return {
    method,
    pattern: /^\/api\/v3\/stocks\/(\d+)$/,
    handle(req, state, match) {
      const store = admitMarketplace(req, state);
      if ('status' in store) return store;
      const wh = warehousesOf(store).find((w) => String(w.id) === match[1]);
      return wh ? handle(req, state, store, wh) : { status: 404, body: { code: codes.notFound, message: '' } };
    },
  };
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export const wildberriesStockSandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: wildberriesSandbox.limited,
  postingsOf: wildberriesSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/api\/v3\/warehouses$/,
      handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        return { status: 200, body: warehousesOf(store) };
      },
    },
    stocksRoute('PUT', (req, state, store, wh) => {
      const list = (req.body as { stocks?: unknown } | undefined)?.stocks;
      if (!Array.isArray(list) || list.length < 1 || list.length > 1000)
        return marketplaceError('Incorrect required body', codes.incorrectRequestBody);
      // sku (a barcode) is switched off: an item must name its size by chrtId.
      if (
        !list.every(
          (s) =>
            typeof s === 'object' &&
            s !== null &&
            isInt((s as { chrtId?: unknown }).chrtId) &&
            isInt((s as { amount?: unknown }).amount) &&
            (s as { amount: number }).amount >= 0,
        )
      )
        return marketplaceError('Incorrect required body', codes.incorrectRequestBody);
      const items = list as Array<{ chrtId: number; amount: number }>;
      const byChrt = new Map(catalogOf(state, store).map((o) => [chrtIdOf(o), o]));
      const conflicts: StocksWarehouseError = [];
      // The spec's error items name a size by its barcode (sku) only; a size the seller does not have has none to name.
      const named = (list: typeof items) =>
        list.map((i) => ({
          ...(byChrt.get(i.chrtId) ? { sku: byChrt.get(i.chrtId)!.barcodes[0] } : {}),
          amount: i.amount,
        }));
      const over = items.filter((i) => i.amount > 100_000);
      if (over.length > 0)
        conflicts.push({ code: codes.uploadDataLimit, message: 'Upload limit exceeded.', data: named(over) });
      const unknown = items.filter((i) => {
        const offer = byChrt.get(i.chrtId);
        return !offer || state.stocks.isRefused('WILDBERRIES', offer.offerId);
      });
      if (unknown.length > 0) conflicts.push({ code: codes.notFound, message: 'Not found', data: named(unknown) });
      if (conflicts.length > 0) {
        // Nothing of the request is applied, and the conflict costs ten requests of the quota.
        state.stocks.charge(marketplaceBucketOf(store), 9);
        return { status: 409, body: conflicts };
      }
      for (const i of items)
        state.stocks.set({
          marketplace: 'WILDBERRIES',
          storeId: store.marketId,
          warehouseId: String(wh.id),
          offerId: byChrt.get(i.chrtId)!.offerId,
          amount: i.amount,
        });
      return { status: 204, body: undefined };
    }),
    stocksRoute('POST', (req, state, store, wh) => {
      const ids = (req.body as { chrtIds?: unknown } | undefined)?.chrtIds;
      if (!Array.isArray(ids) || !ids.every(isInt))
        return marketplaceError('Incorrect required body', codes.incorrectRequestBody);
      const byChrt = new Map(catalogOf(state, store).map((o) => [chrtIdOf(o), o]));
      const stocks = (ids as number[]).flatMap((chrtId) => {
        const offer = byChrt.get(chrtId);
        const kept = offer ? state.stocks.get('WILDBERRIES', store.marketId, String(wh.id), offer.offerId) : undefined;
        return kept ? [{ chrtId, amount: kept.amount }] : [];
      });
      return { status: 200, body: { stocks } satisfies StocksReadResponse };
    }),
  ],
};
