import { joinUrl, RatePacer, requestJson, type CallContext, type RetryOptions } from './http.ts';
import type {
  ProductInfoListRequest,
  ProductInfoListResponse,
  ProductInfoListResponseItem,
  ProductListRequest,
  ProductListResponse,
} from './ozon/wire.ts';
import type { CatalogAdapter, MarketplaceOffer, PageProgress, StoreCredentials } from './types.ts';

export interface OzonAdapterOptions {
  /** OZON_API_URL; the real one is https://api-seller.ozon.ru. */
  baseUrl?: string;
  /** /v3/product/list page size, 1–1000. */
  pageSize?: number;
  /** OZON allows 50 requests/second per Client-Id across all methods (reference §1). */
  requestsPerSecond?: number;
  retry?: RetryOptions;
}

const INFO_BATCH = 1000; // /v3/product/info/list takes at most 1000 ids in total.

/** Catalog: ids page by page through /v3/product/list, then names and images via /v3/product/info/list. */
export class OzonAdapter implements CatalogAdapter {
  readonly marketplace = 'OZON' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly perSecond: number;
  // One bucket per Client-Id: OZON counts the limit per seller, and several imports may share one.
  private readonly pacers = new Map<string, RatePacer>();

  constructor(private readonly options: OzonAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.OZON_API_URL ?? 'https://api-seller.ozon.ru';
    this.pageSize = Math.min(1000, Math.max(1, options.pageSize ?? 1000));
    this.perSecond = options.requestsPerSecond ?? 50;
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

  private context(store: StoreCredentials): CallContext {
    let pacer = this.pacers.get(store.marketId);
    if (!pacer) this.pacers.set(store.marketId, (pacer = new RatePacer(this.perSecond)));
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
      articles: item.barcodes ?? [],
      extra: { sku: item.sku, is_archived: item.is_archived },
    },
  ];
}
