import { joinUrl, requestJson, type CallContext, type RetryOptions } from './http.ts';
import { OpenRotation } from './order-feed.ts';
import { ozonOrderChanges } from './ozon-orders.ts';
import { ozonPostingBuckets, postingsWindow, toPosting } from './ozon-postings.ts';
import { returnsFilter, toReturn } from './ozon-returns.ts';
import { OzonStocks } from './ozon-stocks.ts';
import { PacerPool } from './pacing.ts';
import type {
  FbsPostingListRequest,
  FbsPostingListResponse,
  ProductInfoListRequest,
  ProductInfoListResponse,
  ProductInfoListResponseItem,
  ProductListRequest,
  ProductListResponse,
  ReturnsListRequest,
  ReturnsListResponse,
} from './ozon/wire.ts';
import { StockPushHandOff } from './stock-hand-off.ts';
import type {
  MarketplaceAdapter,
  MarketplaceOffer,
  MarketplacePosting,
  MarketplaceReturn,
  OrderFeedPage,
  OrderFeedQuery,
  PageProgress,
  ReturnsPeriod,
  StoreCredentials,
} from './types.ts';

export interface OzonAdapterOptions {
  /** OZON_API_URL; the real one is https://api-seller.ozon.ru. */
  baseUrl?: string;
  /** /v3/product/list page size, 1–1000. */
  pageSize?: number;
  /** /v1/returns/list page size, 1–500. */
  returnsPageSize?: number;
  /** /v3/posting/fbs/list page size, 1–1000. */
  postingsPageSize?: number;
  /** Open postings the order feed checks by number (/v3/posting/fbs/get, one request each) per call. */
  openChecksPerCall?: number;
  /** OZON allows 50 requests/second per Client-Id across all methods (reference §1). */
  requestsPerSecond?: number;
  /** /v2/products/stocks: 80 requests a minute (description of the method). */
  stocksPerMinute?: number;
  /** A product-warehouse pair's stock may change once per 30 s. */
  stockPairIntervalMs?: number;
  /** Pairs per /v2/products/stocks request, 1–100. */
  stockBatchSize?: number;
  /** The length of the stock limits' minute (and of two pair intervals); tests shorten it. */
  stockMinuteMs?: number;
  retry?: RetryOptions;
  /** Where the per-Client-Id pacers live; the app shares one pool among all its adapters. */
  pacing?: PacerPool;
}

const INFO_BATCH = 1000; // /v3/product/info/list takes at most 1000 ids in total.

/**
 * Catalog: ids page by page through /v3/product/list, then names and images via /v3/product/info/list.
 * Returns: /v1/returns/list by last_id (mapped in ozon-returns.ts); postings: /v3/posting/fbs/list per
 * status (ozon-postings.ts). All count against the same per-Client-Id pacer.
 */
export class OzonAdapter extends StockPushHandOff implements MarketplaceAdapter {
  readonly marketplace = 'OZON' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly returnsPageSize: number;
  private readonly postingsPageSize: number;
  private readonly perSecond: number;
  // One bucket per Client-Id: OZON counts the limit per seller, and several imports may share one.
  private readonly pacing: PacerPool;
  /** Stock push (ozon-stocks.ts): the store's warehouse, its current stock and the paced push. */
  protected readonly stocks: OzonStocks;
  private readonly openRotation = new OpenRotation();

  constructor(private readonly options: OzonAdapterOptions = {}) {
    super();
    this.baseUrl = options.baseUrl ?? process.env.OZON_API_URL ?? 'https://api-seller.ozon.ru';
    this.pageSize = Math.min(1000, Math.max(1, options.pageSize ?? 1000));
    this.returnsPageSize = Math.min(500, Math.max(1, options.returnsPageSize ?? 500));
    this.postingsPageSize = Math.min(1000, Math.max(1, options.postingsPageSize ?? 1000));
    this.perSecond = options.requestsPerSecond ?? 50;
    this.pacing = options.pacing ?? new PacerPool();
    this.stocks = new OzonStocks({
      pacing: this.pacing,
      baseUrl: this.baseUrl,
      requestsPerMinute: options.stocksPerMinute,
      pairIntervalMs: options.stockPairIntervalMs ?? (options.stockMinuteMs ?? 60_000) / 2,
      minuteMs: options.stockMinuteMs,
      batchSize: options.stockBatchSize,
      retry: options.retry,
      overall: (store) => this.context(store).pacer!,
    });
  }

  async *listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]> {
    const ctx = this.context(store);
    const post = <T>(path: string, body: unknown) =>
      requestJson<T>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, path),
        headers: { 'Client-Id': store.marketId, 'Api-Key': store.apiKey },
        body,
      });

    let lastId = '';
    let done = 0;
    for (;;) {
      const request: ProductListRequest = { filter: { visibility: 'ALL' }, last_id: lastId, limit: this.pageSize };
      const page = await post<ProductListResponse>('/v3/product/list', request);
      const items = page.result?.items ?? [];
      const ids = items.flatMap((i) => (i.product_id === undefined ? [] : [String(i.product_id)]));
      if (ids.length > 0) {
        const details: ProductInfoListResponseItem[] = [];
        for (let i = 0; i < ids.length; i += INFO_BATCH) {
          const infoRequest: ProductInfoListRequest = { product_id: ids.slice(i, i + INFO_BATCH) };
          const info = await post<ProductInfoListResponse>('/v3/product/info/list', infoRequest);
          details.push(...(info.items ?? []));
        }
        const offers = details.flatMap(toOffer);
        done += offers.length;
        yield offers;
        onPage?.(done, page.result?.total);
      }
      const next = page.result?.last_id ?? '';
      // An empty or short page, or no cursor, is the end; a repeated cursor would loop forever.
      if (items.length < this.pageSize || next === '' || next === lastId) break;
      lastId = next;
    }
  }

  /**
   * FBO and FBS returns whose buyer handed the goods back within the period. The spec allows ONE date
   * filter per request; logistic_return_date (when the buyer returned it) is the one that puts each
   * return in exactly one period, so importing consecutive periods neither misses nor repeats a return.
   * visual_status_change_moment would move a return into a later period at every status change, and
   * storage_tariffication_start_date exists only for returns left at an OZON storage point. Status changes
   * of a return already imported are picked up by importing its period again.
   */
  async *listReturns(
    store: StoreCredentials,
    period: ReturnsPeriod,
    onPage?: PageProgress,
  ): AsyncIterable<MarketplaceReturn[]> {
    const ctx = this.context(store);
    let lastId = 0;
    let done = 0;
    for (;;) {
      const request: ReturnsListRequest = {
        filter: returnsFilter(period),
        limit: this.returnsPageSize,
        last_id: lastId,
      };
      const page = await requestJson<ReturnsListResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, '/v1/returns/list'),
        headers: { 'Client-Id': store.marketId, 'Api-Key': store.apiKey },
        body: request,
      });
      const items = page.returns ?? [];
      const returns = items.flatMap(toReturn);
      if (returns.length > 0) {
        done += returns.length;
        yield returns;
        onPage?.(done);
      }
      const next = items.at(-1)?.id;
      // has_next is the documented end; an empty page or a cursor that does not move ends it too.
      if (!page.has_next || items.length === 0 || next === undefined || next === lastId) break;
      lastId = next;
    }
  }

  /**
   * Current FBS postings: /v3/posting/fbs/list per status (ozonPostingBuckets), paged by offset until
   * has_next is false. FBO is not read: FBO postings ship from OZON's own warehouses, so they never take
   * goods from the seller's warehouse that this app counts (reference §1: FBO postings live in
   * /v2/posting/fbo/list, a separate stock). A posting whose status changes between two pages may be
   * seen twice or not at all in one listing; the next listing sees it in its new bucket.
   */
  async *listPostings(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplacePosting[]> {
    const ctx = this.context(store);
    const { since, to } = postingsWindow(Date.now());
    let done = 0;
    for (const [status, bucket] of ozonPostingBuckets) {
      const seen = new Set<string>();
      for (let offset = 0; ;) {
        const request: FbsPostingListRequest = {
          dir: 'ASC',
          filter: { since, to, status },
          limit: this.postingsPageSize,
          offset,
        };
        const page = await requestJson<FbsPostingListResponse>(ctx, {
          method: 'POST',
          url: joinUrl(this.baseUrl, '/v3/posting/fbs/list'),
          headers: { 'Client-Id': store.marketId, 'Api-Key': store.apiKey },
          body: request,
        });
        const items = page.result?.postings ?? [];
        // Offsets shift when postings leave the status meanwhile: a posting met twice is yielded once.
        const postings = items.flatMap((p) => toPosting(p, bucket)).filter((p) => !seen.has(p.postingNumber));
        for (const p of postings) seen.add(p.postingNumber);
        if (postings.length > 0) {
          done += postings.length;
          yield postings;
          onPage?.(done);
        }
        if (!page.result?.has_next || items.length === 0) break;
        offset += items.length;
      }
    }
  }

  /** FBS postings changed since `query.since`, and vanished open ones (ozon-orders.ts), on the Client-Id's pacer. */
  listOrderChanges(
    store: StoreCredentials,
    query: OrderFeedQuery,
    onPage?: PageProgress,
  ): AsyncIterable<OrderFeedPage> {
    const options = {
      baseUrl: this.baseUrl,
      pageSize: this.postingsPageSize,
      openChecks: Math.max(0, this.options.openChecksPerCall ?? 50),
      rotation: this.openRotation,
    };
    return ozonOrderChanges(this.context(store), options, query, onPage);
  }

  private context(store: StoreCredentials): CallContext {
    const pacer = this.pacing.ozon(store.marketId, this.perSecond);
    return { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
  }
}

function toOffer(item: ProductInfoListResponseItem): MarketplaceOffer[] {
  if (!item.offer_id) return [];
  return [
    {
      offerId: item.offer_id,
      externalId: item.id === undefined ? undefined : String(item.id),
      name: item.name ?? '',
      primaryImage: item.primary_image?.[0] || item.images?.[0] || undefined,
      barcodes: item.barcodes ?? [],
      extra: { sku: item.sku, is_archived: item.is_archived },
    },
  ];
}
