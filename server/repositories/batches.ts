import { and, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { batches, disposals, lots, markdowns, otherRealizations, productsWh } from '../db/schema/index.ts';
import type { batchKinds } from '../db/schema/stock.ts';
import { dbOf } from '../db/tx-context.ts';
import { productImagesSql } from './lots.ts';
import { liveRows, OwnedRowsRepository } from './owned-rows.ts';

export type BatchRow = typeof batches.$inferSelect;
export type BatchKind = (typeof batchKinds)[number];
export type BatchWithNumber = BatchRow & { number: number };

export interface BatchValues {
  id?: string;
  kind: BatchKind;
  date: Date;
  description: string;
}

export interface BatchListOptions {
  kind: BatchKind;
  from?: Date;
  until?: Date;
  page: number;
  pageSize: number;
}

export interface BatchSummary {
  /** Distinct products of the batch, first added first, each with its first picture (or null). */
  images: (string | null)[];
  totalCount: number;
  totalSum: number;
}

/** Receipt documents: purchases, returns and other realizations, with their lines attached by batch_id. */
export class BatchesRepository extends OwnedRowsRepository<typeof batches, Partial<Omit<BatchValues, 'id'>>> {
  constructor(root: Db) {
    super(root, batches);
  }

  async create(userId: string, values: BatchValues): Promise<BatchRow> {
    const [row] = await dbOf(this.root)
      .insert(batches)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  /*
   * A batch's number is its 1-based position among all the user's batches by creation, counted
   * before any filter, so a batch keeps its number whichever list it shows up in.
   */
  async list(userId: string, o: BatchListOptions): Promise<{ rows: BatchWithNumber[]; total: number }> {
    const db = dbOf(this.root);
    const numbered = db
      .select({
        ...getTableColumns(batches),
        number: sql<number>`row_number() over (order by ${batches.createdAt}, ${batches.id})`
          .mapWith(Number)
          .as('number'),
      })
      .from(batches)
      .where(eq(batches.userId, userId))
      .as('numbered');
    const where = and(
      isNull(numbered.deletedAt),
      eq(numbered.kind, o.kind),
      o.from ? gte(numbered.date, o.from) : undefined,
      o.until ? lt(numbered.date, o.until) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(numbered)
        .where(where)
        .orderBy(desc(numbered.date), desc(numbered.createdAt), desc(numbered.id))
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize),
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(numbered)
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * Pictures and totals of listed batches. Purchases and returns add up their live lots
   * (Σ count_max, Σ count_max × price); other realizations their rows (Σ count, Σ count × realization_price).
   */
  async summaries(userId: string, ids: { receipts: string[]; others: string[] }): Promise<Map<string, BatchSummary>> {
    const db = dbOf(this.root);
    const image = sql<string | null>`${productImagesSql}->>0`;
    const fromLots =
      ids.receipts.length === 0
        ? []
        : await db
            .select({
              batchId: lots.batchId,
              productId: lots.productId,
              name: productsWh.name,
              first: sql<number>`extract(epoch from min(${lots.createdAt}))`.mapWith(Number),
              units: sql<number>`sum(${lots.countMax})`.mapWith(Number),
              value: sql<number>`sum(${lots.countMax} * ${lots.price})`.mapWith(Number),
              image,
            })
            .from(lots)
            .innerJoin(productsWh, eq(productsWh.id, lots.productId))
            .where(and(liveRows(lots, userId), inArray(lots.batchId, ids.receipts)))
            .groupBy(lots.batchId, lots.productId, productsWh.id);
    const fromOthers =
      ids.others.length === 0
        ? []
        : await db
            .select({
              batchId: otherRealizations.batchId,
              productId: otherRealizations.productId,
              name: productsWh.name,
              first: sql<number>`extract(epoch from min(${otherRealizations.createdAt}))`.mapWith(Number),
              units: sql<number>`sum(${otherRealizations.count})`.mapWith(Number),
              value: sql<number>`sum(${otherRealizations.count} * ${otherRealizations.realizationPrice})`.mapWith(
                Number,
              ),
              image,
            })
            .from(otherRealizations)
            .innerJoin(productsWh, eq(productsWh.id, otherRealizations.productId))
            .where(and(liveRows(otherRealizations, userId), inArray(otherRealizations.batchId, ids.others)))
            .groupBy(otherRealizations.batchId, otherRealizations.productId, productsWh.id);
    const result = new Map<string, BatchSummary>();
    // Products in the order the batch screen lists its lines: saved earlier first, saved together by name.
    const ordered = [...fromLots, ...fromOthers].sort(
      (a, b) => a.first - b.first || a.name.localeCompare(b.name) || (a.productId < b.productId ? -1 : 1),
    );
    for (const row of ordered) {
      const summary = result.get(row.batchId!) ?? { images: [], totalCount: 0, totalSum: 0 };
      summary.images.push(row.image);
      summary.totalCount += row.units;
      summary.totalSum = Math.round((summary.totalSum + row.value) * 100) / 100;
      result.set(row.batchId!, summary);
    }
    return result;
  }

  /** Attaches lots to the batch; their receipt date becomes the batch date, which orders FIFO. */
  async attachLots(userId: string, batchId: string, lotIds: string[], date: Date): Promise<void> {
    if (lotIds.length === 0) return;
    await dbOf(this.root)
      .update(lots)
      .set({ batchId, receivedAt: date })
      .where(and(eq(lots.userId, userId), inArray(lots.id, lotIds)));
  }

  async attachOtherRealizations(userId: string, batchId: string, ids: string[], date: Date): Promise<void> {
    if (ids.length === 0) return;
    await dbOf(this.root)
      .update(otherRealizations)
      .set({ batchId, date })
      .where(and(eq(otherRealizations.userId, userId), inArray(otherRealizations.id, ids)));
  }

  /*
   * Markdowns and disposals of a batch: recorded against it, or holding units taken from its
   * lots (the ledger says which lots an outflow still holds units of).
   */
  markdownsOf(userId: string, batchId: string) {
    return dbOf(this.root)
      .select()
      .from(markdowns)
      .where(and(liveRows(markdowns, userId), this.ofBatch(sql`markdowns`, 'markdowns', userId, batchId)))
      .orderBy(markdowns.datetime, markdowns.id);
  }

  disposalsOf(userId: string, batchId: string) {
    return dbOf(this.root)
      .select()
      .from(disposals)
      .where(and(liveRows(disposals, userId), this.ofBatch(sql`disposals`, 'disposals', userId, batchId)))
      .orderBy(disposals.datetime, disposals.id);
  }

  private ofBatch(table: SQL, source: string, userId: string, batchId: string): SQL {
    return sql`(${table}.batch_id = ${batchId} or ${table}.id in (select m.source_id from stock_movements m
      join lots l on l.id = m.lot_id and l.batch_id = ${batchId} and l.user_id = ${userId}
      where m.user_id = ${userId} and m.source_table = ${source}
      group by m.source_id, m.lot_id having sum(m.delta) < 0))`;
  }
}
