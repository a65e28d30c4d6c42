import { joinUrl, RatePacer, requestJson, type CallContext, type RetryOptions } from './http.ts';
import { YandexMarketStocks } from './yandex-market-stocks.ts';
import {
  MarketplaceStoreNotFoundError,
  type MarketplaceAdapter,
  type MarketplaceOffer,
  type MarketplacePosting,
  type MarketplaceReturn,
  type PageProgress,
  type PostingBucket,
  type ReturnsPeriod,
  type StockItem,
  type StockItemResult,
  type StockWarehouse,
  type StoreCredentials,
} from './types.ts';
import type {
  BusinessOrder,
  GetBusinessOrdersRequest,
  GetBusinessOrdersResponse,
  GetCampaignsResponse,
  GetOfferMapping,
  GetOfferMappingsRequest,
  GetOfferMappingsResponse,
  GetReturnsResponse,
  YmReturn,
} from './yandex-market/wire.ts';

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
  /** updateStocks: 100,000 SKUs a minute (x-resource-limit-config, path req.skus). */
  stockSkusPerMinute?: number;
  /** SKUs per updateStocks request, 1–2000. */
  stockBatchSize?: number;
  /** The length of updateStocks' minute; tests shorten it. */
  stockMinuteMs?: number;
  retry?: RetryOptions;
}

/**
 * The bucket of an order (reference §3, "Mapping to the three buckets"): PROCESSING/STARTED (and
 * PACKAGING, being packed) wait for packaging, PROCESSING/READY_TO_SHIP waits for shipment, and
 * PROCESSING/SHIPPED, DELIVERY and PICKUP (at the pickup point, not yet with the buyer) are on the way —
 * the goods have left the seller's warehouse, as with OZON delivering and WB complete/ready_for_pickup.
 * Everything else (delivered, cancelled, returned, not yet paid or confirmed) is left out.
 */
export function yandexMarketBucket(status: string, substatus: string | undefined): PostingBucket | undefined {
  if (status === 'DELIVERY' || status === 'PICKUP') return 'delivering';
  if (status !== 'PROCESSING') return undefined;
  switch (substatus) {
    case 'STARTED':
    case 'PACKAGING':
      return 'awaiting_packaging';
    case 'READY_TO_SHIP':
      return 'awaiting_deliver';
    case 'SHIPPED':
      return 'delivering';
    default:
      return undefined;
  }
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
export class YandexMarketAdapter implements MarketplaceAdapter {
  readonly marketplace = 'YM' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly returnsPageSize: number;
  // Keyed by key: the returns resource is counted per shop, and one key reaches the cabinet's shops.
  private readonly returnsPacers = new Map<string, RatePacer>();
  private readonly ordersPacers = new Map<string, RatePacer>();
  private readonly stocks: YandexMarketStocks;

  constructor(private readonly options: YandexMarketAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.YM_API_URL ?? 'https://api.partner.market.yandex.ru';
    this.pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
    this.returnsPageSize = Math.min(100, Math.max(1, options.returnsPageSize ?? 100));
    this.stocks = new YandexMarketStocks({
      baseUrl: this.baseUrl,
      skusPerMinute: options.stockSkusPerMinute,
      minuteMs: options.stockMinuteMs,
      batchSize: options.stockBatchSize,
      retry: options.retry,
      campaigns: async (store) =>
        (await this.findCampaigns({ marketplace: this.marketplace, store, retry: options.retry }, { 'Api-Key': store.apiKey })).campaignIds,
    });
  }

  /** Stock push (yandex-market-stocks.ts): per shop of the store, SKUs paced by YM's per-minute count. */
  stockWarehouse(store: StoreCredentials): Promise<StockWarehouse> {
    return this.stocks.stockWarehouse(store);
  }

  readStocks(store: StoreCredentials, warehouse: StockWarehouse, items: readonly StockItem[]): Promise<Map<string, number>> {
    return this.stocks.readStocks(store, warehouse, items);
  }

  pushStocks(store: StoreCredentials, warehouse: StockWarehouse, items: readonly StockItem[], onBatch?: (done: number, total: number) => void): Promise<StockItemResult[]> {
    return this.stocks.pushStocks(store, warehouse, items, onBatch);
  }

  async *listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]> {
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry };
    // No "Bearer": YM answers 401 "Api-Key token prefix invalid" to it.
    const headers = { 'Api-Key': store.apiKey };
    const businessId = await this.findBusiness(ctx, headers);

    let pageToken: string | undefined;
    let done = 0;
    const seenTokens = new Set<string>();
    for (;;) {
      const body: GetOfferMappingsRequest = {};
      const page = await requestJson<GetOfferMappingsResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, `/v2/businesses/${businessId}/offer-mappings`, { limit: this.pageSize, page_token: pageToken }),
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
  async *listReturns(store: StoreCredentials, period: ReturnsPeriod, onPage?: PageProgress): AsyncIterable<MarketplaceReturn[]> {
    let pacer = this.returnsPacers.get(store.apiKey);
    if (!pacer) {
      const perHour = this.options.returnsRequestsPerHour ?? 5000;
      pacer = new RatePacer(perHour / 3600, this.options.returnsBurst ?? 20);
      this.returnsPacers.set(store.apiKey, pacer);
    }
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const headers = { 'Api-Key': store.apiKey };
    const { businessId, campaignIds } = await this.findCampaigns(ctx, headers);
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
    let pacer = this.ordersPacers.get(store.apiKey);
    if (!pacer) {
      pacer = new RatePacer((this.options.ordersRequestsPerHour ?? 10_000) / 3600, this.options.ordersBurst ?? 20);
      this.ordersPacers.set(store.apiKey, pacer);
    }
    const ctx: CallContext = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    const headers = { 'Api-Key': store.apiKey };
    const { businessId, campaignIds } = await this.findCampaigns({ ...ctx, pacer: undefined }, headers);
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
        const dates = { creationDateFrom: day(-Math.min(lookback, back + ORDERS_WINDOW_DAYS) + 1), creationDateTo: day(-back + 1) };
        const body: GetBusinessOrdersRequest = { campaignIds: campaigns, statuses: [...ORDER_STATUSES], dates, fake: false };
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

  /**
   * The seller may have entered either a campaign (shop) id or a business (cabinet) id as market_id;
   * with a single cabinet behind the key, that one is used whatever was entered.
   */
  private async findBusiness(ctx: CallContext, headers: Record<string, string>): Promise<number> {
    const businesses = await this.campaigns(ctx, headers);
    const wanted = Number(ctx.store.marketId.trim());
    for (const [businessId, campaigns] of businesses) {
      if (businessId === wanted || campaigns.includes(wanted)) return businessId;
    }
    const only = businesses.size === 1 ? [...businesses.keys()][0] : undefined;
    if (only !== undefined) return only;
    throw new MarketplaceStoreNotFoundError(this.marketplace, ctx.store.name, ctx.store.marketId);
  }

  /** The shop the store names; a business id names all of its shops; a single cabinet is taken whatever was entered. */
  private async findCampaigns(ctx: CallContext, headers: Record<string, string>): Promise<{ businessId: number; campaignIds: number[] }> {
    const businesses = await this.campaigns(ctx, headers);
    const wanted = Number(ctx.store.marketId.trim());
    for (const [businessId, campaigns] of businesses) {
      if (campaigns.includes(wanted)) return { businessId, campaignIds: [wanted] };
      if (businessId === wanted) return { businessId, campaignIds: campaigns };
    }
    const [only] = businesses.size === 1 ? [...businesses.entries()] : [];
    if (only !== undefined) return { businessId: only[0], campaignIds: only[1] };
    throw new MarketplaceStoreNotFoundError(this.marketplace, ctx.store.name, ctx.store.marketId);
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
      for (const m of page.result?.offerMappings ?? []) if (m.offer?.offerId) names.set(m.offer.offerId, m.offer.name ?? '');
    }
    for (const r of returns) r.name = names.get(r.offerId) ?? '';
  }

  /** Every campaign behind the key, grouped by business. */
  private async campaigns(ctx: CallContext, headers: Record<string, string>): Promise<Map<number, number[]>> {
    const businesses = new Map<number, number[]>();
    let pageToken: string | undefined;
    for (;;) {
      const page = await requestJson<GetCampaignsResponse>(ctx, {
        method: 'GET',
        url: joinUrl(this.baseUrl, '/v2/campaigns', { limit: 100, page_token: pageToken }),
        headers,
      });
      for (const c of page.campaigns ?? []) {
        const businessId = c.business?.id;
        if (businessId === undefined || c.id === undefined) continue;
        businesses.set(businessId, [...(businesses.get(businessId) ?? []), c.id]);
      }
      const next = page.paging?.nextPageToken;
      if (!next || next === pageToken) break;
      pageToken = next;
    }
    return businesses;
  }
}

function toPosting(o: BusinessOrder): MarketplacePosting[] {
  const bucket = yandexMarketBucket(o.status, o.substatus);
  if (!bucket) return [];
  const items = (o.items ?? []).map((item) => {
    const total = (item.prices?.payment?.value ?? 0) + (item.prices?.cashback?.value ?? 0);
    return {
      offerId: item.offerId,
      quantity: item.count,
      price: item.prices?.payment && item.count > 0 ? Math.round((total / item.count) * 100) / 100 : undefined,
    };
  });
  return [{ postingNumber: String(o.orderId), bucket, items }];
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
      articles: offer.barcodes ?? [],
      extra: { marketSku: m.mapping?.marketSku, vendor: offer.vendor, archived: offer.archived },
    },
  ];
}

/** One return per returned item, keyed `${return id}:${shopSku}`: a return may carry several items. */
function toReturns(r: YmReturn): MarketplaceReturn[] {
  const shipment = r.shipmentStatus ? (shipmentStatuses[r.shipmentStatus] ?? r.shipmentStatus) : undefined;
  const refund = r.refundStatus ? (refundStatuses[r.refundStatus] ?? r.refundStatus) : undefined;
  const status = [r.returnType === 'UNREDEEMED' ? 'Невыкуп' : 'Возврат', shipment, refund].filter(Boolean).join(' · ');
  return (r.items ?? []).map((item) => ({
    externalId: `${r.id}:${item.shopSku}`,
    orderNumber: String(r.orderId),
    offerId: item.shopSku,
    externalProductId: item.marketSku === undefined ? undefined : String(item.marketSku),
    // The returns list carries no names: nameOffers fills them in from the cabinet's offers.
    name: '',
    count: item.count,
    returnedAt: r.creationDate ?? r.updateDate ?? '',
    marketplaceStatus: status,
  }));
}

/** ReturnShipmentStatusType, in the words of the spec's description. */
const shipmentStatuses: Record<string, string> = {
  CREATED: 'оформлен',
  RECEIVED: 'принят у покупателя',
  IN_TRANSIT: 'в пути',
  READY_FOR_PICKUP: 'готов к выдаче магазину',
  PICKED: 'выдан магазину',
  LOST: 'утерян',
  EXPIRED: 'не принесён вовремя',
  CANCELLED: 'отменён',
  FULFILMENT_RECEIVED: 'принят на складе Маркета',
  PREPARED_FOR_UTILIZATION: 'передан на утилизацию',
  NOT_IN_DEMAND: 'не забран с почты',
  UTILIZED: 'утилизирован',
  READY_FOR_EXPROPRIATION: 'направлен на перепродажу',
  RECEIVED_FOR_EXPROPRIATION: 'принят для перепродажи',
};

/** RefundStatusType, the main values. */
const refundStatuses: Record<string, string> = {
  STARTED_BY_USER: 'создан покупателем',
  REFUND_IN_PROGRESS: 'деньги на рассмотрении',
  REFUNDED: 'деньги возвращены',
  FAILED: 'возврат денег невозможен',
  WAITING_FOR_DECISION: 'ожидает решения',
  DECISION_MADE: 'решение принято',
  REFUNDED_WITH_BONUSES: 'возвращено баллами',
  REFUNDED_BY_SHOP: 'деньги вернул магазин',
  COMPLETE_WITHOUT_REFUND: 'без возврата денег',
  CANCELLED: 'возврат отменён',
  REJECTED: 'отклонён',
};
