import { and, asc, desc, eq, getTableColumns, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, lots, postingStatuses, productsMp, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketRow } from './markets.ts';
import { liveRows } from './owned-rows.ts';
import { productFigures, type ProductMpRow, type ProductWithFigures } from './products.ts';
import { storeListingsMatching, type StoreListing } from './store-listings.ts';

export type PostingStatusRow = typeof postingStatuses.$inferSelect;

type Store = Pick<MarketRow, 'id' | 'marketplace' | 'marketId'>;

/** A live listing of the store, with the keys a posting item may name it by. */
export type PostingListing = Pick<StoreListing, 'id' | 'offerId' | 'externalId' | 'sku'>;

/** One listing's figures of a run, summed over the store's current postings. */
export interface ListingFigures {
  productMpId: string;
  awaitingPackaging: number;
  awaitingDeliver: number;
  delivering: number;
}

/** A live snapshot row with its live listing, the way the status read joins them. */
export interface StatusWithListing {
  status: PostingStatusRow;
  listing: ProductMpRow;
}

export interface LotFigures {
  id: string;
  productId: string;
  count: number;
  price: number;
  receivedAt: Date;
}

/**
 * The SQL of the posting statuses (docs/rules.md «Достаточность»): matching a store's postings to its
 * listings, replacing the store's snapshot in one transaction, and the reads of GET products_mp_status.
 * Writes are plain inserts and updates, so the row-version trigger stamps them and sync mirrors them.
 */
export class PostingsRepository {
  constructor(private readonly root: Db) {}

  /** Live listings of the store whose offer id, external id or OZON sku is among the given ones. */
  listingsMatching(userId: string, store: Store, offerIds: string[], externalIds: string[]): Promise<PostingListing[]> {
    return storeListingsMatching(this.root, userId, store, offerIds, externalIds);
  }

  /**
   * Replaces the store's snapshot with `figures` as of `fetchedAt`; run inside one transaction.
   * Listings of this run are upserted (a tombstoned row comes back to life); every other live row of the
   * store's listings (deleted listings too) gets zeros and a tombstone, so the mirror drops it and the
   * digest stops counting it. Old figures are overwritten, never added to. Answers how many rows changed.
   */
  async replaceSnapshot(
    userId: string,
    store: Store,
    figures: ListingFigures[],
    fetchedAt: Date,
    { onlyChanged = false }: { onlyChanged?: boolean } = {},
  ): Promise<{ written: number; cleared: number; superseded: boolean }> {
    const db = dbOf(this.root);
    // Two runs of one store commit one after the other: the later replace sees the earlier one's rows.
    await db.execute(sql`select pg_advisory_xact_lock(7002, hashtext(${store.id}))`);
    const storeListings = db
      .select({ id: productsMp.id })
      .from(productsMp)
      .where(
        and(
          eq(productsMp.userId, userId),
          eq(productsMp.marketplace, store.marketplace),
          eq(productsMp.marketId, store.marketId),
        ),
      );
    // A run that started earlier but finishes later must not put its older picture over a newer one.
    const [newer] = await db
      .select({ id: postingStatuses.id })
      .from(postingStatuses)
      .where(
        and(
          eq(postingStatuses.userId, userId),
          inArray(postingStatuses.productMpId, storeListings),
          sql`${postingStatuses.fetchedAt} > ${fetchedAt.toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    if (newer) return { written: 0, cleared: 0, superseded: true };
    let written = 0;
    // A thousand rows a statement keeps the parameters well under PostgreSQL's limit.
    for (let i = 0; i < figures.length; i += 1000) {
      const chunk = figures.slice(i, i + 1000);
      const rows = await db
        .insert(postingStatuses)
        .values(chunk.map((f) => ({ userId, ...f, fetchedAt, deletedAt: null })))
        .onConflictDoUpdate({
          target: postingStatuses.productMpId,
          set: {
            awaitingPackaging: sql`excluded.awaiting_packaging`,
            awaitingDeliver: sql`excluded.awaiting_deliver`,
            delivering: sql`excluded.delivering`,
            fetchedAt: sql`excluded.fetched_at`,
            deletedAt: null,
          },
          // The listing is the user's (matched by user above): never touch another user's row. The order intake
          // rebuilds the snapshot every run: a row whose figures did not move is left as it is (no version, no sync).
          setWhere: and(
            eq(postingStatuses.userId, userId),
            onlyChanged
              ? sql`(${postingStatuses.deletedAt} is not null
                  or ${postingStatuses.awaitingPackaging} is distinct from excluded.awaiting_packaging
                  or ${postingStatuses.awaitingDeliver} is distinct from excluded.awaiting_deliver
                  or ${postingStatuses.delivering} is distinct from excluded.delivering)`
              : undefined,
          ),
        })
        .returning({ id: postingStatuses.id });
      written += rows.length;
    }
    const kept = figures.map((f) => f.productMpId);
    const cleared = await db
      .update(postingStatuses)
      .set({ awaitingPackaging: 0, awaitingDeliver: 0, delivering: 0, fetchedAt, deletedAt: fetchedAt })
      .where(
        and(
          liveRows(postingStatuses, userId),
          inArray(postingStatuses.productMpId, storeListings),
          kept.length ? notInArray(postingStatuses.productMpId, kept) : undefined,
        ),
      )
      .returning({ id: postingStatuses.id });
    return { written, cleared: cleared.length, superseded: false };
  }

  /** Live snapshot rows whose live listing belongs to a live product (of `productIds` if given). */
  statuses(userId: string, productIds?: string[]): Promise<StatusWithListing[]> {
    if (productIds?.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select({ status: getTableColumns(postingStatuses), listing: getTableColumns(productsMp) })
      .from(postingStatuses)
      .innerJoin(productsMp, and(eq(productsMp.id, postingStatuses.productMpId), isNull(productsMp.deletedAt)))
      .innerJoin(productsWh, and(eq(productsWh.id, productsMp.productWhId), isNull(productsWh.deletedAt)))
      .where(
        and(liveRows(postingStatuses, userId), productIds ? inArray(productsMp.productWhId, productIds) : undefined),
      )
      .orderBy(asc(productsMp.offerId), asc(productsMp.id));
  }

  /** Live products with their derived figures. */
  products(userId: string, ids: string[]): Promise<ProductWithFigures[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select({ ...getTableColumns(productsWh), ...productFigures })
      .from(productsWh)
      .where(and(liveRows(productsWh, userId), inArray(productsWh.id, ids)));
  }

  /** The products' lots with units left, in FIFO order (docs/rules.md «FIFO»: receipt date, then id). */
  lots(userId: string, productIds: string[]): Promise<LotFigures[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select({
        id: lots.id,
        productId: lots.productId,
        count: lots.count,
        price: lots.price,
        receivedAt: lots.receivedAt,
      })
      .from(lots)
      .where(and(liveRows(lots, userId), inArray(lots.productId, productIds), sql`${lots.count} > 0`))
      .orderBy(asc(lots.receivedAt), asc(lots.id));
  }

  /** When each store's snapshot was last replaced: the run time its last finished status job recorded. */
  async lastFetched(userId: string, kind: string): Promise<Map<string, Date>> {
    const rows = await dbOf(this.root)
      .selectDistinctOn([sql`${jobs.payload} ->> 'store_id'`], {
        storeId: sql<string>`${jobs.payload} ->> 'store_id'`,
        fetchedAt: sql<string | null>`${jobs.result} ->> 'fetched_at'`,
      })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), eq(jobs.status, 'done')))
      .orderBy(sql`${jobs.payload} ->> 'store_id'`, desc(sql`${jobs.result} ->> 'fetched_at'`));
    const out = new Map<string, Date>();
    for (const r of rows) if (r.storeId && r.fetchedAt) out.set(r.storeId, new Date(r.fetchedAt));
    return out;
  }
}
