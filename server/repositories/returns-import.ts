import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { returns } from '../db/schema/index.ts';
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
}

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
   * New returns; a twin import that got there first wins the key and this row is skipped. Returns how many were
   * written.
   */
  async insert(userId: string, store: Store, rows: ImportedReturn[]): Promise<number> {
    if (rows.length === 0) return 0;
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
      .returning({ id: returns.id });
    return written.length;
  }

  /**
   * Refreshes the marketplace-owned fields of a return the seller has not touched. The guard is in
   * the statement too, so a seller's edit committed between the page's read and this write still wins.
   */
  async refresh(userId: string, id: string, values: Partial<Omit<ImportedReturn, 'externalId'>>): Promise<boolean> {
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
