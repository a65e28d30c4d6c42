import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { countLines, counts, disposals, lots, productsWh } from '../db/schema/index.ts';
import type { CountResult } from '../db/schema/counts.ts';
import { dbOf } from '../db/tx-context.ts';
import { liveRows, OwnedRows, OwnedRowsRepository } from './owned-rows.ts';

export type CountRow = typeof counts.$inferSelect;
export type CountLineRow = typeof countLines.$inferSelect;
export type CountChanges = Partial<Pick<CountRow, 'name' | 'productIds' | 'status' | 'postedAt' | 'results'>>;

/** A live lot as FIFO sees it (domain/fifo.ts LotStock). */
export interface CountLot {
  id: string;
  productId: string;
  count: number;
  price: number;
  receivedAt: Date;
}

/**
 * Stock counts and their lines (docs/rules.md «Инвентаризация»). Both are tombstoned, never deleted, so sync
 * mirrors them; the stock a posting changes moves through the stock engine, not here.
 */
export class CountsRepository extends OwnedRowsRepository<typeof counts, CountChanges> {
  readonly lines: OwnedRows<typeof countLines>;

  constructor(root: Db) {
    super(root, counts);
    this.lines = new OwnedRows(root, countLines);
  }

  async insert(
    userId: string,
    values: { id: string; name: string; scope: CountRow['scope']; productIds: string[] },
  ): Promise<CountRow> {
    const [row] = await dbOf(this.root)
      .insert(counts)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  /** The business's live counts, newest first. */
  list(userId: string): Promise<CountRow[]> {
    return dbOf(this.root)
      .select()
      .from(counts)
      .where(this.rows.live(userId))
      .orderBy(desc(counts.createdAt), desc(counts.id));
  }

  async insertLine(
    userId: string,
    values: { id: string; countId: string; productId: string; quantity: number; shelf: string },
  ): Promise<CountLineRow> {
    const [row] = await dbOf(this.root)
      .insert(countLines)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  updateLine(
    userId: string,
    id: string,
    changes: Partial<Pick<CountLineRow, 'quantity' | 'shelf'>>,
  ): Promise<CountLineRow | undefined> {
    return this.lines.update(userId, id, changes);
  }

  /** The count's live lines, oldest first. */
  linesOf(userId: string, countId: string): Promise<CountLineRow[]> {
    return dbOf(this.root)
      .select()
      .from(countLines)
      .where(and(this.lines.live(userId), eq(countLines.countId, countId)))
      .orderBy(asc(countLines.createdAt), asc(countLines.id));
  }

  /** Tombstones the count's live lines (the count itself goes by `remove`). */
  async removeLinesOf(userId: string, countId: string): Promise<void> {
    await dbOf(this.root)
      .update(countLines)
      .set({ deletedAt: new Date() })
      .where(and(this.lines.live(userId), eq(countLines.countId, countId)));
  }

  /** Products among `productIds` that are the business's live products. */
  async liveProducts(userId: string, productIds: readonly string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await dbOf(this.root)
      .select({ id: productsWh.id })
      .from(productsWh)
      .where(and(liveRows(productsWh, userId), inArray(productsWh.id, [...productIds])));
    return new Set(rows.map((r) => r.id));
  }

  /** Live products with units on hand (an 'all' count covers them even if nobody counted them). */
  async productsInStock(userId: string): Promise<string[]> {
    const rows = await dbOf(this.root)
      .selectDistinct({ productId: lots.productId })
      .from(lots)
      .innerJoin(productsWh, and(eq(productsWh.id, lots.productId), liveRows(productsWh, userId)))
      .where(and(liveRows(lots, userId), gt(lots.count, 0)));
    return rows.map((r) => r.productId);
  }

  /** The live lots with units left of `productIds`, for FIFO. */
  lotsOf(userId: string, productIds: readonly string[]): Promise<CountLot[]> {
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
      .where(and(liveRows(lots, userId), inArray(lots.productId, [...productIds]), gt(lots.count, 0)))
      .orderBy(asc(lots.receivedAt), asc(lots.id));
  }

  /** Each product's last cost: the unit cost of its most recently received live lot (absent: never had one). */
  async lastCosts(userId: string, productIds: readonly string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await dbOf(this.root)
      .selectDistinctOn([lots.productId], { productId: lots.productId, price: lots.price })
      .from(lots)
      .where(and(liveRows(lots, userId), inArray(lots.productId, [...productIds])))
      .orderBy(lots.productId, desc(lots.receivedAt), desc(lots.id));
    return new Map(rows.map((r) => [r.productId, r.price]));
  }

  /** A posting's write-off of a shortage: its units were already taken by the stock engine under `id`. */
  async insertShortage(
    userId: string,
    values: { id: string; countId: string; productId: string; count: number; description: string },
  ): Promise<void> {
    await dbOf(this.root)
      .insert(disposals)
      .values({ ...values, userId, price: 0 });
  }

  /** Sets the count's results and status in one write. */
  async markPosted(userId: string, id: string, results: CountResult[]): Promise<CountRow> {
    const [row] = await dbOf(this.root)
      .update(counts)
      .set({ status: 'posted', postedAt: new Date(), results })
      .where(and(this.rows.live(userId), eq(counts.id, id)))
      .returning();
    return row!;
  }

  /** Σ live lines per product of the count. */
  async countedOf(userId: string, countId: string): Promise<Map<string, number>> {
    const rows = await dbOf(this.root)
      .select({
        productId: countLines.productId,
        counted: sql<number>`sum(${countLines.quantity})`.mapWith(Number),
      })
      .from(countLines)
      .where(and(this.lines.live(userId), eq(countLines.countId, countId)))
      .groupBy(countLines.productId);
    return new Map(rows.map((r) => [r.productId, r.counted]));
  }
}
