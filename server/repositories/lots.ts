import { and, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lots, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { liveRows, OwnedRows, productMatches } from './owned-rows.ts';
import type { LotRow } from './stock.ts';

export interface LotListOptions {
  page: number;
  pageSize: number;
  search: string;
  from?: Date;
  until?: Date;
  ids?: string[];
  isReturn?: boolean;
}

export type LotWithProduct = LotRow & { name: string; images: string[]; articles: string[] };

/*
 * The product's pictures: its own images, or else its listings' primary images (imported
 * products have no images of their own). The product row is named in plain text because these
 * run as correlated subqueries inside selects from lots, batches and other realizations.
 */
export const productImagesSql = sql<
  string[]
>`(case when jsonb_array_length(products_wh.images) > 0 then products_wh.images
  else coalesce((select jsonb_agg(mp.primary_image order by mp.created_at, mp.id) from products_mp mp
    where mp.product_wh_id = products_wh.id and mp.deleted_at is null and mp.primary_image is not null), '[]'::jsonb) end)`;

/** The articles (offer_id) of the product's live listings, oldest first; correlated like productImagesSql. */
export const articlesSql = sql<
  string[]
>`coalesce((select jsonb_agg(mp.offer_id order by mp.created_at, mp.id) from products_mp mp
  where mp.product_wh_id = products_wh.id and mp.deleted_at is null), '[]'::jsonb)`;

/** Reads of lots as the inventory screens show them (with their product); writes go through the stock engine. */
export class LotsRepository {
  private readonly rows: OwnedRows<typeof lots>;

  constructor(private readonly root: Db) {
    this.rows = new OwnedRows(root, lots);
  }

  private decorated(where: SQL | undefined) {
    return dbOf(this.root)
      .select({ ...getTableColumns(lots), name: productsWh.name, images: productImagesSql, articles: articlesSql })
      .from(lots)
      .innerJoin(productsWh, eq(productsWh.id, lots.productId))
      .where(where);
  }

  async list(userId: string, o: LotListOptions): Promise<{ rows: LotWithProduct[]; total: number }> {
    const conditions: (SQL | undefined)[] = [this.rows.live(userId)];
    if (o.search) conditions.push(productMatches(lots.productId, o.search, userId));
    if (o.from) conditions.push(gte(lots.receivedAt, o.from));
    if (o.until) conditions.push(lt(lots.receivedAt, o.until));
    if (o.ids && o.ids.length > 0) conditions.push(inArray(lots.id, o.ids));
    if (o.isReturn !== undefined) conditions.push(eq(lots.isReturn, o.isReturn));
    const where = and(...conditions);
    const [rows, [counted]] = await Promise.all([
      this.decorated(where)
        // Newest receipt first; ties by row age and id so pages never overlap.
        .orderBy(desc(lots.receivedAt), desc(lots.createdAt), desc(lots.id))
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize),
      dbOf(this.root)
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(lots)
        .innerJoin(productsWh, eq(productsWh.id, lots.productId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Live lots of a batch with their product: lines saved earlier first, lines saved together by name. */
  ofBatch(userId: string, batchId: string): Promise<LotWithProduct[]> {
    return this.decorated(and(this.rows.live(userId), eq(lots.batchId, batchId))).orderBy(
      lots.createdAt,
      productsWh.name,
      lots.id,
    );
  }

  /**
   * Σ remaining units and Σ remaining × unit price over the user's live lots. Read from the
   * per-product roll-up the lots trigger keeps (migration 0003): one row per product instead of
   * a scan of every lot the user ever received.
   */
  async sum(userId: string): Promise<{ count: number; price: number }> {
    const [row] = await dbOf(this.root)
      .select({
        count: sql<number>`coalesce(sum(${productsWh.stockCount}), 0)`.mapWith(Number),
        price: sql<number>`coalesce(sum(${productsWh.stockValue}), 0)`.mapWith(Number),
      })
      .from(productsWh)
      .where(liveRows(productsWh, userId));
    return { count: row?.count ?? 0, price: Math.round((row?.price ?? 0) * 100) / 100 };
  }

  /**
   * Ids among `ids` that name any lot at all — another user's or a removed one included. A
   * client-made id that is not a live lot of the user but exists is someone else's: 404, never a
   * new lot with a clashing key.
   */
  existing(ids: string[]): Promise<Set<string>> {
    return this.rows.existing(ids);
  }
}
