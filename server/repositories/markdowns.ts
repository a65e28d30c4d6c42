import { and, desc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lots, markdowns, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { productImagesSql } from './lots.ts';

export type MarkdownRow = typeof markdowns.$inferSelect;

export interface MarkdownValues {
  id: string;
  productId: string;
  /** The lot the unit was taken from. */
  lotId: string;
  description: string;
  price: number;
  markdownPrice: number;
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

const articlesSql = sql<
  string[]
>`coalesce((select jsonb_agg(mp.offer_id order by mp.created_at, mp.id) from products_mp mp
  where mp.product_wh_id = products_wh.id and mp.deleted_at is null), '[]'::jsonb)`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const live = (userId: string) => and(eq(markdowns.userId, userId), isNull(markdowns.deletedAt));

/** Markdowns: one unit each, taken from a lot through the stock engine. */
export class MarkdownsRepository {
  constructor(private readonly root: Db) {}

  async insert(userId: string, values: MarkdownValues): Promise<MarkdownRow> {
    const [row] = await dbOf(this.root)
      .insert(markdowns)
      .values({ ...values, userId, count: 1 })
      .returning();
    return row!;
  }

  async update(userId: string, id: string, changes: MarkdownChanges): Promise<MarkdownRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = await dbOf(this.root)
      .update(markdowns)
      .set(set)
      .where(and(live(userId), eq(markdowns.id, id)))
      .returning();
    return row;
  }

  async find(userId: string, id: string): Promise<MarkdownRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(markdowns)
      .where(and(live(userId), eq(markdowns.id, id)));
    return row;
  }

  /** The row locked until the transaction ends: an edit and a deletion of it queue up. */
  async lock(userId: string, id: string): Promise<MarkdownRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(markdowns)
      .where(and(live(userId), eq(markdowns.id, id)))
      .for('update');
    return row;
  }

  /** Newest first; search over the product's name and its listings' offer_id. */
  async list(userId: string, o: MarkdownListOptions): Promise<{ rows: MarkdownWithProduct[]; total: number }> {
    const conditions: (SQL | undefined)[] = [live(userId)];
    if (o.search) {
      const pattern = likePattern(o.search);
      conditions.push(
        or(
          sql`${productsWh.name} ilike ${pattern}`,
          sql`exists (select 1 from products_mp mp where mp.product_wh_id = ${markdowns.productId}
            and mp.deleted_at is null and mp.offer_id ilike ${pattern})`,
        ),
      );
    }
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

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root).select({ id: markdowns.id }).from(markdowns).where(inArray(markdowns.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async remove(userId: string, id: string): Promise<void> {
    await dbOf(this.root)
      .update(markdowns)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), eq(markdowns.id, id)));
  }
}
