import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, primaryId, rowMeta, timestamptz, tombstone, authorship } from './columns.ts';
import { productsWh } from './products.ts';
import { ownerId } from './users.ts';

const productRef = () =>
  uuid('product_id')
    .notNull()
    .references(() => productsWh.id);

export const batchKinds = ['purchase', 'return', 'other'] as const;

/** A receipt document (purchases, returns or other realizations) with its date. */
export const batches = pgTable(
  'batches',
  {
    id: primaryId(),
    userId: ownerId(),
    kind: text('kind', { enum: batchKinds }).notNull().default('purchase'),
    date: timestamptz('date').notNull().defaultNow(),
    description: text('description').notNull().default(''),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    index('batches_user_version_idx').on(t.userId, t.version),
    index('batches_user_date_idx').on(t.userId, t.date),
  ],
);

/**
 * A lot: units received at one unit cost. `count` is what remains of `count_max`;
 * the checks are the last line of defence for "stock never goes negative".
 */
export const lots = pgTable(
  'lots',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    batchId: uuid('batch_id').references(() => batches.id),
    returnId: uuid('return_id'),
    /** The stock count whose posting took this surplus in (server/db/schema/counts.ts); null otherwise. */
    countId: uuid('count_id'),
    count: integer('count').notNull(),
    countMax: integer('count_max').notNull(),
    price: money('price').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    isReturn: boolean('is_return').notNull().default(false),
    countMaxEdited: boolean('count_max_edited').notNull().default(false),
    priceEdited: boolean('price_edited').notNull().default(false),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('lots_count_range', sql`${t.count} >= 0 and ${t.count} <= ${t.countMax}`),
    check('lots_price_non_negative', sql`${t.price} >= 0`),
    index('lots_product_fifo_idx').on(t.productId, t.receivedAt),
    index('lots_batch_idx').on(t.batchId),
    index('lots_user_version_idx').on(t.userId, t.version),
  ],
);

export const disposals = pgTable(
  'disposals',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    batchId: uuid('batch_id').references(() => batches.id),
    returnId: uuid('return_id'),
    /** The stock count whose posting wrote this shortage off; null otherwise. */
    countId: uuid('count_id'),
    count: integer('count').notNull(),
    price: money('price').notNull().default(0),
    datetime: timestamptz('datetime').notNull().defaultNow(),
    description: text('description').notNull().default(''),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('disposals_count_positive', sql`${t.count} > 0`),
    index('disposals_product_idx').on(t.productId),
    index('disposals_user_version_idx').on(t.userId, t.version),
  ],
);

/** A markdown is one unit sold at a reduced price. */
export const markdowns = pgTable(
  'markdowns',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    batchId: uuid('batch_id').references(() => batches.id),
    returnId: uuid('return_id'),
    /** The lot its one unit came from: its receipt date is the markdown's batch_date. */
    lotId: uuid('lot_id').references(() => lots.id),
    datetime: timestamptz('datetime').notNull().defaultNow(),
    description: text('description').notNull().default(''),
    price: money('price').notNull().default(0),
    markdownPrice: money('markdown_price').notNull().default(0),
    release: boolean('release').notNull().default(false),
    count: integer('count').notNull().default(1),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [index('markdowns_product_idx').on(t.productId), index('markdowns_user_version_idx').on(t.userId, t.version)],
);

export const otherRealizationMarketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;

export const otherRealizations = pgTable(
  'other_realizations',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    batchId: uuid('batch_id').references(() => batches.id),
    date: timestamptz('date').notNull().defaultNow(),
    description: text('description').notNull().default(''),
    marketplace: text('marketplace', { enum: otherRealizationMarketplaces }),
    count: integer('count').notNull(),
    price: money('price').notNull().default(0),
    realizationPrice: money('realization_price').notNull().default(0),
    release: boolean('release').notNull().default(false),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('other_realizations_count_positive', sql`${t.count} > 0`),
    index('other_realizations_product_idx').on(t.productId),
    index('other_realizations_batch_idx').on(t.batchId),
    index('other_realizations_user_version_idx').on(t.userId, t.version),
  ],
);

/** A reserve sets units aside while active; released and realized are final. */
export const reserveStatuses = ['active', 'released', 'realized'] as const;
/** A realization holds its units while completed; cancelling it puts them back, for good. */
export const realizationStatuses = ['completed', 'cancelled'] as const;

export const reserves = pgTable(
  'reserves',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    count: integer('count').notNull(),
    price: money('price').notNull().default(0),
    status: text('status', { enum: reserveStatuses }).notNull().default('active'),
    /** The order line this row follows (docs/rules.md «Заказы маркетплейсов»); null when typed by a person. */
    orderLineId: uuid('order_line_id'),
    /** Its posting, named in the answer: marketplace, store and posting number. */
    postingMarketplace: text('posting_marketplace'),
    postingStoreId: uuid('posting_store_id'),
    postingNumber: text('posting_number'),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('reserves_count_positive', sql`${t.count} > 0`),
    check('reserves_status_known', sql`${t.status} in ('active', 'released', 'realized')`),
    index('reserves_product_idx').on(t.productId),
    // One reserve per order line, whatever retries and instances do.
    uniqueIndex('reserves_order_line_key')
      .on(t.orderLineId)
      .where(sql`${t.orderLineId} is not null`),
    index('reserves_user_version_idx').on(t.userId, t.version),
  ],
);

export const realizations = pgTable(
  'realizations',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    count: integer('count').notNull(),
    /** Unit cost of the units taken, from the ledger (FIFO): the figure reports use. */
    price: money('price').notNull().default(0),
    /**
     * The purchase price the seller typed with the sale (`price` of the call, docs/rules.md «Реализации»), kept as
     * entered; null if not sent.
     */
    enteredPrice: money('entered_price'),
    realizationPrice: money('realization_price').notNull().default(0),
    status: text('status', { enum: realizationStatuses }).notNull().default('completed'),
    datetime: timestamptz('datetime').notNull().defaultNow(),
    /** The order line this row follows (docs/rules.md «Заказы маркетплейсов»); null when typed by a person. */
    orderLineId: uuid('order_line_id'),
    /** Its posting, named in the answer: marketplace, store and posting number. */
    postingMarketplace: text('posting_marketplace'),
    postingStoreId: uuid('posting_store_id'),
    postingNumber: text('posting_number'),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('realizations_count_positive', sql`${t.count} > 0`),
    check('realizations_status_known', sql`${t.status} in ('completed', 'cancelled')`),
    index('realizations_product_idx').on(t.productId),
    uniqueIndex('realizations_order_line_key')
      .on(t.orderLineId)
      .where(sql`${t.orderLineId} is not null`),
    index('realizations_user_version_idx').on(t.userId, t.version),
  ],
);

/**
 * The stock ledger: one row per change of a lot's remaining units. Never updated or
 * deleted; the sum of deltas per lot equals the lot's remaining count.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: productRef(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    sourceTable: text('source_table').notNull(),
    sourceId: uuid('source_id').notNull(),
    unitCost: money('unit_cost').notNull(),
    ...rowMeta(),
    // Mirrored like every synced table; ledger rows are never deleted, so it stays null.
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.createdAt),
    index('stock_movements_lot_idx').on(t.lotId),
    index('stock_movements_source_idx').on(t.sourceTable, t.sourceId),
    index('stock_movements_user_version_idx').on(t.userId, t.version),
  ],
);
