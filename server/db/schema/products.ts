import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, primaryId, rowMeta, timestamptz, tombstone, authorship } from './columns.ts';
import { markets } from './markets.ts';
import { ownerId, users } from './users.ts';

/**
 * A warehouse product. Its stock figures (count, reserve, markdowns, total_price) are derived
 * from lots, reserves and markdowns, never set by hand. Two of them are kept here as a roll-up
 * that a trigger on lots maintains in the same transaction (migration 0003), because the list
 * sorts and filters 100,000 products by them: stock_count = Σ live lots' count and stock_value =
 * Σ count × price. No code writes them; tests check they always equal the lots.
 */
export const productsWh = pgTable(
  'products_wh',
  {
    id: primaryId(),
    userId: ownerId(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    confirmed: boolean('confirmed').notNull().default(true),
    /** The stores (their seller-entered market_id) the product is sold in, as the product form sends them. */
    marketIds: jsonb('market_ids').$type<string[]>().notNull().default([]),
    /** Where it lies in the warehouse («А-03-2»): the pick list walks the shelves in this order. */
    shelf: text('shelf').notNull().default(''),
    /**
     * Its barcodes (EAN-13, EAN-8, UPC, Code 128 …), as printed on the goods. Unique within the business: the
     * product_barcodes table (kept by a trigger from this column, migration 0013) holds one row per code and refuses
     * a second product with the same one.
     */
    barcodes: jsonb('barcodes').$type<string[]>().notNull().default([]),
    stockCount: integer('stock_count').notNull().default(0),
    stockValue: money('stock_value').notNull().default(0),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    index('products_wh_user_version_idx').on(t.userId, t.version),
    // The list's three orders, each a plain index walk that stops after one page.
    index('products_wh_user_name_idx')
      .on(t.userId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_wh_user_stock_idx')
      .on(t.userId, t.stockCount, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_wh_user_stock_desc_idx')
      .on(t.userId, sql`${t.stockCount} desc`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Which product each barcode belongs to, within a business: written only by the products_wh_barcodes trigger
 * (migration 0013) from products_wh.barcodes, so a code can never name two live products of one business, and
 * a scan finds its product by one index probe. Not mirrored: devices read barcodes from products_wh.
 */
export const productBarcodes = pgTable(
  'product_barcodes',
  {
    userId: ownerId(),
    code: text('code').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => productsWh.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] }), index('product_barcodes_product_idx').on(t.productId)],
);

/** One listing (offer) of a store on a marketplace, grouped into a warehouse product. */
/**
 * How many live warehouse products each user has: the list's total without a filter, kept by
 * triggers on products_wh (migration 0005) so a page of 50 never counts 100,000 rows.
 */
export const productTotals = pgTable('product_totals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  live: integer('live').notNull().default(0),
});

export const productsMp = pgTable(
  'products_mp',
  {
    id: primaryId(),
    userId: ownerId(),
    productWhId: uuid('product_wh_id')
      .notNull()
      .references(() => productsWh.id),
    marketRef: uuid('market_ref').references(() => markets.id),
    marketplace: text('marketplace').notNull(),
    marketId: text('market_id').notNull(),
    offerId: text('offer_id').notNull(),
    externalId: text('external_id'),
    name: text('name').notNull().default(''),
    primaryImage: text('primary_image'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('products_mp_offer_key')
      .on(t.userId, t.marketplace, t.marketId, t.offerId)
      .where(sql`${t.deletedAt} is null`),
    index('products_mp_product_idx').on(t.productWhId),
    index('products_mp_user_version_idx').on(t.userId, t.version),
  ],
);

/** Latest posting figures of a listing, from the marketplace's order statuses. */
export const postingStatuses = pgTable(
  'posting_statuses',
  {
    id: primaryId(),
    userId: ownerId(),
    productMpId: uuid('product_mp_id')
      .notNull()
      .references(() => productsMp.id),
    awaitingPackaging: integer('awaiting_packaging').notNull().default(0),
    awaitingDeliver: integer('awaiting_deliver').notNull().default(0),
    delivering: integer('delivering').notNull().default(0),
    fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('posting_statuses_listing_key').on(t.productMpId),
    index('posting_statuses_user_version_idx').on(t.userId, t.version),
  ],
);
