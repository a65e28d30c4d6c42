import { joinUrl, requestJson, type CallContext, type RetryOptions } from './http.ts';
import { PacerPool } from './pacing.ts';
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
import { findBusiness, findCampaigns } from './yandex-market-campaigns.ts';
import { OpenRotation } from './order-feed.ts';
import { yandexMarketOrderChanges } from './yandex-market-orders.ts';
import { toPosting } from './yandex-market-postings.ts';
import { toReturns } from './yandex-market-returns.ts';
import { YandexMarketStocks } from './yandex-market-stocks.ts';
import type {
  GetBusinessOrdersRequest,
  GetBusinessOrdersResponse,
  GetOfferMapping,
  GetOfferMappingsRequest,
  GetOfferMappingsResponse,
  GetReturnsResponse,
} from './yandex-market/wire.ts';

export { yandexMarketBucket } from './yandex-market-postings.ts';

export interface YandexMarketAdapterOptions {
  /** YM_API_URL; the real one is https://api.partner.market.yandex.ru. */
  baseUrl?: string;
  /** offer-mappings `limit`, 1–100 (PageLimit100Truncate). */
  pageSize?: number;
  /** returns `limit`, 1–100 (PageLimit100Truncate). */
  returnsPageSize?: number;
  /** getReturns allows 5,000 per hour per shop (x-resource-limit-config, reference §3). */
  returnsRequestsPerHour?: number;
  returnsBurst?: number;
  /** getBusinessOrders `limit`, 1–50 (PageLimit50Truncate). */
  ordersPageSize?: number;
  /** How far back orders are listed by creation date, in days (walked in 30-day windows, the API's maximum). */
  ordersLookbackDays?: number;
  /** getBusinessOrders allows 10,000 per hour (x-resource-limit-config, reference §3). */
  ordersRequestsPerHour?: number;
  ordersBurst?: number;
  /** Open orders the order feed asks by id per call, ≤ 50 (one request per 30 days of lookback). */
  openChecksPerCall?: number;
  /** updateStocks: 100,000 SKUs a minute (x-resource-limit-config, path req.skus). */
  stockSkusPerMinute?: number;
  /** SKUs per updateStocks request, 1–2000. */
  stockBatchSize?: number;
  /** The length of updateStocks' minute; tests shorten it. */
  stockMinuteMs?: number;
  retry?: RetryOptions;
  /** Where the per-key and per-shop pacers live; the app shares one pool among all its adapters. */
  pacing?: PacerPool;
}

const ORDER_STATUSES = ['PROCESSING', 'DELIVERY', 'PICKUP'] as const;
const ORDERS_WINDOW_DAYS = 30;
const CAMPAIGNS_PER_REQUEST = 50;

/**
 * Catalog: the business (cabinet) is found through GET /v2/campaigns, then
 * POST /v2/businesses/{businessId}/offer-mappings is followed by page_token. Requests go one at a time,
 * well inside YM's limit of 2 parallel requests per key; its 420 answers are retried by the http helper.
 * Returns: GET /v2/campaigns/{campaignId}/returns by page_token, for the shop (campaign) the store names,
 * or every shop of the cabinet when the store names the business.
 */
export class YandexMarketAdapter extends StockPushHandOff implements MarketplaceAdapter {
  readonly marketplace = 'YM' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly returnsPageSize: number;
  // Keyed by key: the returns resource is counted per shop, and one key reaches the cabinet's shops.
  private readonly pacing: PacerPool;
  /** Stock push (yandex-market-stocks.ts): per shop of the store, SKUs paced by YM's per-minute count. */
  protected readonly stocks: YandexMarketStocks;
  private readonly openRotation = new OpenRotation();

  constructor(private readonly options: YandexMarketAdapterOptions = {}) {
    super();
    this.baseUrl = options.baseUrl ?? process.env.YM_API_URL ?? 'https://api.partner.market.yandex.ru';
    this.pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
    this.returnsPageSize = Math.min(100, Math.max(1, options.returnsPageSize ?? 100));
    this.pacing = options.pacing ?? new PacerPool();
    this.stocks = new YandexMarketStocks({
      pacing: this.pacing,
      baseUrl: this.baseUrl,
      skusPerMinute: options.stockSkusPerMinute,
      minuteMs: options.stockMinuteMs,
      batchSize: options.stockBatchSize,
      retry: options.retry,
      campaigns: async (store) =>
        (
          await findCampaigns(
            this.baseUrl,
            { marketplace: this.marketplace, store, retry: options.retry },
            { 'Api-Key': store.apiKey },
          )
        ).campaignIds,
    });
  }

  async *listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]> {
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry };
    // No "Bearer": YM answers 401 "Api-Key token prefix invalid" to it.
    const headers = { 'Api-Key': store.apiKey };
    const businessId = await findBusiness(this.baseUrl, ctx, headers);

    let pageToken: string | undefined;
    let done = 0;
    const seenTokens = new Set<string>();
    for (;;) {
      const body: GetOfferMappingsRequest = {};
      const page = await requestJson<GetOfferMappingsResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, `/v2/businesses/${businessId}/offer-mappings`, {
          limit: this.pageSize,
          page_token: pageToken,
        }),
        headers,
        body,
      });
      const offers = (page.result?.offerMappings ?? []).flatMap(toOffer);
      if (offers.length > 0) {
        done += offers.length;
        yield offers;
        onPage?.(done);
      }
      const next = page.result?.paging?.nextPageToken;
      if (!next || seenTokens.has(next)) break;
      seenTokens.add(next);
      pageToken = next;
    }
  }

  /**
   * Returns and non-pickups (UNREDEEMED) of the period, one MarketplaceReturn per returned item. YM
   * filters fromDate/toDate by the return's update date; returnedAt is its creation date.
   */
  async *listReturns(
    store: StoreCredentials,
    period: ReturnsPeriod,
    onPage?: PageProgress,
  ): AsyncIterable<MarketplaceReturn[]> {
    const pacer = this.pacing.yandexMarketReturns(
      store.apiKey,
      this.options.returnsRequestsPerHour,
      this.options.returnsBurst,
    );
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const headers = { 'Api-Key': store.apiKey };
    const { businessId, campaignIds } = await findCampaigns(this.baseUrl, ctx, headers);
    const names = new Map<string, string>();
    let done = 0;
    for (const campaignId of campaignIds) {
      let pageToken: string | undefined;
      const seenTokens = new Set<string>();
      for (;;) {
        const page = await requestJson<GetReturnsResponse>(ctx, {
          method: 'GET',
          url: joinUrl(this.baseUrl, `/v2/campaigns/${campaignId}/returns`, {
            fromDate: period.dateFrom,
            toDate: period.dateTo,
            limit: this.returnsPageSize,
            page_token: pageToken,
          }),
          headers,
        });
        const returns = (page.result?.returns ?? []).flatMap(toReturns);
        await this.nameOffers(ctx, headers, businessId, returns, names);
        if (returns.length > 0) {
          done += returns.length;
          yield returns;
          onPage?.(done);
        }
        const next = page.result?.paging?.nextPageToken;
        if (!next || seenTokens.has(next)) break;
        seenTokens.add(next);
        pageToken = next;
      }
    }
  }

  /**
   * Current orders of the store's shop (or of every shop of the cabinet it names) through
   * POST /v1/businesses/{businessId}/orders (getBusinessOrders), not GET /v2/campaigns/{id}/orders: the
   * spec marks that one deprecated, degrading from 2027-01-18 and shut down on 2027-04-12, and names
   * getBusinessOrders its replacement. The body filters by campaignIds, statuses PROCESSING, DELIVERY and
   * PICKUP, and fake: false (test orders hold no goods); substatuses are not sent, since the filter
   * would apply to DELIVERY too: yandexMarketBucket sorts them here. The creation-date filter spans at
   * most 30 days (30 days back when left out), so `ordersLookbackDays` (60 by default, as for WB) is
   * walked in 30-day windows, each paged by page_token. Items carry no marketSku in this method, so
   * externalProductId stays empty; price is (payment + cashback) / count, in the shop's currency (RUB).
   */
  async *listPostings(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplacePosting[]> {
    const pacer = this.pacing.yandexMarketOrders(
      store.apiKey,
      this.options.ordersRequestsPerHour,
      this.options.ordersBurst,
    );
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const headers = { 'Api-Key': store.apiKey };
    const { businessId, campaignIds } = await findCampaigns(this.baseUrl, { ...ctx, pacer: undefined }, headers);
    const limit = Math.min(50, Math.max(1, this.options.ordersPageSize ?? 50));
    const lookback = Math.max(1, this.options.ordersLookbackDays ?? 60);
    // The dates are the seller's calendar days, Moscow time (UTC+3, no DST).
    const today = Date.parse(`${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
    const seen = new Set<number>();
    let done = 0;
    for (let i = 0; i < campaignIds.length; i += CAMPAIGNS_PER_REQUEST) {
      const campaigns = campaignIds.slice(i, i + CAMPAIGNS_PER_REQUEST);
      for (let back = 0; back < lookback; back += ORDERS_WINDOW_DAYS) {
        // creationDateTo is excluded: the newest window ends tomorrow so today's orders are in.
        const dates = {
          creationDateFrom: day(-Math.min(lookback, back + ORDERS_WINDOW_DAYS) + 1),
          creationDateTo: day(-back + 1),
        };
        const body: GetBusinessOrdersRequest = {
          campaignIds: campaigns,
          statuses: [...ORDER_STATUSES],
          dates,
          fake: false,
        };
        let pageToken: string | undefined;
        const seenTokens = new Set<string>();
        for (;;) {
          const page = await requestJson<GetBusinessOrdersResponse>(ctx, {
            method: 'POST',
            url: joinUrl(this.baseUrl, `/v1/businesses/${businessId}/orders`, { limit, page_token: pageToken }),
            headers,
            body,
          });
          const fresh = (page.orders ?? []).filter((o) => !seen.has(o.orderId));
          for (const o of fresh) seen.add(o.orderId);
          const postings = fresh.flatMap(toPosting);
          if (postings.length > 0) {
            done += postings.length;
            yield postings;
            onPage?.(done);
          }
          const next = page.paging?.nextPageToken;
          if (!next || seenTokens.has(next)) break;
          seenTokens.add(next);
          pageToken = next;
        }
      }
    }
  }

  /** Orders updated since `query.since` and vanished open ones (yandex-market-orders.ts), on the orders pacer. */
  listOrderChanges(
    store: StoreCredentials,
    query: OrderFeedQuery,
    onPage?: PageProgress,
  ): AsyncIterable<OrderFeedPage> {
    const pacer = this.pacing.yandexMarketOrders(
      store.apiKey,
      this.options.ordersRequestsPerHour,
      this.options.ordersBurst,
    );
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const headers = { 'Api-Key': store.apiKey };
    const options = {
      baseUrl: this.baseUrl,
      pageSize: Math.min(50, Math.max(1, this.options.ordersPageSize ?? 50)),
      lookbackDays: Math.max(1, this.options.ordersLookbackDays ?? 60),
      openChecks: Math.min(50, Math.max(0, this.options.openChecksPerCall ?? 50)),
      rotation: this.openRotation,
      campaigns: () => findCampaigns(this.baseUrl, { ...ctx, pacer: undefined }, headers),
    };
    return yandexMarketOrderChanges(ctx, options, query, onPage);
  }

  /**
   * The returns list carries no names: they come from the cabinet's offers (offer-mappings with offerIds,
   * at most 100 a request, answered whole), once per article per listing. An article the cabinet no
   * longer has keeps an empty name.
   */
  private async nameOffers(
    ctx: CallContext,
    headers: Record<string, string>,
    businessId: number,
    returns: MarketplaceReturn[],
    names: Map<string, string>,
  ): Promise<void> {
    const missing = [...new Set(returns.map((r) => r.offerId))].filter((id) => !names.has(id));
    for (let i = 0; i < missing.length; i += 100) {
      const offerIds = missing.slice(i, i + 100);
      const body: GetOfferMappingsRequest = { offerIds };
      const page = await requestJson<GetOfferMappingsResponse>(
        { ...ctx, pacer: undefined },
        { method: 'POST', url: joinUrl(this.baseUrl, `/v2/businesses/${businessId}/offer-mappings`), headers, body },
      );
      for (const id of offerIds) names.set(id, '');
      for (const m of page.result?.offerMappings ?? [])
        if (m.offer?.offerId) names.set(m.offer.offerId, m.offer.name ?? '');
    }
    for (const r of returns) r.name = names.get(r.offerId) ?? '';
  }
}

function toOffer(m: GetOfferMapping): MarketplaceOffer[] {
  const offer = m.offer;
  if (!offer?.offerId) return [];
  return [
    {
      offerId: offer.offerId,
      externalId: m.mapping?.marketSku === undefined ? undefined : String(m.mapping.marketSku),
      name: offer.name ?? '',
      primaryImage: offer.pictures?.[0] || undefined,
      barcodes: offer.barcodes ?? [],
      extra: { marketSku: m.mapping?.marketSku, vendor: offer.vendor, archived: offer.archived },
    },
  ];
}
