import { joinUrl, requestAnswer, requestJson, type CallContext, type RetryOptions } from './http.ts';
import type { RatePacer } from './pacing.ts';
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
  Card,
  SellerWarehouse,
  StocksReadRequest,
  StocksReadResponse,
  StocksUpdateRequest,
  StocksWarehouseError,
} from './wildberries/wire.ts';

export interface WildberriesStocksOptions {
  marketplaceUrl: string;
  /** Items per PUT /api/v3/stocks/{warehouseId}, 1–1000 (requestBody.stocks maxItems). */
  batchSize?: number;
  retry?: RetryOptions;
  /** The seller's marketplace-category pacer (300 a minute, burst 20), shared with the assembly tasks. */
  pacer: (store: StoreCredentials) => RatePacer;
  /** Every card of the seller, page by page (Content quota): where a listing without chrtIds finds its size. */
  cards: (store: StoreCredentials) => AsyncIterable<Card[]>;
}

/** The spec caps a stock at 100000 (requestBody.stocks[].amount maximum). */
const MAX_AMOUNT = 100_000;

/** A 409 counts as 10 requests against the marketplace category (description of the method). */
const CONFLICT_COST = 10;

type Sized = StockItem & { chrtId: number };

/** The listing's barcodes, as the catalog import kept them (extra.barcodes). */
const barcodesOf = (item: StockItem): string[] => {
  const kept = item.extra?.barcodes;
  return Array.isArray(kept) ? kept.filter((b): b is string => typeof b === 'string') : [];
};

/**
 * Wildberries stock push: the seller's first FBS warehouse (by id) from GET /api/v3/warehouses takes the
 * stock through PUT /api/v3/stocks/{warehouseId}, the current stock is read through POST of the same
 * path. Items are sizes (chrtId): a listing of one size is pushed; a card of several sizes cannot be,
 * since the app keeps one stock for the whole card.
 */
export class WildberriesStocks extends StockPusher implements StockPushAdapter {
  readonly marketplace = 'WILDBERRIES' as const;

  constructor(private readonly options: WildberriesStocksOptions) {
    super();
  }

  async stockWarehouse(store: StoreCredentials): Promise<StockWarehouse> {
    const list = await requestJson<SellerWarehouse[]>(this.context(store), {
      method: 'GET',
      url: joinUrl(this.options.marketplaceUrl, '/api/v3/warehouses'),
      headers: { Authorization: store.apiKey },
    });
    const usable = (Array.isArray(list) ? list : [])
      .filter((w) => w.id !== undefined && !w.isDeleting && (w.deliveryType ?? 1) === 1)
      .sort((a, b) => a.id! - b.id!);
    const first = usable[0];
    if (!first)
      throw new MarketplaceError(
        'WILDBERRIES',
        store.name,
        `Магазин «${store.name}» (Wildberries): нет склада продавца для заказов, которые вы собираете сами, — ` +
          'остатки передавать некуда. Создайте склад в кабинете Wildberries.',
      );
    return { id: String(first.id), name: first.name || `Склад ${first.id}` };
  }

  async readStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
  ): Promise<Map<string, number>> {
    const { sized } = await this.sizes(store, items);
    const byChrt = new Map(sized.map((i) => [i.chrtId, i.key]));
    const current = new Map<string, number>();
    for (const ids of chunks([...byChrt.keys()], 1000)) {
      const body: StocksReadRequest = { chrtIds: ids };
      const answer = await requestJson<StocksReadResponse>(this.context(store), {
        method: 'POST',
        url: this.stocksUrl(warehouse),
        headers: { Authorization: store.apiKey },
        body,
      });
      for (const s of answer?.stocks ?? []) {
        const key = s.chrtId === undefined ? undefined : byChrt.get(s.chrtId);
        if (key) current.set(key, s.amount ?? 0);
      }
    }
    return current;
  }

  protected async send({ store, warehouse, items, results }: StockPush): Promise<void> {
    const { sized, problems } = await this.sizes(store, items);
    for (const [key, problem] of problems) results.settle(key, problem);
    const ctx = this.context(store);
    const pacer = this.options.pacer(store);

    const send = async (batch: readonly Sized[]): Promise<BatchOutcome<Sized>> => {
      const body: StocksUpdateRequest = {
        stocks: batch.map((i) => ({ chrtId: i.chrtId, amount: Math.min(MAX_AMOUNT, wholeStock(i.quantity)) })),
      };
      let answer;
      try {
        answer = await requestAnswer(ctx, {
          method: 'PUT',
          url: this.stocksUrl(warehouse),
          headers: { Authorization: store.apiKey },
          body,
          accept: [409],
        });
      } catch (error) {
        return batchFailure(error);
      }
      if (answer.status !== 409) return { kind: 'ok' };
      // The conflict was charged as ten requests: the pacer pays the other nine before the next one.
      for (let i = 1; i < CONFLICT_COST; i++) await pacer.take();
      const errors = (Array.isArray(answer.body) ? answer.body : []) as StocksWarehouseError;
      const refusal = explainAnswers('WILDBERRIES', errors);
      // An error without items (StoreIsProcessing) concerns the whole warehouse: halving cannot help.
      if (!errors.some((e) => (e.data ?? []).length > 0)) return { kind: 'failed', refusal };
      // The spec names an item by its barcode (sku); a chrtId is taken too, should WB send one.
      const named = new Map<Sized, Refusal>();
      for (const e of errors) {
        for (const d of e.data ?? []) {
          const item = batch.find(
            (i) =>
              (d.chrtId !== undefined && i.chrtId === d.chrtId) ||
              (d.sku !== undefined && barcodesOf(i).includes(d.sku)),
          );
          if (item) named.set(item, explainRefusal('WILDBERRIES', e.code, e.message));
        }
      }
      return { kind: 'refused', named, refusal };
    };

    const size = Math.min(1000, Math.max(1, this.options.batchSize ?? 1000));
    for (const batch of chunks(sized, size)) {
      await settleBatch(batch, send, (item, refusal) => results.settle(item.key, refusal));
      results.report();
    }
  }

  /**
   * Each item's size: the chrtIds the catalog import kept, else the card found by nmID or vendorCode in
   * a walk of the catalog that stops once every missing card is found.
   */
  private async sizes(
    store: StoreCredentials,
    items: readonly StockItem[],
  ): Promise<{ sized: Sized[]; problems: Map<string, string> }> {
    const chrts = new Map<string, number[]>();
    for (const item of items) {
      const kept = item.extra?.chrtIds;
      if (Array.isArray(kept) && kept.every((n) => Number.isSafeInteger(n))) chrts.set(item.key, kept as number[]);
    }
    const missing = items.filter((i) => !chrts.has(i.key));
    if (missing.length > 0) {
      const wanted = new Map<string, StockItem[]>();
      for (const i of missing)
        for (const k of [i.offerId, i.externalId ? `nm:${i.externalId}` : ''])
          if (k) wanted.set(k, [...(wanted.get(k) ?? []), i]);
      for await (const cards of this.options.cards(store)) {
        for (const card of cards) {
          const found = [...(wanted.get(card.vendorCode ?? '') ?? []), ...(wanted.get(`nm:${card.nmID}`) ?? [])];
          for (const i of found)
            chrts.set(
              i.key,
              (card.sizes ?? []).flatMap((s) => (s.chrtID === undefined ? [] : [s.chrtID])),
            );
        }
        if (missing.every((i) => chrts.has(i.key))) break;
      }
    }
    const sized: Sized[] = [];
    const problems = new Map<string, string>();
    for (const item of items) {
      const ids = chrts.get(item.key);
      if (!ids || ids.length === 0)
        problems.set(
          item.key,
          `Карточка ${item.offerId} не найдена в Wildberries — проверьте связь карточки и загрузите товары заново.`,
        );
      else if (ids.length > 1)
        problems.set(
          item.key,
          `У карточки ${item.offerId} несколько размеров, а на складе учитывается один остаток на карточку — ` +
            'остаток по размерам не передаётся.',
        );
      else sized.push({ ...item, chrtId: ids[0]! });
    }
    return { sized, problems };
  }

  private stocksUrl(warehouse: StockWarehouse): string {
    return joinUrl(this.options.marketplaceUrl, `/api/v3/stocks/${encodeURIComponent(warehouse.id)}`);
  }

  private context(store: StoreCredentials): CallContext {
    return { marketplace: 'WILDBERRIES', store, retry: this.options.retry, pacer: this.options.pacer(store) };
  }
}
