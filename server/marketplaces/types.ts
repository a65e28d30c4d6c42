import type { OrderFeedAdapter } from './order-types.ts';

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
  /**
   * The goods' barcodes as the marketplace keeps them (OZON product info `barcodes`, WB card sizes' `skus`, YM offer
   * `barcodes`): the catalog import adds them to the warehouse product's own barcodes.
   */
  barcodes?: string[];
  extra?: Record<string, unknown>;
}

/** Called after each page; `total` is known only where the API reports it (OZON). */
export type PageProgress = (done: number, total?: number) => void;

export interface CatalogAdapter {
  readonly marketplace: MarketplaceCode;
  /** Yields the whole catalog page by page, so an import can write as it goes. */
  listProducts(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplaceOffer[]>;
}

/** One customer return as the marketplace reports it, reduced to what the returns table keeps. */
export interface MarketplaceReturn {
  /**
   * The marketplace's id of the return (OZON return id, WB srid of the goods-return report, YM `${return
   * id}:${shopSku}`): the import's dedup key.
   */
  externalId: string;
  /** The order or posting the return belongs to (OZON posting_number, WB assembly task orderId or srid, YM orderId). */
  orderNumber: string;
  /** The seller's article, matched against products_mp.offer_id: OZON offer_id, WB vendorCode, YM shopSku. */
  offerId: string;
  /** The marketplace's own product id, a second way to match (OZON sku, WB nmId, YM marketSku). */
  externalProductId?: string;
  /** The product name the marketplace shows: kept for a return no warehouse product matches. */
  name: string;
  count: number;
  /** The price the buyer paid per unit, in roubles, when the marketplace says it. */
  price?: number;
  /** When the return happened (YYYY-MM-DD or ISO date-time). */
  returnedAt: string;
  /** The marketplace's own status text, for the seller to read. */
  marketplaceStatus?: string;
}

export interface ReturnsPeriod {
  /** YYYY-MM-DD, inclusive. */
  dateFrom: string;
  /** YYYY-MM-DD, inclusive. */
  dateTo: string;
}

export interface ReturnsAdapter {
  readonly marketplace: MarketplaceCode;
  /**
   * Yields the store's returns in the period page by page; the same return may appear in two pages' periods: dedupe by
   * externalId.
   */
  listReturns(
    store: StoreCredentials,
    period: ReturnsPeriod,
    onPage?: PageProgress,
  ): AsyncIterable<MarketplaceReturn[]>;
}

/** The three stages of an order the seller still has to act on or is waiting for (docs/rules.md «Достаточность»). */
export type PostingBucket = 'awaiting_packaging' | 'awaiting_deliver' | 'delivering';

/** One current posting (OZON posting, WB assembly task, YM order) already mapped to its bucket. */
export interface MarketplacePosting {
  /** OZON posting_number, WB assembly task id, YM order id. */
  postingNumber: string;
  bucket: PostingBucket;
  items: Array<{
    /** The seller's article, matched against products_mp.offer_id: OZON offer_id, WB article, YM offerId. */
    offerId: string;
    /** OZON sku, WB nmId, YM marketSku: a second way to match. */
    externalProductId?: string;
    quantity: number;
    /** Per unit, roubles, when the marketplace says it. */
    price?: number;
  }>;
}

export interface PostingStatusAdapter {
  readonly marketplace: MarketplaceCode;
  /** Yields every posting of the store currently in one of the three buckets, page by page; the rest are left out. */
  listPostings(store: StoreCredentials, onPage?: PageProgress): AsyncIterable<MarketplacePosting[]>;
}

/** One listing's quantity to send: what the seller's warehouse can still sell of its product. */
export interface StockItem {
  /** The caller's key for the item's result (the listing id). */
  key: string;
  /** The seller's article: OZON offer_id, WB vendorCode, YM offerId (the SKU updateStocks takes). */
  offerId: string;
  /** The marketplace's own id as the catalog import kept it: OZON product_id, WB nmID, YM marketSku. */
  externalId?: string;
  /** The listing's marketplace-specific ids (products_mp.extra): OZON sku, WB chrtIds. */
  extra?: Record<string, unknown>;
  quantity: number;
}

/** Where a store's stock goes: OZON and WB a seller warehouse, YM the shop (campaign) itself. */
export interface StockWarehouse {
  id: string;
  name: string;
}

/**
 * One item's outcome: a refused item has `error`, the Russian explanation (what it means, what to do), and
 * `marketplaceError`, the marketplace's own answer word for word (null when the reason is ours).
 */
export interface StockItemResult {
  key: string;
  ok: boolean;
  error?: string;
  marketplaceError?: string | null;
}

export interface StockPushAdapter {
  readonly marketplace: MarketplaceCode;
  /** The warehouse the store's stock is pushed to; MarketplaceStoreNotFoundError when it has none to take it. */
  stockWarehouse(store: StoreCredentials): Promise<StockWarehouse>;
  /** The marketplace's current stock of the items at the warehouse, by key; an item it cannot tell is left out. */
  readStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
  ): Promise<Map<string, number>>;
  /**
   * Sends the quantities in batches at the marketplace's pace and answers a result per item: an item the
   * marketplace refuses fails alone, the rest still go. `onBatch` reports items done so far.
   */
  pushStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
    onBatch?: (done: number, total: number) => void,
  ): Promise<StockItemResult[]>;
}

/** One FBS order to pack, as Ostatok holds it (orders + order_lines). */
export interface AssemblyOrder {
  postingNumber: string;
  lines: { lineKey: string; offerId: string; externalProductId: string | null; quantity: number }[];
  /** What earlier assembly calls answered (orders.assembly): a retry continues from it. */
  assembly: Record<string, unknown>;
  /**
   * Keeps what the marketplace has answered so far (merged into orders.assembly) before the next call, so a try
   * that fails halfway is continued, not repeated, by the next one (Wildberries: the supply already created).
   */
  remember?: (progress: Record<string, unknown>) => Promise<void>;
}

/** Built by `assemblyAdapterFor` (assembly.ts), one per marketplace, sharing the app's pacers. */
export interface AssemblyAdapter {
  readonly marketplace: MarketplaceCode;
  /**
   * Tells the marketplace the order is packed: OZON /v4/posting/fbs/ship; Wildberries a supply (create, add the
   * assembly task, hand it over); Yandex Market boxes then status PROCESSING/READY_TO_SHIP. Safe to repeat: an order
   * the marketplace already has as packed resolves as done. A refusal throws the adapters' usual marketplace error,
   * whose message is Russian and names the marketplace's reason. Resolves with what to keep in orders.assembly.
   */
  assemble(store: StoreCredentials, order: AssemblyOrder): Promise<Record<string, unknown>>;
  /** The marketplace's label for a packed order, as PDF bytes (OZON package label, WB sticker, YM box labels). */
  label(store: StoreCredentials, order: AssemblyOrder): Promise<Uint8Array>;
}

export type MarketplaceAdapter = CatalogAdapter &
  ReturnsAdapter &
  PostingStatusAdapter &
  StockPushAdapter &
  OrderFeedAdapter;

export interface MarketplaceErrorOptions extends ErrorOptions {
  /** The marketplace's own answer (code and text), when it sent one. */
  marketplaceError?: string | null;
}

/**
 * Base of every adapter failure: always says which store, because imports run for many at once.
 * `explanation` is the Russian text alone; `message` adds the marketplace's own answer after it, for the
 * places that keep one text (a job's error); `marketplaceError` is that answer by itself.
 */
export class MarketplaceError extends Error {
  readonly explanation: string;
  readonly marketplaceError: string | null;

  constructor(
    readonly marketplace: MarketplaceCode,
    readonly storeName: string,
    explanation: string,
    options?: MarketplaceErrorOptions,
  ) {
    const answer = options?.marketplaceError ?? null;
    super(answer ? `${explanation} Ответ маркетплейса: «${answer}».` : explanation, options);
    this.name = new.target.name;
    this.explanation = explanation;
    this.marketplaceError = answer;
  }
}

const storeOf = (marketplace: MarketplaceCode, storeName: string) =>
  `Магазин «${storeName}» (${marketplaceTitles[marketplace]})`;

/** The key was refused (401/403): retrying cannot help, the seller has to fix the key. */
export class MarketplaceAuthError extends MarketplaceError {
  constructor(
    marketplace: MarketplaceCode,
    storeName: string,
    readonly status: number,
    options?: MarketplaceErrorOptions,
  ) {
    super(
      marketplace,
      storeName,
      `${storeOf(marketplace, storeName)}: маркетплейс не принял ключ API. ` +
        'Проверьте ключ и его права в кабинете продавца.',
      options,
    );
  }
}

/** Retries ran out, the wait asked for is too long, or the answer made no sense; `reason` is Russian. */
export class MarketplaceUnavailableError extends MarketplaceError {
  constructor(
    marketplace: MarketplaceCode,
    storeName: string,
    readonly reason: string,
    readonly status?: number,
    options?: MarketplaceErrorOptions,
  ) {
    super(marketplace, storeName, `${storeOf(marketplace, storeName)}: маркетплейс недоступен — ${reason}`, options);
  }
}

/**
 * The marketplace answered the request with a refusal a retry cannot change (a 4xx other than the key's):
 * its explanation from the marketplace's table of refusals, its own answer in `marketplaceError`.
 */
export class MarketplaceRefusedError extends MarketplaceError {
  constructor(
    marketplace: MarketplaceCode,
    storeName: string,
    readonly status: number,
    explanation: string,
    options?: MarketplaceErrorOptions,
  ) {
    super(marketplace, storeName, `${storeOf(marketplace, storeName)}: ${explanation}`, options);
  }
}

/** The key works but the store the seller named is not behind it (e.g. a YM campaign of another cabinet). */
export class MarketplaceStoreNotFoundError extends MarketplaceError {
  constructor(marketplace: MarketplaceCode, storeName: string, marketId: string) {
    super(
      marketplace,
      storeName,
      `${storeOf(marketplace, storeName)}: ключ API не даёт доступа к магазину ${marketId}`,
    );
  }
}

export type * from './order-types.ts';
