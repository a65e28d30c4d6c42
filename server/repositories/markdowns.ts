import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lots, markdowns, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { articlesSql, productImagesSql } from './lots.ts';
import { OwnedRowsRepository, productMatches } from './owned-rows.ts';

export type MarkdownRow = typeof markdowns.$inferSelect;

export interface MarkdownValues {
  id: string;
  productId: string;
  /** The lot the unit was taken from. */
  lotId: string;
  description: string;
  price: number;
  markdownPrice: number;
  /** A markdown entered afterwards: its date (and the row's created_at); absent — now. */
  datetime?: Date;
  createdAt?: Date;
}

export type MarkdownChanges = Partial<Pick<MarkdownRow, 'description' | 'price' | 'markdownPrice' | 'release'>>;

export interface MarkdownListOptions {
  page: number;
  pageSize: number;
  search: string;
  from?: Date;
  until?: Date;
  release?: boolean;
  productId?: string;
}

/** A markdown with what the markdown screen shows: its product and the receipt date of its lot. */
export type MarkdownWithProduct = MarkdownRow & {
  name: string;
  images: string[];
  articles: string[];
  batchDate: Date | null;
};

/** Markdowns: one unit each, taken from a lot through the stock engine. */
export class MarkdownsRepository extends OwnedRowsRepository<typeof markdowns, MarkdownChanges> {
  constructor(root: Db) {
    super(root, markdowns);
  }

  async insert(userId: string, values: MarkdownValues): Promise<MarkdownRow> {
    const [row] = await dbOf(this.root)
      .insert(markdowns)
      .values({ ...values, userId, count: 1 })
      .returning();
    return row!;
  }

  /** Newest first; search over the product's name and its listings' offer_id. */
  async list(userId: string, o: MarkdownListOptions): Promise<{ rows: MarkdownWithProduct[]; total: number }> {
    const conditions: (SQL | undefined)[] = [this.rows.live(userId)];
    if (o.search) conditions.push(productMatches(markdowns.productId, o.search, userId));
    if (o.from) conditions.push(gte(markdowns.datetime, o.from));
    if (o.until) conditions.push(lt(markdowns.datetime, o.until));
    if (o.release !== undefined) conditions.push(eq(markdowns.release, o.release));
    if (o.productId) conditions.push(eq(markdowns.productId, o.productId));
    const where = and(...conditions);
    const db = dbOf(this.root);
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          ...getTableColumns(markdowns),
          name: productsWh.name,
          images: productImagesSql,
          articles: articlesSql,
          batchDate: lots.receivedAt,
        })
        .from(markdowns)
        .innerJoin(productsWh, eq(productsWh.id, markdowns.productId))
        .leftJoin(lots, eq(lots.id, markdowns.lotId))
        .where(where)
        // Ties by row age and id so pages never overlap.
        .orderBy(desc(markdowns.datetime), desc(markdowns.createdAt), desc(markdowns.id))
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize),
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(markdowns)
        .innerJoin(productsWh, eq(productsWh.id, markdowns.productId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }
}
