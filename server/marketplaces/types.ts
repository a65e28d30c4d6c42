/**
 * The one seam between Ostatok and the marketplaces. Import jobs talk only to these interfaces, so a
 * marketplace's paging, auth headers and rate limits stay inside its adapter.
 */

/** The marketplace codes stored in `markets.marketplace` (server/db/schema/markets.ts), minus '-'. */
export type MarketplaceCode = 'OZON' | 'WILDBERRIES' | 'YM';

export const marketplaceTitles: Record<MarketplaceCode, string> = {
  OZON: 'OZON',
  WILDBERRIES: 'Wildberries',
  YM: 'Яндекс Маркет',
};

/** What an adapter needs to know about a store; `name` only feeds error messages the seller reads. */
export interface StoreCredentials {
  /** OZON: Client-Id; Wildberries: unused (the token names the seller); YM: campaign or business id. */
  marketId: string;
  apiKey: string;
  name: string;
}

/** One listing, reduced to what products_mp keeps; the marketplace-specific rest goes to `extra`. */
export interface MarketplaceOffer {
  /** The seller's article: OZON offer_id, WB vendorCode, YM offerId. */
  offerId: string;
  /** The marketplace's own id: OZON product_id, WB nmID, YM marketSku. */
  externalId?: string;
  name: string;
  primaryImage?: string;
  /** Barcodes, which sellers also search by. */
  articles?: string[];
  extra?: Record<string, unknown>;
}

/** Called after each page; `total` is known only where the API reports it (OZON). */
export type PageProgress = (done: number, total?: number) => void;

export interface CatalogAdapter {
  readonly marketplace: MarketplaceCode;
  /** Yields the whole catalog page by page, so an import can write as it goes. */
  listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]>;
}

/*
 * Returns and posting statuses arrive with their issues as further interfaces (ReturnsAdapter,
 * PostingStatusAdapter) that an adapter class may also implement; MarketplaceAdapter then widens.
 */
export type MarketplaceAdapter = CatalogAdapter;

/** Base of every adapter failure: always says which store, because imports run for many at once. */
export class MarketplaceError extends Error {
  constructor(
    readonly marketplace: MarketplaceCode,
    readonly storeName: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The key was refused (401/403): retrying cannot help, the seller has to fix the key. */
export class MarketplaceAuthError extends MarketplaceError {
  constructor(marketplace: MarketplaceCode, storeName: string, readonly status: number, options?: ErrorOptions) {
    super(
      marketplace,
      storeName,
      `Магазин «${storeName}» (${marketplaceTitles[marketplace]}): маркетплейс не принял ключ API. ` +
        'Проверьте ключ и его права в кабинете продавца.',
      options,
    );
  }
}

/** Retries ran out, the wait asked for is too long, or the answer made no sense. */
export class MarketplaceUnavailableError extends MarketplaceError {
  constructor(
    marketplace: MarketplaceCode,
    storeName: string,
    readonly reason: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(
      marketplace,
      storeName,
      `Магазин «${storeName}» (${marketplaceTitles[marketplace]}): маркетплейс недоступен — ${reason}`,
      options,
    );
  }
}

/** The key works but the store the seller named is not behind it (e.g. a YM campaign of another cabinet). */
export class MarketplaceStoreNotFoundError extends MarketplaceError {
  constructor(marketplace: MarketplaceCode, storeName: string, marketId: string) {
    super(
      marketplace,
      storeName,
      `Магазин «${storeName}» (${marketplaceTitles[marketplace]}): ключ API не даёт доступа к магазину ${marketId}`,
    );
  }
}
