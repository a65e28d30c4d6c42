import type { PageProgress, MarketplaceCode, StoreCredentials } from './types.ts';

/* The order feed's shapes (docs/rules.md «Заказы маркетплейсов»): what the intake reads from each marketplace. */

/** Where an order stands, as the books read it (server/db/schema/orders.ts, docs/rules.md «Заказы маркетплейсов»). */
export type OrderStage = 'new' | 'awaiting_packaging' | 'awaiting_deliver' | 'delivering' | 'delivered' | 'cancelled';

/** One FBS order (OZON posting, Wildberries assembly task, Yandex Market order) as the intake keeps it. */
export interface MarketplaceOrder {
  /** OZON posting_number, WB assembly task id, YM order id. */
  postingNumber: string;
  /** The marketplace's own status words («awaiting_packaging», «confirm/sorted», «PROCESSING/STARTED»). */
  status: string;
  stage: OrderStage;
  /** Cancelled after it was handed over (the marketplace says so): it stays sold, the return comes back as a return. */
  cancelledAfterHandover?: boolean;
  /** ISO instants; changedAt is the marketplace's time of the last status change, else the best it tells. */
  orderedAt?: string;
  changedAt: string;
  /** When it left the seller's warehouse, when the marketplace tells (else the intake takes the time it saw it). */
  shippedAt?: string;
  items: Array<{
    /** Unique within the order: OZON sku (or offer id), WB the task id (one unit each), YM the item id. */
    lineKey: string;
    offerId: string;
    externalProductId?: string;
    name?: string;
    quantity: number;
    /** Per unit, roubles, what the buyer pays. */
    price?: number;
  }>;
}

export interface OrderFeedQuery {
  /** Orders whose status changed at or after this instant (the intake passes its cursor less an overlap). */
  since: Date;
  /**
   * Postings the books still follow (not handed over, not cancelled). Wildberries has no change-time listing, so
   * its adapter asks their statuses by id; the others may ask them one by one to find ones that vanished.
   */
  open: readonly string[];
}

export interface OrderFeedPage {
  orders: MarketplaceOrder[];
  /** Of `open`, those the marketplace says it does not know (any more). */
  missing?: string[];
}

/** Reads a store's FBS orders incrementally, inside the marketplace's rate limits; FBO/FBW/FBY orders never appear. */
export interface OrderFeedAdapter {
  readonly marketplace: MarketplaceCode;
  listOrderChanges(store: StoreCredentials, query: OrderFeedQuery, onPage?: PageProgress): AsyncIterable<OrderFeedPage>;
}
