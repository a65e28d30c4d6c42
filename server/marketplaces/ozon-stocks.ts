import { joinUrl, requestJson, type CallContext, type RetryOptions } from './http.ts';
import type {
  ProductsStocksRequest,
  ProductsStocksResponse,
  StocksByWarehouseFbsRequest,
  StocksByWarehouseFbsResponse,
  WarehouseListResponse,
} from './ozon/wire.ts';
import type { Pacer, PacerPool } from './pacing.ts';
import { explainAnswers } from './refusals/index.ts';
import { batchFailure, chunks, StockPusher, wholeStock, type StockPush } from './stock-batches.ts';
import {
  MarketplaceError,
  type StockItem,
  type StockPushAdapter,
  type StockWarehouse,
  type StoreCredentials,
} from './types.ts';

export interface OzonStocksOptions {
  baseUrl: string;
  /** /v2/products/stocks: 80 requests a minute per seller account (description of the method). */
  requestsPerMinute?: number;
  /** Each product-warehouse pair may be updated once per 30 s; sooner, its item fails with TOO_MANY_REQUESTS. */
  pairIntervalMs?: number;
  /** How long the limit's minute is; tests shorten it. */
  minuteMs?: number;
  /** Pairs per request: at most 100 (description of the method). */
  batchSize?: number;
  retry?: RetryOptions;
  /** The pool the 80-a-minute pacer of each Client-Id lives in (pacing.ts). */
  pacing: PacerPool;
  /** The adapter's pacer of all of a Client-Id's requests (50 a second). */
  overall: (store: StoreCredentials) => Pacer;
  sleep?: (ms: number) => Promise<void>;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Skus per /v1/product/info/stocks-by-warehouse/fbs call: the spec sets no maximum, so a modest one. */
const READ_BATCH = 100;

/**
 * OZON stock push: the store's first active FBS/rFBS warehouse (by id) from /v1/warehouse/list takes
 * the stock through /v2/products/stocks; the current stock there is read through
 * /v1/product/info/stocks-by-warehouse/fbs as present − reserved, the same "available without the
 * reserved" figure /v2/products/stocks sets.
 */
export class OzonStocks extends StockPusher implements StockPushAdapter {
  readonly marketplace = 'OZON' as const;
  /** `${Client-Id}:${warehouse}:${product}` → when the pair was last sent. */
  private readonly pairSentAt = new Map<string, number>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: OzonStocksOptions) {
    super();
    this.sleep = options.sleep ?? sleepReal;
  }

  async stockWarehouse(store: StoreCredentials): Promise<StockWarehouse> {
    const answer = await this.post<WarehouseListResponse>(this.context(store), '/v1/warehouse/list', {});
    const active = (answer.result ?? [])
      .filter((w) => w.status === 'created' && w.warehouse_id !== undefined)
      .sort((a, b) => a.warehouse_id! - b.warehouse_id!);
    const first = active[0];
    if (!first)
      throw new MarketplaceError(
        'OZON',
        store.name,
        `Магазин «${store.name}» (OZON): нет активного склада продавца — остатки передавать некуда. ` +
          'Включите или создайте склад в кабинете OZON.',
      );
    return { id: String(first.warehouse_id), name: first.name || `Склад ${first.warehouse_id}` };
  }

  async readStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
  ): Promise<Map<string, number>> {
    const ctx = this.context(store);
    const bySku = new Map<string, string>();
    for (const item of items) {
      const sku = skuOf(item);
      if (sku) bySku.set(sku, item.key);
    }
    const current = new Map<string, number>();
    for (const skus of chunks([...bySku.keys()], READ_BATCH)) {
      const body: StocksByWarehouseFbsRequest = { sku: skus };
      const answer = await this.post<StocksByWarehouseFbsResponse>(
        ctx,
        '/v1/product/info/stocks-by-warehouse/fbs',
        body,
      );
      for (const row of answer.result ?? []) {
        if (String(row.warehouse_id) !== warehouse.id || row.sku === undefined) continue;
        const key = bySku.get(String(row.sku));
        if (key) current.set(key, Math.max(0, (row.present ?? 0) - (row.reserved ?? 0)));
      }
    }
    return current;
  }

  protected async send({ store, warehouse, items, results }: StockPush): Promise<void> {
    const sendable: Array<StockItem & { productId: number }> = [];
    for (const item of items) {
      const productId = Number(item.externalId);
      if (Number.isSafeInteger(productId) && productId > 0) sendable.push({ ...item, productId });
      else
        results.settle(
          item.key,
          'У карточки нет номера товара OZON — загрузите товары заново («Загрузить с маркетплейсов» в «Товары»).',
        );
    }
    const warehouseId = Number(warehouse.id);
    const push = this.options.pacing.ozonStocks(
      store.marketId,
      this.options.requestsPerMinute,
      this.options.minuteMs,
      this.sleep,
    );
    const overall = this.options.overall(store);
    const ctx: CallContext = {
      ...this.context(store),
      pacer: { take: async () => (await push.take(), await overall.take()) },
    };
    const pairMs = this.options.pairIntervalMs ?? 30_000;
    const pairKey = (productId: number) => `${store.marketId}:${warehouseId}:${productId}`;

    for (const batch of chunks(sendable, Math.min(100, Math.max(1, this.options.batchSize ?? 100)))) {
      // A pair sent again within 30 s would fail: wait until every pair of the batch may go.
      const due = Math.max(
        0,
        ...batch.map((i) => (this.pairSentAt.get(pairKey(i.productId)) ?? -Infinity) + pairMs - Date.now()),
      );
      if (due > 0) await this.sleep(due);
      const body: ProductsStocksRequest = {
        stocks: batch.map((i) => ({
          offer_id: i.offerId,
          product_id: i.productId,
          stock: wholeStock(i.quantity),
          warehouse_id: warehouseId,
        })),
      };
      let answer: ProductsStocksResponse;
      try {
        answer = await this.post<ProductsStocksResponse>(ctx, '/v2/products/stocks', body);
      } catch (error) {
        const { refusal } = batchFailure(error);
        for (const i of batch) results.settle(i.key, refusal);
        results.report();
        continue;
      } finally {
        const sentAt = Date.now();
        for (const i of batch) this.pairSentAt.set(pairKey(i.productId), sentAt);
      }
      const byOffer = new Map((answer.result ?? []).map((r) => [r.offer_id ?? '', r]));
      const byProduct = new Map((answer.result ?? []).map((r) => [String(r.product_id ?? ''), r]));
      for (const i of batch) {
        const r = byOffer.get(i.offerId) ?? byProduct.get(String(i.productId));
        if (!r) continue; // StockResults reports the silence.
        if (r.updated) results.settle(i.key);
        else results.settle(i.key, explainAnswers('OZON', r.errors ?? []));
      }
      results.report();
    }
  }

  private post<T>(ctx: CallContext, path: string, body: unknown): Promise<T> {
    return requestJson<T>(ctx, {
      method: 'POST',
      url: joinUrl(this.options.baseUrl, path),
      headers: { 'Client-Id': ctx.store.marketId, 'Api-Key': ctx.store.apiKey },
      body,
    });
  }

  private context(store: StoreCredentials): CallContext {
    return { marketplace: 'OZON', store, retry: this.options.retry, pacer: this.options.overall(store) };
  }
}

/** The OZON sku the catalog import keeps in extra (a number in the info answer). */
function skuOf(item: StockItem): string | undefined {
  const sku = item.extra?.sku;
  return typeof sku === 'number' || (typeof sku === 'string' && sku !== '') ? String(sku) : undefined;
}
