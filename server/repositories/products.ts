import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  disposals,
  lots,
  markdowns,
  orderLines,
  otherRealizations,
  productBarcodes,
  productsMp,
  productTotals,
  productsWh,
  realizations,
  reserves,
  returns,
  stockMovements,
} from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { definedFields, liveRows, matchingProductIds } from './owned-rows.ts';
import { productPageJson } from './product-list-json.ts';

export type ProductWhRow = typeof productsWh.$inferSelect;
export type ProductMpRow = typeof productsMp.$inferSelect;

export interface StockFigures {
  count: number;
  reserve: number;
  markdowns: number;
  totalPrice: number;
}
export type ProductWithFigures = ProductWhRow & StockFigures;

export interface ProductValues {
  id?: string;
  name: string;
  description: string;
  images: string[];
  confirmed: boolean;
  /** The stores (market_id) the product is sold in; none unless given. */
  marketIds?: string[];
  /** Where it lies in the warehouse; '' (none) unless given. */
  shelf?: string;
  /** Its barcodes, unique within the business (product_barcodes); none unless given. */
  barcodes?: string[];
}

/** A barcode and the live product of the business that has it. */
export interface BarcodeOwner {
  code: string;
  productId: string;
  name: string;
}

export interface ListingValues {
  id?: string;
  name: string;
  offerId: string;
  primaryImage: string | null;
  marketplace: string;
  marketId: string;
  /** The store's row, and the marketplace's own product id, when known (a listing linked from an order). */
  marketRef?: string;
  externalId?: string | null;
}

export interface ListOptions {
  page: number;
  pageSize: number;
  search: string;
  orderBy: 'name' | 'count' | 'returns';
  descending: boolean;
  availableOnly: boolean;
}

/*
 * Reserve and markdowns are correlated aggregates over the product's own rows (each table has an
 * index on product_id), computed only for the page's rows. The outer
 * row is named in plain text: Drizzle prints a column unqualified in a select list, where "id"
 * would then mean the subquery's own table.
 */
const lotCount = sql`products_wh.stock_count`;
/** The product's derived figures (docs/rules.md «Товары и их цифры»): for any select from products_wh. */
export const productFigures = {
  // Rolled up from the lots by a trigger (migration 0003): indexed, so sorting by it stays cheap.
  count: sql<number>`${lotCount}`.mapWith(Number),
  reserve: sql<number>`(select coalesce(sum(r.count), 0) from reserves r
    where r.product_id = products_wh.id and r.deleted_at is null and r.status = 'active')`.mapWith(Number),
  markdowns: sql<number>`(select count(*) from markdowns m
    where m.product_id = products_wh.id and m.deleted_at is null and not m.release)`.mapWith(Number),
  totalPrice: sql<number>`products_wh.stock_value`.mapWith(Number),
};
/*
 * Returns per product, for the order by returns: counted once over the business's returns and joined, where a
 * count per product walked every product of the business (26 ms over 4,000 products, tests/bench/year-pg.ts).
 * A return set to "deleted" in the UI is no longer a return of the product.
 */
const returnCounts = (userId: string) => sql`left join (select rt.product_id, count(*) as n from returns rt
  where rt.user_id = ${userId} and rt.deleted_at is null and rt.status is distinct from 'deleted'
  group by rt.product_id) returned on returned.product_id = products_wh.id`;
const returnCount = sql`coalesce(returned.n, 0)`;

const dialect = new PgDialect();
/** Statement names by text: orders × filters × page sizes of first pages, at most 64. */
const statementNames = new Map<string, string>();

const live = (userId: string) => liveRows(productsWh, userId);
const liveListing = (userId: string) => liveRows(productsMp, userId);

/** Tables whose rows belong to one warehouse product and follow it when products are grouped. */
const historyTables = [
  lots,
  reserves,
  markdowns,
  disposals,
  realizations,
  otherRealizations,
  returns,
  stockMovements,
  orderLines,
] as const;

/** Warehouse products and their marketplace listings. Deleted rows stay as tombstones for sync. */
export class ProductsRepository {
  constructor(private readonly root: Db) {}

  /**
   * One page of the list with its total, as the JSON text the route answers
   * (server/repositories/product-list-json.ts): one statement, no rows through JS.
   */
  async listJson(userId: string, o: ListOptions): Promise<string> {
    const conditions: (SQL | undefined)[] = [live(userId)];
    if (o.search) conditions.push(sql`products_wh.id in ${matchingProductIds(o.search, userId)}`);
    if (o.availableOnly) conditions.push(sql`${lotCount} > 0`);
    const where = and(...conditions);
    const key = { name: sql`lower(${productsWh.name})`, count: lotCount, returns: returnCount }[o.orderBy];
    const query = productPageJson({
      userId,
      columns: sql`products_wh.*, ${productFigures.reserve} as reserve, ${productFigures.markdowns} as markdowns`,
      where,
      join: o.orderBy === 'returns' ? returnCounts(userId) : undefined,
      key,
      descending: o.descending,
      limit: o.pageSize,
      offset: (o.page - 1) * o.pageSize,
      // Unfiltered, the total is the user's live count kept by triggers: no scan of every product.
      total:
        o.search || o.availableOnly
          ? { counted: sql`select count(*) from products_wh where ${where}` }
          : sql`select ${productTotals.live} from ${productTotals} where ${eq(productTotals.userId, userId)}`,
    });
    // A named statement is parsed once per connection and, for the first page, planned once (a
    // third of this statement's cost otherwise). Its text varies with the order, the filters and
    // the page size; later pages and unusual sizes run unnamed, so the names stay few.
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = statementNames.get(text);
    if (!name && o.page === 1 && statementNames.size < 64) {
      name = `products_page_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      statementNames.set(text, name);
    }
    const session = dbOf(this.root)._.session;
    // Both drivers answer with { rows }.
    const result = (await session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as {
      rows: { body: string }[];
    };
    return result.rows[0]!.body;
  }

  async find(userId: string, id: string): Promise<ProductWithFigures | undefined> {
    const [row] = await dbOf(this.root)
      .select({ ...getTableColumns(productsWh), ...productFigures })
      .from(productsWh)
      .where(and(live(userId), eq(productsWh.id, id)));
    return row;
  }

  /**
   * Which live products of the business have any of `codes` (product_barcodes, kept by a trigger). Read under the
   * business's lock by a write, it is the answer the trigger's unique key would give a moment later.
   */
  barcodeOwners(userId: string, codes: readonly string[]): Promise<BarcodeOwner[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select({ code: productBarcodes.code, productId: productBarcodes.productId, name: productsWh.name })
      .from(productBarcodes)
      .innerJoin(productsWh, eq(productsWh.id, productBarcodes.productId))
      .where(and(eq(productBarcodes.userId, userId), inArray(productBarcodes.code, [...codes])))
      .orderBy(asc(productBarcodes.code));
  }

  /** Live products among `ids`, locked until the transaction ends so grouping and deleting cannot race. */
  lockMany(userId: string, ids: string[]): Promise<ProductWithFigures[]> {
    return dbOf(this.root)
      .select({ ...getTableColumns(productsWh), ...productFigures })
      .from(productsWh)
      .where(and(live(userId), inArray(productsWh.id, ids)))
      .for('update', { of: productsWh });
  }

  listingsOf(userId: string, productIds: string[]): Promise<ProductMpRow[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(productsMp)
      .where(and(liveListing(userId), inArray(productsMp.productWhId, productIds)))
      .orderBy(asc(productsMp.createdAt), asc(productsMp.id));
  }

  createMany(userId: string, values: ProductValues[]): Promise<ProductWhRow[]> {
    return dbOf(this.root)
      .insert(productsWh)
      .values(values.map((v) => ({ ...v, userId })))
      .returning();
  }

  async update(userId: string, id: string, values: Partial<Omit<ProductValues, 'id'>>): Promise<void> {
    const changes = definedFields(values);
    if (Object.keys(changes).length === 0) return;
    await dbOf(this.root)
      .update(productsWh)
      .set(changes)
      .where(and(live(userId), eq(productsWh.id, id)));
  }

  /** Tombstones the products and their listings. */
  async remove(userId: string, ids: string[]): Promise<void> {
    const db = dbOf(this.root);
    const now = new Date();
    await db
      .update(productsMp)
      .set({ deletedAt: now })
      .where(and(liveListing(userId), inArray(productsMp.productWhId, ids)));
    await db
      .update(productsWh)
      .set({ deletedAt: now })
      .where(and(live(userId), inArray(productsWh.id, ids)));
  }

  /** Listings already using one of these offers (marketplace + store + offer_id). */
  async takenOffers(
    userId: string,
    offers: Pick<ListingValues, 'marketplace' | 'marketId' | 'offerId'>[],
  ): Promise<ProductMpRow[]> {
    if (offers.length === 0) return [];
    const matches = offers.map((o) =>
      and(
        eq(productsMp.marketplace, o.marketplace),
        eq(productsMp.marketId, o.marketId),
        eq(productsMp.offerId, o.offerId),
      ),
    );
    return dbOf(this.root)
      .select()
      .from(productsMp)
      .where(and(liveListing(userId), or(...matches)));
  }

  async createListings(userId: string, productWhId: string, values: ListingValues[]): Promise<void> {
    if (values.length === 0) return;
    await dbOf(this.root)
      .insert(productsMp)
      .values(values.map((v) => ({ ...v, userId, productWhId })));
  }

  /** Live listings among `ids` that belong to one product, locked for the transaction. */
  lockListings(userId: string, productWhId: string, ids: string[]): Promise<ProductMpRow[]> {
    return dbOf(this.root)
      .select()
      .from(productsMp)
      .where(and(liveListing(userId), eq(productsMp.productWhId, productWhId), inArray(productsMp.id, ids)))
      .for('update');
  }

  async moveListing(userId: string, listingId: string, productWhId: string): Promise<void> {
    await dbOf(this.root)
      .update(productsMp)
      .set({ productWhId })
      .where(and(eq(productsMp.userId, userId), eq(productsMp.id, listingId)));
  }

  /**
   * Everything of the `from` products — listings, lots, reserves, markdowns, outflows, returns and
   * the stock ledger, tombstoned rows included — now belongs to `to`; the `from` products are removed.
   */
  async mergeInto(userId: string, to: string, from: string[]): Promise<void> {
    const db = dbOf(this.root);
    await db
      .update(productsMp)
      .set({ productWhId: to })
      .where(and(eq(productsMp.userId, userId), inArray(productsMp.productWhId, from)));
    for (const table of historyTables) {
      await db
        .update(table)
        .set({ productId: to })
        .where(and(eq(table.userId, userId), inArray(table.productId, from)));
    }
    await db
      .update(productsWh)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), inArray(productsWh.id, from)));
  }
}
