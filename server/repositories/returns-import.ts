import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, returns } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketRow } from './markets.ts';
import { storeListingsMatching, type StoreListing } from './store-listings.ts';

export type ReturnRow = typeof returns.$inferSelect;

type Store = Pick<MarketRow, 'id' | 'marketplace' | 'marketId'>;

/** The marketplace-owned part of a return: all an import ever writes. */
export interface ImportedReturn {
  externalId: string;
  orderNumber: string;
  article: string;
  name: string;
  returnedAt: Date | null;
  marketplaceStatus: string | null;
  count: number;
  productId: string | null;
  /** The sale the return's order made (order intake), if it is in the books; only ever filled in. */
  realizationId: string | null;
}

/** A sold line of one of the store's orders: what a return of that order may name as its sale. */
export interface OrderSale {
  postingNumber: string;
  offerId: string;
  productId: string | null;
  realizationId: string;
}

/** What a refresh of a return the seller has not touched writes: the sale link has its own write (linkSale). */
export type ReturnRefresh = Partial<Omit<ImportedReturn, 'externalId' | 'realizationId'>>;

/** A listing of the store that leads to a live warehouse product. */
export type ListingMatch = StoreListing & { productId: string };

/**
 * The SQL of the returns import: matching returns to warehouse products through the store's listings,
 * and upserting them by their marketplace key (user, marketplace, market_id, external_id). Writes are
 * plain inserts and updates, so the row-version trigger stamps them like every other write.
 */
export class ReturnsImportRepository {
  constructor(private readonly root: Db) {}

  /** Listings of the store whose offer id, external id or OZON sku is among the given ones, with a live product. */
  async listingsMatching(
    userId: string,
    store: Store,
    offerIds: string[],
    externalIds: string[],
  ): Promise<ListingMatch[]> {
    const listings = await storeListingsMatching(this.root, userId, store, offerIds, externalIds);
    return listings.filter((l): l is ListingMatch => l.productId !== null);
  }

  /**
   * The sold lines of the store's orders with these posting numbers (docs/rules.md «Заказы маркетплейсов»):
   * the user's own orders of this very store only, so another seller's or another store's never match.
   */
  async orderSales(userId: string, store: Store, postingNumbers: string[]): Promise<OrderSale[]> {
    if (postingNumbers.length === 0) return [];
    const rows = await dbOf(this.root)
      .select({
        postingNumber: orders.postingNumber,
        offerId: orderLines.offerId,
        productId: orderLines.productId,
        realizationId: orderLines.realizationId,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.storeId, store.id),
          inArray(orders.postingNumber, postingNumbers),
          isNull(orders.deletedAt),
          eq(orderLines.userId, userId),
          eq(orderLines.books, 'sold'),
          isNotNull(orderLines.realizationId),
          isNull(orderLines.deletedAt),
        ),
      )
      .orderBy(orderLines.lineKey);
    return rows.filter((r): r is OrderSale => r.realizationId !== null);
  }

  /**
   * Names the sale of a return that has none yet, whatever the seller did with the return: the link is the
   * marketplace's fact, not the seller's part, and is never replaced. True when it was written.
   */
  async linkSale(userId: string, id: string, realizationId: string): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(returns)
      .set({ realizationId })
      .where(and(eq(returns.userId, userId), eq(returns.id, id), isNull(returns.realizationId)))
      .returning({ id: returns.id });
    return rows.length === 1;
  }

  /**
   * Rows already imported under these keys, tombstones included (a deleted return stays deleted), locked for the page.
   */
  existing(userId: string, store: Store, externalIds: string[]): Promise<ReturnRow[]> {
    if (externalIds.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(returns)
      .where(
        and(
          eq(returns.userId, userId),
          eq(returns.marketplace, store.marketplace),
          eq(returns.marketId, store.marketId),
          inArray(returns.externalId, externalIds),
        ),
      )
      .for('update');
  }

  /**
   * New returns; a twin import that got there first wins the key and this row is skipped. Answers how many were
   * written and how many of those name their order's sale.
   */
  async insert(userId: string, store: Store, rows: ImportedReturn[]): Promise<{ added: number; linked: number }> {
    if (rows.length === 0) return { added: 0, linked: 0 };
    const written = await dbOf(this.root)
      .insert(returns)
      .values(
        rows.map((r) => ({
          ...r,
          userId,
          marketRef: store.id,
          marketplace: store.marketplace,
          marketId: store.marketId,
        })),
      )
      .onConflictDoNothing()
      .returning({ realizationId: returns.realizationId });
    return { added: written.length, linked: written.filter((r) => r.realizationId !== null).length };
  }

  /**
   * Refreshes the marketplace-owned fields of a return the seller has not touched. The guard is in
   * the statement too, so a seller's edit committed between the page's read and this write still wins.
   */
  async refresh(userId: string, id: string, values: ReturnRefresh): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(returns)
      .set(values)
      // A product is only ever filled in, never replaced: the seller may have linked one meanwhile.
      .where(
        and(
          eq(returns.userId, userId),
          eq(returns.id, id),
          untouched(),
          values.productId ? isNull(returns.productId) : undefined,
        ),
      )
      .returning({ id: returns.id });
    return rows.length === 1;
  }
}

/** Not processed, no status, no price, not deleted: nothing of the seller's would be overwritten. */
export function isUntouched(row: ReturnRow): boolean {
  return (
    !row.processed &&
    row.status === null &&
    row.price === 0 &&
    row.markdownPrice === 0 &&
    row.batchId === null &&
    row.deletedAt === null
  );
}

const untouched = () =>
  and(
    eq(returns.processed, false),
    isNull(returns.status),
    eq(returns.price, 0),
    eq(returns.markdownPrice, 0),
    isNull(returns.batchId),
    isNull(returns.deletedAt),
  );
