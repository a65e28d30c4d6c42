import { joinUrl, RatePacer, requestJson, type RetryOptions } from './http.ts';
import type { MarketplaceOffer, CatalogAdapter, PageProgress, StoreCredentials } from './types.ts';
import type { Card, CardsListRequest, CardsListResponse } from './wildberries/wire.ts';

export interface WildberriesAdapterOptions {
  /** WB_CONTENT_API_URL; the real one is https://content-api.wildberries.ru. */
  baseUrl?: string;
  /** Cards per page; the docs page by 100. */
  pageSize?: number;
  /** The Content category allows 100 requests/minute with a burst of 5 (reference §2). */
  requestsPerMinute?: number;
  burst?: number;
  retry?: RetryOptions;
}

/** Catalog: /content/v2/get/cards/list, following cursor {updatedAt, nmID} until a short page. */
export class WildberriesAdapter implements CatalogAdapter {
  readonly marketplace = 'WILDBERRIES' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  // Keyed by token: WB counts limits per seller account, and the token is what names the seller.
  private readonly pacers = new Map<string, RatePacer>();

  constructor(private readonly options: WildberriesAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.WB_CONTENT_API_URL ?? 'https://content-api.wildberries.ru';
    this.pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
  }

  async *listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]> {
    let pacer = this.pacers.get(store.apiKey);
    if (!pacer) {
      pacer = new RatePacer((this.options.requestsPerMinute ?? 100) / 60, this.options.burst ?? 5);
      this.pacers.set(store.apiKey, pacer);
    }
    const ctx = { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
    let cursor: { updatedAt?: string; nmID?: number } = {};
    let done = 0;
    for (;;) {
      const body: CardsListRequest = {
        settings: {
          // -1: all cards; the spec's default 0 would return only cards without photos.
          filter: { withPhoto: -1 },
          cursor: { limit: this.pageSize, ...cursor },
        },
      };
      const page = await requestJson<CardsListResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, '/content/v2/get/cards/list', { locale: 'ru' }),
        // The bare token, as production clients send it; WB also accepts "Bearer <token>".
        headers: { Authorization: store.apiKey },
        body,
      });
      const cards = page.cards ?? [];
      const offers = cards.flatMap(toOffer);
      if (offers.length > 0) {
        done += offers.length;
        yield offers;
        onPage?.(done);
      }
      const next = page.cursor;
      // The documented end: the answer's total (cards returned) falls below the limit asked for.
      if ((next?.total ?? cards.length) < this.pageSize || cards.length === 0) break;
      if (next?.nmID === undefined || (next.nmID === cursor.nmID && next.updatedAt === cursor.updatedAt)) break;
      cursor = { updatedAt: next.updatedAt, nmID: next.nmID };
    }
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
      articles: (card.sizes ?? []).flatMap((s) => s.skus ?? []),
      extra: { nmID: card.nmID, imtID: card.imtID, brand: card.brand, subjectName: card.subjectName },
    },
  ];
}
