import { joinUrl, requestJson, type CallContext, type RetryOptions } from './http.ts';
import { MarketplaceStoreNotFoundError, type CatalogAdapter, type MarketplaceOffer, type PageProgress, type StoreCredentials } from './types.ts';
import type { GetCampaignsResponse, GetOfferMapping, GetOfferMappingsRequest, GetOfferMappingsResponse } from './yandex-market/wire.ts';

export interface YandexMarketAdapterOptions {
  /** YM_API_URL; the real one is https://api.partner.market.yandex.ru. */
  baseUrl?: string;
  /** offer-mappings `limit`, 1–100 (PageLimit100Truncate). */
  pageSize?: number;
  retry?: RetryOptions;
}

/**
 * Catalog: the business (cabinet) is found through GET /v2/campaigns, then
 * POST /v2/businesses/{businessId}/offer-mappings is followed by page_token. Requests go one at a time,
 * well inside YM's limit of 2 parallel requests per key; its 420 answers are retried by the http helper.
 */
export class YandexMarketAdapter implements CatalogAdapter {
  readonly marketplace = 'YM' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;

  constructor(private readonly options: YandexMarketAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.YM_API_URL ?? 'https://api.partner.market.yandex.ru';
    this.pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
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
   * The seller may have entered either a campaign (shop) id or a business (cabinet) id as market_id;
   * with a single cabinet behind the key, that one is used whatever was entered.
   */
  private async findBusiness(ctx: CallContext, headers: Record<string, string>): Promise<number> {
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
    const wanted = Number(ctx.store.marketId.trim());
    for (const [businessId, campaigns] of businesses) {
      if (businessId === wanted || campaigns.includes(wanted)) return businessId;
    }
    const only = businesses.size === 1 ? [...businesses.keys()][0] : undefined;
    if (only !== undefined) return only;
    throw new MarketplaceStoreNotFoundError(this.marketplace, ctx.store.name, ctx.store.marketId);
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
      articles: offer.barcodes ?? [],
      extra: { marketSku: m.mapping?.marketSku, vendor: offer.vendor, archived: offer.archived },
    },
  ];
}
