import { joinUrl, requestJson, type CallContext, type RetryOptions } from './http.ts';
import { PacerPool, type RatePacer } from './pacing.ts';
import { splitPeriod } from './period.ts';
import { StockPushHandOff } from './stock-hand-off.ts';
import { wildberriesOrderChanges } from './wildberries-orders.ts';
import { toPosting } from './wildberries-postings.ts';
import { CardLookup, latestPerReturn, toReturn } from './wildberries-returns.ts';
import { WildberriesStocks } from './wildberries-stocks.ts';
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
import type {
  AssemblyOrder,
  Card,
  CardsListRequest,
  CardsListResponse,
  GoodsReturnResponse,
  OrdersResponse,
  OrdersStatusRequest,
  OrdersStatusResponse,
} from './wildberries/wire.ts';

export { wildberriesBucket } from './wildberries-postings.ts';

export interface WildberriesAdapterOptions {
  /** WB_CONTENT_API_URL; the real one is https://content-api.wildberries.ru. */
  baseUrl?: string;
  /** WB_ANALYTICS_API_URL, the host of the goods-return report; the real one is https://seller-analytics-api.wildberries.ru. */
  analyticsUrl?: string;
  /** Cards per page; the docs page by 100. */
  pageSize?: number;
  /** The Content category allows 100 requests/minute with a burst of 5 (reference §2). */
  requestsPerMinute?: number;
  burst?: number;
  /** goods-return allows 1 request/minute with a burst of 10 for personal and service tokens (reference §2). */
  returnsRequestsPerMinute?: number;
  returnsBurst?: number;
  /** WB_MARKETPLACE_API_URL, the host of FBS assembly tasks; the real one is https://marketplace-api.wildberries.ru. */
  marketplaceUrl?: string;
  /** /api/v3/orders page size, 1–1000. */
  ordersPageSize?: number;
  /** How far back assembly tasks are listed, in days (walked in 30-day windows, the API's maximum). */
  ordersLookbackDays?: number;
  /**
   * The marketplace (FBS) category allows 300 requests/minute with a burst of 20 for personal and service tokens
   * (reference §2).
   */
  ordersRequestsPerMinute?: number;
  ordersBurst?: number;
  /** Sizes per PUT /api/v3/stocks/{warehouseId}, 1–1000. */
  stockBatchSize?: number;
  /** The length of the marketplace category's minute; tests shorten it to see the pacing in seconds. */
  marketplaceMinuteMs?: number;
  retry?: RetryOptions;
  /** Where the per-token pacers live; the app shares one pool among all its adapters. */
  pacing?: PacerPool;
}

/** goods-return refuses a period longer than 31 days. */
const GOODS_RETURN_MAX_DAYS = 31;

/** /api/v3/orders answers at most 30 days per request; /api/v3/orders/status takes at most 1000 ids. */
const ORDERS_WINDOW_DAYS = 30;
const STATUS_BATCH = 1000;

/**
 * Catalog: /content/v2/get/cards/list, following cursor {updatedAt, nmID} until a short page.
 *
 * Returns: the "returns to seller" report, GET seller-analytics-api…/api/v1/analytics/goods-return.
 * Of WB's three sources it is the one that lists goods physically travelling back to the seller: each
 * row is a unit WB hands back at a pickup point (status «В пути в ПВЗ», «Готов к выдаче», «Выдан
 * продавцу», with readyToReturnDt / completedDt), which is what the seller's warehouse receives.
 * - Buyer claims (returns-api…/api/v1/claims) are complaints the seller approves or rejects: a claim
 *   is no goods in hand, only the last 14 days are served, and there is no seller article either.
 * - The statistics sales feed's "R" rows are refunds to buyers, mostly of FBW goods that go back to
 *   WB's own warehouses, never to the seller; and it allows 1 request a minute per token with 90 days
 *   of history.
 * The report has no quantity (one row is taken as one unit: UNCONFIRMED by WB, as the reference
 * says) and no seller article: its nmId is mapped to the card's vendorCode through cards/list on the
 * Content quota (CardLookup: textSearch for a few nmIds, a walk of the catalog for many). A card that
 * no longer exists leaves the article empty; the import still matches by nmId.
 * Periods over 31 days are asked for in 31-day pieces; the report is not paged. Which of a row's dates
 * the period selects is not documented (the sandbox takes orderDt). A Base token gets 2 reports an
 * hour: its 429 asks for a wait beyond RetryOptions.maxRetryWaitMs and the import ends with that message.
 */
export class WildberriesAdapter extends StockPushHandOff implements MarketplaceAdapter {
  readonly marketplace = 'WILDBERRIES' as const;
  private readonly baseUrl: string;
  private readonly analyticsUrl: string;
  private readonly pageSize: number;
  // Keyed by token: WB counts limits per seller account, and the token is what names the seller.
  private readonly pacing: PacerPool;
  private readonly marketplaceUrl: string;
  /** Stock push (wildberries-stocks.ts), on the same marketplace-category quota as the assembly tasks. */
  protected readonly stocks: WildberriesStocks;
  /** The order feed's task details per token: /api/v3/orders/status answers statuses alone. */
  private readonly orderDetails = new Map<string, Map<number, AssemblyOrder & { id: number }>>();

  constructor(private readonly options: WildberriesAdapterOptions = {}) {
    super();
    this.baseUrl = options.baseUrl ?? process.env.WB_CONTENT_API_URL ?? 'https://content-api.wildberries.ru';
    this.analyticsUrl =
      options.analyticsUrl ?? process.env.WB_ANALYTICS_API_URL ?? 'https://seller-analytics-api.wildberries.ru';
    this.pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
    this.pacing = options.pacing ?? new PacerPool();
    this.marketplaceUrl =
      options.marketplaceUrl ?? process.env.WB_MARKETPLACE_API_URL ?? 'https://marketplace-api.wildberries.ru';
    this.stocks = new WildberriesStocks({
      marketplaceUrl: this.marketplaceUrl,
      batchSize: options.stockBatchSize,
      retry: options.retry,
      pacer: (store) => this.marketplacePacer(store),
      cards: (store) => this.cardPages(this.contentContext(store)),
    });
  }

  async *listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]> {
    let done = 0;
    for await (const cards of this.cardPages(this.contentContext(store))) {
      const offers = cards.flatMap(toOffer);
      if (offers.length > 0) {
        done += offers.length;
        yield offers;
        onPage?.(done);
      }
    }
  }

  /** Every card, page by page: cards/list following cursor {updatedAt, nmID} until a short page. */
  async *cardPages(ctx: CallContext): AsyncIterable<Card[]> {
    let cursor: { updatedAt?: string; nmID?: number } = {};
    for (;;) {
      const body: CardsListRequest = {
        settings: {
          // -1: all cards; the spec's default 0 would return only cards without photos.
          filter: { withPhoto: -1 },
          cursor: { limit: this.pageSize, ...cursor },
        },
      };
      const page = await this.cards(ctx, body);
      const cards = page.cards ?? [];
      if (cards.length > 0) yield cards;
      const next = page.cursor;
      // The documented end: the answer's total (cards returned) falls below the limit asked for.
      if ((next?.total ?? cards.length) < this.pageSize || cards.length === 0) break;
      if (next?.nmID === undefined || (next.nmID === cursor.nmID && next.updatedAt === cursor.updatedAt)) break;
      cursor = { updatedAt: next.updatedAt, nmID: next.nmID };
    }
  }

  async *listReturns(
    store: StoreCredentials,
    period: ReturnsPeriod,
    onPage?: PageProgress,
  ): AsyncIterable<MarketplaceReturn[]> {
    const pacer = this.pacing.wildberriesAnalytics(
      store.apiKey,
      this.options.returnsRequestsPerMinute,
      this.options.returnsBurst,
    );
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const cards = new CardLookup(this, this.contentContext(store));
    let done = 0;
    for (const piece of splitPeriod(period, GOODS_RETURN_MAX_DAYS)) {
      const answer = await requestJson<GoodsReturnResponse>(ctx, {
        method: 'GET',
        url: joinUrl(this.analyticsUrl, '/api/v1/analytics/goods-return', {
          dateFrom: piece.dateFrom,
          dateTo: piece.dateTo,
        }),
        headers: { Authorization: store.apiKey },
      });
      const rows = latestPerReturn(answer.report ?? []);
      if (rows.length === 0) continue;
      const found = await cards.resolve(rows.flatMap((r) => (r.nmId === undefined ? [] : [r.nmId])));
      const returns = rows.map((row) => toReturn(row, row.nmId === undefined ? undefined : found.get(row.nmId)));
      done += returns.length;
      yield returns;
      onPage?.(done);
    }
  }

  /**
   * Current FBS assembly tasks: GET /api/v3/orders (which carries no status) in 30-day windows back
   * `ordersLookbackDays` (60 by default), paged by `next`; each page's ids go to POST
   * /api/v3/orders/status (≤ 1000 a call) and are mapped by wildberriesBucket. One task is one unit.
   * 60 days: a task is confirmed within days and delivered within weeks, so a task older than two months
   * still in delivery is a rarity the seller sees in the cabinet; each 30 days more costs at least two
   * requests per listing. /api/v3/orders/new is not needed: new tasks are the newest and /api/v3/orders
   * lists them too.
   */
  async *listPostings(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplacePosting[]> {
    const ctx: CallContext = {
      marketplace: this.marketplace,
      store,
      retry: this.options.retry,
      pacer: this.marketplacePacer(store),
    };
    const headers = { Authorization: store.apiKey };
    const limit = Math.min(1000, Math.max(1, this.options.ordersPageSize ?? 1000));
    const lookback = Math.max(1, this.options.ordersLookbackDays ?? 60);
    const nowSec = Math.floor(Date.now() / 1000);
    const seen = new Set<number>();
    let done = 0;
    for (let back = 0; back < lookback; back += ORDERS_WINDOW_DAYS) {
      const dateTo = nowSec - back * 86_400 - (back === 0 ? 0 : 1);
      const dateFrom = nowSec - Math.min(lookback, back + ORDERS_WINDOW_DAYS) * 86_400;
      for (let next = 0; ;) {
        const page = await requestJson<OrdersResponse>(ctx, {
          method: 'GET',
          url: joinUrl(this.marketplaceUrl, '/api/v3/orders', { limit, next, dateFrom, dateTo }),
          headers,
        });
        const orders = (page.orders ?? []).filter(
          (o): o is AssemblyOrder & { id: number } => o.id !== undefined && !seen.has(o.id),
        );
        for (const o of orders) seen.add(o.id);
        for (let i = 0; i < orders.length; i += STATUS_BATCH) {
          const batch = orders.slice(i, i + STATUS_BATCH);
          const body: OrdersStatusRequest = { orders: batch.map((o) => o.id) };
          const answer = await requestJson<OrdersStatusResponse>(ctx, {
            method: 'POST',
            url: joinUrl(this.marketplaceUrl, '/api/v3/orders/status'),
            headers,
            body,
          });
          const statuses = new Map(
            (answer.orders ?? []).flatMap((s) => (s.id === undefined ? [] : [[s.id, s] as const])),
          );
          const postings = batch.flatMap((o) => toPosting(o, statuses.get(o.id)));
          if (postings.length > 0) {
            done += postings.length;
            yield postings;
            onPage?.(done);
          }
        }
        const count = page.orders?.length ?? 0;
        // A short page is the last; a cursor that does not move would loop forever.
        if (count < limit || page.next === undefined || page.next === next) break;
        next = page.next;
      }
    }
  }

  /**
   * New tasks, tasks created since `query.since` and the open ones, with their statuses now
   * (wildberries-orders.ts), on the marketplace category's bucket shared with the stock calls.
   */
  listOrderChanges(
    store: StoreCredentials,
    query: OrderFeedQuery,
    onPage?: PageProgress,
  ): AsyncIterable<OrderFeedPage> {
    const ctx: CallContext = {
      marketplace: this.marketplace,
      store,
      retry: this.options.retry,
      pacer: this.marketplacePacer(store),
    };
    const options = {
      marketplaceUrl: this.marketplaceUrl,
      pageSize: Math.min(1000, Math.max(1, this.options.ordersPageSize ?? 1000)),
      lookbackDays: Math.max(1, this.options.ordersLookbackDays ?? 60),
      details: this.orderDetails,
    };
    return wildberriesOrderChanges(ctx, options, query, onPage);
  }

  /** One cards/list call on the seller's Content quota (shared by the catalog and the nmId lookups). */
  cards(ctx: CallContext, body: CardsListRequest): Promise<CardsListResponse> {
    return requestJson<CardsListResponse>(ctx, {
      method: 'POST',
      url: joinUrl(this.baseUrl, '/content/v2/get/cards/list', { locale: 'ru' }),
      // The bare token, as production clients send it; WB also accepts "Bearer <token>".
      headers: { Authorization: ctx.store.apiKey },
      body,
    });
  }

  /** The seller's marketplace category (assembly tasks, warehouses, stocks): one bucket per token. */
  private marketplacePacer(store: StoreCredentials): RatePacer {
    return this.pacing.wildberriesMarketplace(
      store.apiKey,
      this.options.ordersRequestsPerMinute,
      this.options.ordersBurst,
      this.options.marketplaceMinuteMs,
    );
  }

  private contentContext(store: StoreCredentials): CallContext {
    const pacer = this.pacing.wildberriesContent(store.apiKey, this.options.requestsPerMinute, this.options.burst);
    return { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
  }
}

function toOffer(card: Card): MarketplaceOffer[] {
  if (!card.vendorCode) return [];
  return [
    {
      offerId: card.vendorCode,
      externalId: card.nmID === undefined ? undefined : String(card.nmID),
      name: card.title ?? '',
      // The first photo is the main one (reference §5, interpretation).
      primaryImage: card.photos?.[0]?.big || undefined,
      barcodes: (card.sizes ?? []).flatMap((s) => s.skus ?? []),
      // chrtIds: the sizes the stock push names (one stock per size).
      extra: {
        nmID: card.nmID,
        imtID: card.imtID,
        brand: card.brand,
        subjectName: card.subjectName,
        chrtIds: (card.sizes ?? []).flatMap((s) => (s.chrtID === undefined ? [] : [s.chrtID])),
      },
    },
  ];
}
