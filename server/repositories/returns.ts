import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { batches, disposals, markdowns, productsMp, productsWh, returns } from '../db/schema/index.ts';
import type { returnStatuses } from '../db/schema/returns.ts';
import { dbOf } from '../db/tx-context.ts';
import { productImagesSql } from './lots.ts';
import { liveRows, OwnedRowsRepository } from './owned-rows.ts';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The product as the returns screen shows it. */
export interface ReturnProduct {
  id: string;
  name: string;
  images: string[];
  primaryImage: string | null;
}

export type ReturnWithProduct = ReturnRow & { product: ReturnProduct | null; batchDate: Date | null };

export interface ReturnValues {
  id?: string;
  productId: string;
  count: number;
  name: string;
  article: string;
  returnedAt: Date;
}

export type ReturnChanges = Partial<
  Pick<
    ReturnRow,
    'status' | 'price' | 'markdownPrice' | 'description' | 'productId' | 'processed' | 'finalMoment' | 'batchId'
  >
>;

export interface ReturnListOptions {
  /** undefined: every status but deleted; null: status «нет». */
  status?: ReturnStatus | null;
  page: number;
  pageSize: number;
}

/** A markdown or disposal a receipt records against its return and batch. */
export interface ReturnOutflow {
  id: string;
  productId: string;
  returnId: string;
  batchId: string;
  datetime: Date;
  description: string;
  price: number;
}

// The first live listing's primary image, else the product's first own image.
const primaryImageSql = sql<string | null>`coalesce((select mp.primary_image from products_mp mp
  where mp.product_wh_id = products_wh.id and mp.deleted_at is null and mp.primary_image is not null
  order by mp.created_at, mp.id limit 1), products_wh.images->>0)`;

const productColumns = {
  productName: productsWh.name,
  productImages: productImagesSql,
  productPrimaryImage: primaryImageSql,
};

type ProductColumns = {
  productName: string | null;
  productImages: string[] | null;
  productPrimaryImage: string | null;
};

function productOf(id: string | null, c: ProductColumns): ReturnProduct | null {
  if (!id || c.productName === null) return null;
  return { id, name: c.productName, images: c.productImages ?? [], primaryImage: c.productPrimaryImage };
}

/**
 * Customer returns: the seller's edits, the receipt's bookkeeping, and what the screens read. Stock moves through the
 * engine.
 */
export class ReturnsRepository extends OwnedRowsRepository<typeof returns, ReturnChanges> {
  constructor(root: Db) {
    super(root, returns);
  }

  private decorated(where: SQL | undefined) {
    return dbOf(this.root)
      .select({ row: returns, ...productColumns, batchDate: batches.date })
      .from(returns)
      .leftJoin(
        productsWh,
        and(eq(productsWh.id, returns.productId), eq(productsWh.userId, returns.userId), isNull(productsWh.deletedAt)),
      )
      .leftJoin(batches, and(eq(batches.id, returns.batchId), isNull(batches.deletedAt)))
      .where(where);
  }

  private static toItem(r: { row: ReturnRow; batchDate: Date | null } & ProductColumns): ReturnWithProduct {
    return { ...r.row, product: productOf(r.row.productId, r), batchDate: r.batchDate };
  }

  /** Newest return first (by when it was returned, then created); ties by id so pages never overlap. */
  async list(userId: string, o: ReturnListOptions): Promise<{ rows: ReturnWithProduct[]; total: number }> {
    const byStatus =
      o.status === undefined
        ? or(isNull(returns.status), ne(returns.status, 'deleted'))
        : o.status === null
          ? isNull(returns.status)
          : eq(returns.status, o.status);
    const where = and(this.rows.live(userId), byStatus);
    const [rows, [counted]] = await Promise.all([
      this.decorated(where)
        .orderBy(
          desc(sql`coalesce(${returns.returnedAt}, ${returns.createdAt})`),
          desc(returns.createdAt),
          desc(returns.id),
        )
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize),
      dbOf(this.root)
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(returns)
        .where(where),
    ]);
    return { rows: rows.map(ReturnsRepository.toItem), total: counted?.total ?? 0 };
  }

  async insert(userId: string, values: ReturnValues): Promise<ReturnRow> {
    const [row] = await dbOf(this.root)
      .insert(returns)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  /** The user's live product as the returns screen shows it. */
  async product(userId: string, productId: string): Promise<ReturnProduct | undefined> {
    const [row] = await dbOf(this.root)
      .select({ id: productsWh.id, ...productColumns })
      .from(productsWh)
      .where(and(liveRows(productsWh, userId), eq(productsWh.id, productId)));
    return row ? (productOf(row.id, row) ?? undefined) : undefined;
  }

  /** The first live listing's offer id: the article a return made by hand shows. */
  async firstArticle(userId: string, productId: string): Promise<string> {
    const [row] = await dbOf(this.root)
      .select({ offerId: productsMp.offerId })
      .from(productsMp)
      .where(and(liveRows(productsMp, userId), eq(productsMp.productWhId, productId)))
      .orderBy(productsMp.createdAt, productsMp.id)
      .limit(1);
    return row?.offerId ?? '';
  }

  /** Whether any batch (anyone's, deleted ones too) has this id. */
  async batchIdTaken(id: string): Promise<boolean> {
    const rows = await dbOf(this.root).select({ id: batches.id }).from(batches).where(eq(batches.id, id));
    return rows.length > 0;
  }

  /** Markdowns of a received return: one unit each, taken by the engine from `lotId` beforehand. */
  async insertMarkdowns(
    userId: string,
    rows: (ReturnOutflow & { lotId: string; markdownPrice: number })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await dbOf(this.root)
      .insert(markdowns)
      .values(rows.map((r) => ({ ...r, userId, count: 1 })));
  }

  /** The disposal of a received return's units, taken by the engine beforehand. */
  async insertDisposal(userId: string, row: ReturnOutflow & { count: number }): Promise<void> {
    await dbOf(this.root)
      .insert(disposals)
      .values({ ...row, userId });
  }
}
