import { joinUrl, requestAnswer, requestJson, type CallContext, type RetryOptions } from './http.ts';
import type { PacerPool } from './pacing.ts';
import { explainAnswers, explainRefusal, type Refusal } from './refusals/index.ts';
import {
  batchFailure,
  chunks,
  settleBatch,
  StockPusher,
  wholeStock,
  type BatchOutcome,
  type StockPush,
} from './stock-batches.ts';
import {
  MarketplaceError,
  type StockItem,
  type StockPushAdapter,
  type StockWarehouse,
  type StoreCredentials,
} from './types.ts';
import type {
  ApiErrorResponse,
  GetWarehouseStocksRequest,
  GetWarehouseStocksResponse,
  UpdateStocksRequest,
} from './yandex-market/wire.ts';

export interface YandexMarketStocksOptions {
  baseUrl: string;
  /** updateStocks counts SKUs, not requests: 100,000 a minute (x-resource-limit-config, path req.skus). */
  skusPerMinute?: number;
  /** How long the limit's minute is; tests shorten it. */
  minuteMs?: number;
  /** SKUs per updateStocks request, 1–2000 (UpdateStocksRequest.skus maxItems). */
  batchSize?: number;
  retry?: RetryOptions;
  /** The pool the SKUs-a-minute pacer of each shop lives in (pacing.ts). */
  pacing: PacerPool;
  /** The shops (campaigns) the store names: one, or every shop of the cabinet it names. */
  campaigns: (store: StoreCredentials) => Promise<number[]>;
}

/** getStocks answers at most 500 offerIds a request, whole (GetWarehouseStocksRequest.offerIds). */
const READ_BATCH = 500;

/** SKUs are compared as YM trims them (ShopSku: x-transform trim). */
const trimmed = (sku: string) => sku.trim();

/**
 * Yandex Market stock push: updateStocks per shop (campaign), no warehouse id — the shop's own
 * warehouse takes it. The current stock is getStocks' AVAILABLE count (what updateStocks sets). A 400
 * refuses the whole request; its errors name the refused SKUs in their messages, so those fail and the
 * rest is sent again (settleBatch), halving when no SKU is named.
 */
export class YandexMarketStocks extends StockPusher implements StockPushAdapter {
  readonly marketplace = 'YM' as const;

  constructor(private readonly options: YandexMarketStocksOptions) {
    super();
  }

  async stockWarehouse(store: StoreCredentials): Promise<StockWarehouse> {
    const campaigns = await this.options.campaigns(store);
    if (campaigns.length === 0)
      throw new MarketplaceError('YM', store.name, `Магазин «${store.name}» (Яндекс Маркет): у кабинета нет магазинов`);
    return {
      id: campaigns.join(','),
      name: campaigns.length === 1 ? `Магазин ${campaigns[0]}` : `Магазины ${campaigns.join(', ')}`,
    };
  }

  async readStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
  ): Promise<Map<string, number>> {
    const [campaignId] = campaignsOf(warehouse);
    const byOffer = new Map(items.map((i) => [trimmed(i.offerId), i.key]));
    const current = new Map<string, number>();
    const ctx: CallContext = { marketplace: 'YM', store, retry: this.options.retry };
    for (const offerIds of chunks([...byOffer.keys()], READ_BATCH)) {
      const body: GetWarehouseStocksRequest = { offerIds };
      const answer = await requestJson<GetWarehouseStocksResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.options.baseUrl, `/v2/campaigns/${campaignId}/offers/stocks`),
        headers: { 'Api-Key': store.apiKey },
        body,
      });
      for (const w of answer.result?.warehouses ?? []) {
        for (const offer of w.offers ?? []) {
          const key = byOffer.get(trimmed(offer.offerId));
          const available = offer.stocks?.find((s) => s.type === 'AVAILABLE');
          // The first warehouse wins: for FBS a Market returns warehouse may follow the seller's own.
          if (key && available && !current.has(key)) current.set(key, available.count);
        }
      }
    }
    return current;
  }

  /** Progress counts an item once per shop, so `onBatch` is called here rather than through `results`. */
  protected async send({ store, warehouse, items, results, onBatch }: StockPush): Promise<void> {
    // A SKU twice in one request is refused (UpdateStocksRequest.skus): one item per SKU goes.
    const unique = new Map<string, StockItem>();
    for (const item of items) {
      const sku = trimmed(item.offerId);
      if (unique.has(sku))
        results.settle(
          item.key,
          `Артикул ${sku} есть у нескольких карточек магазина — остаток не передан; оставьте одну карточку с этим артикулом.`,
        );
      else unique.set(sku, item);
    }
    const errors = new Map<string, Refusal[]>();
    const campaigns = campaignsOf(warehouse);
    const size = Math.min(2000, Math.max(1, this.options.batchSize ?? 2000));
    const total = unique.size * campaigns.length;
    let done = 0;
    for (const campaignId of campaigns) {
      const window = this.options.pacing.yandexMarketStockSkus(
        store.apiKey,
        campaignId,
        this.options.skusPerMinute,
        this.options.minuteMs,
      );
      const send = async (batch: readonly StockItem[]): Promise<BatchOutcome<StockItem>> => {
        const body: UpdateStocksRequest = {
          skus: batch.map((i) => ({ sku: trimmed(i.offerId), items: [{ count: wholeStock(i.quantity) }] })),
        };
        const ctx: CallContext = {
          marketplace: 'YM',
          store,
          retry: this.options.retry,
          pacer: { take: () => window.take(batch.length) },
        };
        let answer;
        try {
          answer = await requestAnswer(ctx, {
            method: 'PUT',
            url: joinUrl(this.options.baseUrl, `/v2/campaigns/${campaignId}/offers/stocks`),
            headers: { 'Api-Key': store.apiKey },
            body,
            accept: [400],
          });
        } catch (error) {
          return batchFailure(error);
        }
        if (answer.status !== 400) return { kind: 'ok' };
        const list = (answer.body as ApiErrorResponse | undefined)?.errors ?? [];
        const named = new Map<StockItem, Refusal>();
        for (const e of list) {
          const words = new Set((e.message ?? '').split(/[\s,;:"'«»()[\]{}]+/));
          for (const item of batch)
            if (words.has(trimmed(item.offerId))) named.set(item, explainRefusal('YM', e.code, e.message));
        }
        return { kind: 'refused', named, refusal: explainAnswers('YM', list) };
      };
      for (const batch of chunks([...unique.values()], size)) {
        await settleBatch(batch, send, (item, refusal) => {
          if (refusal !== undefined)
            errors.set(item.key, [...(errors.get(item.key) ?? []), inShop(refusal, campaignId, campaigns.length)]);
        });
        done += batch.length;
        onBatch?.(done, total);
      }
    }
    // An item is sent when every shop took it.
    for (const item of unique.values()) results.settle(item.key, joined(errors.get(item.key)));
  }
}

/** A shop's refusal, named by its shop when the store has several. */
function inShop(refusal: Refusal, campaignId: number, shops: number): Refusal {
  if (shops <= 1) return refusal;
  return {
    error: `Магазин ${campaignId}: ${refusal.error}`,
    marketplaceError: refusal.marketplaceError && `${campaignId}: ${refusal.marketplaceError}`,
  };
}

/** An item's refusals in each shop, as one; undefined when every shop took it. */
function joined(refusals: Refusal[] | undefined): Refusal | undefined {
  if (!refusals || refusals.length === 0) return undefined;
  const texts = refusals.flatMap((r) => (r.marketplaceError ? [r.marketplaceError] : []));
  return { error: refusals.map((r) => r.error).join(' '), marketplaceError: texts.length ? texts.join('; ') : null };
}

const campaignsOf = (warehouse: StockWarehouse): number[] =>
  warehouse.id
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
