import type { GetWarehouseStocksResponse, WarehouseOffer } from '../marketplaces/yandex-market/wire.ts';
import type { SandboxMarketplaceModule, SandboxStore } from './types.ts';
import { authorise, businessIdOf, campaignIdOf, error, resourceHeaders, yandexMarketSandbox } from './yandex-market.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Yandex Market's stocks in the sandbox: updateStocks and getStocks on /v2/campaigns/{campaignId}/offers/
 * stocks. updateStocks is counted in SKUs (100,000 a minute per shop) and refuses the whole request when
 * one SKU is wrong, naming it in the error's message; getStocks answers a list of offerIds whole.
 */

/** The shop's own (FBS) warehouse: updateStocks names none, getStocks reports it. */
const warehouseIdOf = (campaignId: number) => 50_000 + (campaignId % 50_000);

// ShopSku's pattern ^(?=.*\S.*)[^\x00-\x08\x0A-\x1f\x7f]{1,255}$: 1–255 characters, not all blank, no control
// characters but tab.
// eslint-disable-next-line no-control-regex -- the spec's own pattern is about control characters
const SKU = /^(?=.*\S.*)[^\x00-\x08\x0A-\x1f\x7f]{1,255}$/;

function campaignOf(stores: SandboxStore[], id: number): SandboxStore | undefined {
  return stores.find((s) => campaignIdOf(s) === id);
}

export const yandexMarketStockSandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: yandexMarketSandbox.limited,
  postingsOf: yandexMarketSandbox.postingsOf,
  routes: [
    {
      method: 'PUT',
      pattern: /^\/v2\/campaigns\/(\d+)\/offers\/stocks$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const campaignId = Number(match[1]);
        const store = campaignOf(stores, campaignId);
        if (!store) return error(403, codes.forbidden, `Access denied to campaign ${campaignId}`);
        const skus = (req.body as { skus?: unknown } | undefined)?.skus;
        if (!Array.isArray(skus) || skus.length < 1 || skus.length > 2000)
          return error(400, codes.badRequest, 'skus: from 1 to 2000 items are required');
        const limit = state.stocks.limits.ymSkusPerMinute;
        if (!state.stocks.window(`YM:${campaignId}:updateStocks`, limit, skus.length))
          return error(420, codes.limitExceeded, `Hit rate limit of ${limit} requests per period for resource 141`, {
            'X-RateLimit-Resource-Limit': String(limit),
            'X-RateLimit-Resource-Remaining': '0',
            'X-RateLimit-Resource-Until': new Date(Date.now() + 1000).toUTCString(),
          });
        const seen = new Set<string>();
        for (const [i, raw] of skus.entries()) {
          const s = raw as { sku?: unknown; items?: unknown } | null;
          if (typeof s !== 'object' || s === null || typeof s.sku !== 'string' || !SKU.test(s.sku))
            return error(400, codes.invalidShopSku, `skus[${i}].sku: invalid SKU`);
          if (!Array.isArray(s.items) || s.items.length !== 1)
            return error(400, codes.badRequest, `skus[${i}].items: exactly one item is required`);
          const item = s.items[0] as { count?: unknown; updatedAt?: unknown } | null;
          const count = item?.count;
          if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > 2_000_000_000)
            return error(400, codes.badRequest, `skus[${i}].items[0].count: integer from 0 to 2000000000 is required`);
          if (
            item?.updatedAt !== undefined &&
            (typeof item.updatedAt !== 'string' || Number.isNaN(Date.parse(item.updatedAt)))
          )
            return error(400, codes.badRequest, `skus[${i}].items[0].updatedAt: ISO 8601 date-time expected`);
          const sku = s.sku.trim();
          if (seen.has(sku)) return error(400, codes.duplicateOffer, `Duplicate offer: ${sku}`);
          seen.add(sku);
        }
        const businessId = businessIdOf(store.apiKey);
        const known = new Set(state.offers(`YM:${businessId}`, `YM${businessId}`).map((o) => o.offerId));
        const items = skus as Array<{ sku: string; items: [{ count: number }] }>;
        const wrong = items.filter((s) => !known.has(s.sku.trim()) || state.stocks.isRefused('YM', s.sku.trim()));
        if (wrong.length > 0) {
          // The whole request is refused; each wrong SKU is named in its error's message.
          return {
            status: 400,
            body: {
              status: 'ERROR',
              errors: wrong.map((s) => ({ code: codes.offerNotFound, message: `Offer not found: ${s.sku.trim()}` })),
            },
          };
        }
        for (const s of items)
          state.stocks.set({
            marketplace: 'YM',
            storeId: String(campaignId),
            warehouseId: String(warehouseIdOf(campaignId)),
            offerId: s.sku.trim(),
            amount: s.items[0].count,
          });
        return { status: 200, body: { status: 'OK' }, headers: resourceHeaders(limit) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/campaigns\/(\d+)\/offers\/stocks$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const campaignId = Number(match[1]);
        if (!campaignOf(stores, campaignId))
          return error(403, codes.forbidden, `Access denied to campaign ${campaignId}`);
        const offerIds = (req.body as { offerIds?: unknown } | undefined)?.offerIds;
        if (
          offerIds !== undefined &&
          offerIds !== null &&
          (!Array.isArray(offerIds) ||
            offerIds.length < 1 ||
            offerIds.length > 500 ||
            !offerIds.every((o) => typeof o === 'string'))
        )
          return error(400, codes.badRequest, 'offerIds: from 1 to 500 SKUs are expected');
        const wanted = Array.isArray(offerIds) ? new Set((offerIds as string[]).map((o) => o.trim())) : undefined;
        const offers: WarehouseOffer[] = state.stocks
          .list('YM', String(campaignId))
          .filter((v) => !wanted || wanted.has(v.offerId))
          .map((v) => ({
            offerId: v.offerId,
            stocks: [
              { type: 'FIT', count: v.amount },
              { type: 'AVAILABLE', count: v.amount },
            ],
            updatedAt: v.updatedAt,
          }));
        const body: GetWarehouseStocksResponse = {
          status: 'OK',
          result: { paging: {}, warehouses: offers.length ? [{ warehouseId: warehouseIdOf(campaignId), offers }] : [] },
        };
        return { status: 200, body, headers: resourceHeaders(100_000) };
      },
    },
  ],
};
