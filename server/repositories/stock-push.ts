import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, markets, productsMp, productsWh, stockPushLog, stockPushSettings } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketRow } from './markets.ts';
import { liveRows } from './owned-rows.ts';
import { liveListingsOf } from './store-listings.ts';

export const STOCK_PUSH = 'stock-push';

export type StockPushLogRow = typeof stockPushLog.$inferSelect;
export type StockPushLogValues = Omit<typeof stockPushLog.$inferInsert, 'id' | 'userId' | 'sentAt'>;

/** A live listing of a store with its product's figures: what the available quantity is worked out from. */
export interface StockListing {
  productMpId: string;
  productId: string;
  offerId: string;
  externalId: string | null;
  extra: Record<string, unknown>;
  /** The warehouse product's name, the listing's when it has none. */
  name: string;
  onHand: number;
  reserved: number;
  awaitingPackaging: number;
}

/** A run of the push: its job, with how many items went and failed (from the log). */
export interface StockPushRun {
  jobId: string;
  status: string;
  progress: number;
  trigger: string;
  createdAt: Date;
  updatedAt: Date;
  error: string | null;
  result: unknown;
  sent: number;
  failed: number;
}

/**
 * The stock push's SQL (issue 15): the connected stores and their listings' figures, the per-user
 * setting, the log of what was sent, and the runs (jobs of kind stock-push). Every read and write is
 * scoped to the user.
 */
export class StockPushRepository {
  constructor(private readonly root: Db) {}

  /** The user's live stores with a marketplace and a key, by name; only `marketIds` when given. */
  connectedStores(userId: string, marketIds?: readonly string[]): Promise<MarketRow[]> {
    return dbOf(this.root)
      .select()
      .from(markets)
      .where(
        and(
          liveRows(markets, userId),
          ne(markets.marketplace, '-'),
          sql`${markets.accessTokenEnc} is not null`,
          ...(marketIds ? [inArray(markets.marketId, [...marketIds])] : []),
        ),
      )
      .orderBy(asc(markets.name), asc(markets.marketId));
  }

  /**
   * The store's live listings of live products, each with its product's stock on hand, active reserves
   * and units awaiting packaging summed over all of the product's live listings (any store): the goods
   * of one warehouse serve every store.
   */
  async listings(userId: string, store: Pick<MarketRow, 'marketplace' | 'marketId'>): Promise<StockListing[]> {
    const rows = await dbOf(this.root)
      .select({
        productMpId: productsMp.id,
        productId: productsWh.id,
        offerId: productsMp.offerId,
        externalId: productsMp.externalId,
        extra: productsMp.extra,
        name: sql<string>`coalesce(nullif(${productsWh.name}, ''), ${productsMp.name})`,
        onHand: productsWh.stockCount,
        reserved: sql<number>`(select coalesce(sum(r.count), 0) from reserves r
          where r.product_id = products_wh.id and r.deleted_at is null and r.status = 'active')`.mapWith(Number),
        // A store whose orders reserve by themselves (intake on, and a run has taken them in) already counts its
        // waiting units in `reserved`: each unit once. Until its first run succeeds, the snapshot still counts.
        awaitingPackaging: sql<number>`(select coalesce(sum(ps.awaiting_packaging), 0) from posting_statuses ps
          join products_mp l on l.id = ps.product_mp_id
          where l.product_wh_id = products_wh.id and l.deleted_at is null and ps.deleted_at is null
            and not exists (select 1 from markets m join order_intake oi on oi.store_id = m.id
              where m.user_id = l.user_id and m.marketplace = l.marketplace and m.market_id = l.market_id
                and m.deleted_at is null and m.order_intake and oi.last_ok_at is not null))`.mapWith(Number),
      })
      .from(productsMp)
      .innerJoin(productsWh, and(eq(productsWh.id, productsMp.productWhId), isNull(productsWh.deletedAt)))
      .where(liveListingsOf(userId, store))
      .orderBy(asc(productsMp.offerId));
    return rows;
  }

  async autoPush(userId: string): Promise<boolean> {
    const [row] = await dbOf(this.root).select().from(stockPushSettings).where(eq(stockPushSettings.userId, userId));
    return row?.autoPush ?? false;
  }

  async setAutoPush(userId: string, autoPush: boolean): Promise<boolean> {
    const [row] = await dbOf(this.root)
      .insert(stockPushSettings)
      .values({ userId, autoPush })
      .onConflictDoUpdate({ target: stockPushSettings.userId, set: { autoPush, updatedAt: sql`now()` } })
      .returning();
    return row!.autoPush;
  }

  /** A run repeated after a restart logs afresh: its earlier attempt's rows go. */
  async clear(userId: string, jobId: string): Promise<void> {
    await dbOf(this.root)
      .delete(stockPushLog)
      .where(and(eq(stockPushLog.userId, userId), eq(stockPushLog.jobId, jobId)));
  }

  async record(userId: string, rows: readonly StockPushLogValues[]): Promise<void> {
    if (rows.length === 0) return;
    await dbOf(this.root)
      .insert(stockPushLog)
      .values(rows.map((r) => ({ ...r, userId })));
  }

  /**
   * The last quantity each listing's marketplace accepted, at that warehouse: what the automatic push compares with.
   */
  async lastAccepted(
    userId: string,
    productMpIds: readonly string[],
  ): Promise<Map<string, { quantity: number; warehouseId: string | null }>> {
    if (productMpIds.length === 0) return new Map();
    const rows = await dbOf(this.root)
      .selectDistinctOn([stockPushLog.productMpId], {
        productMpId: stockPushLog.productMpId,
        quantity: stockPushLog.quantity,
        warehouseId: stockPushLog.warehouseId,
      })
      .from(stockPushLog)
      .where(
        and(
          eq(stockPushLog.userId, userId),
          eq(stockPushLog.ok, true),
          inArray(stockPushLog.productMpId, [...productMpIds]),
        ),
      )
      .orderBy(stockPushLog.productMpId, desc(stockPushLog.sentAt));
    return new Map(rows.map((r) => [r.productMpId, { quantity: r.quantity, warehouseId: r.warehouseId }]));
  }

  /** The user's latest runs, newest first (or only `jobId`). */
  async runs(userId: string, limit: number, jobId?: string): Promise<StockPushRun[]> {
    return dbOf(this.root)
      .select({
        jobId: jobs.id,
        status: jobs.status,
        progress: jobs.progress,
        trigger: sql<string>`coalesce(${jobs.payload} ->> 'trigger', 'manual')`,
        createdAt: jobs.createdAt,
        updatedAt: jobs.updatedAt,
        error: jobs.error,
        result: jobs.result,
        // Spelled out: inside a select Drizzle writes a column without its table, which the subquery would take for
        // g.id.
        sent: sql<number>`(select count(*) from stock_push_log g where g.job_id = jobs.id and g.ok)`.mapWith(Number),
        failed: sql<number>`(select count(*) from stock_push_log g where g.job_id = jobs.id and not g.ok)`.mapWith(
          Number,
        ),
      })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.kind, STOCK_PUSH), ...(jobId ? [eq(jobs.id, jobId)] : [])))
      .orderBy(desc(jobs.createdAt))
      .limit(limit);
  }

  /** One run of the user's; undefined for another user's or a missing one. */
  async run(userId: string, jobId: string): Promise<StockPushRun | undefined> {
    const [run] = await this.runs(userId, 1, jobId);
    return run;
  }

  items(userId: string, jobId: string): Promise<StockPushLogRow[]> {
    return dbOf(this.root)
      .select()
      .from(stockPushLog)
      .where(and(eq(stockPushLog.userId, userId), eq(stockPushLog.jobId, jobId)))
      .orderBy(asc(stockPushLog.storeName), asc(stockPushLog.ok), asc(stockPushLog.offerId));
  }

  /** A push of the user's still queued or running: a second one would only repeat it. */
  async pending(userId: string): Promise<boolean> {
    const [row] = await dbOf(this.root)
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.kind, STOCK_PUSH), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    return row !== undefined;
  }
}
