import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, primaryId, rowMeta, timestamptz, tombstone, authorship } from './columns.ts';
import { markets } from './markets.ts';
import { productsMp, productsWh } from './products.ts';
import { ownerId } from './users.ts';

/**
 * Where an order stands, as the books read it (docs/rules.md «Заказы маркетплейсов»): `new` is before
 * packaging can start (unpaid, awaiting approval), `awaiting_packaging` holds units by a reserve, the three
 * after it are handed over and sold, `cancelled` releases what was not handed over.
 */
export const orderStages = [
  'new',
  'awaiting_packaging',
  'awaiting_deliver',
  'delivering',
  'delivered',
  'cancelled',
] as const;
export type OrderStage = (typeof orderStages)[number];

/**
 * What an order line did to the books: `unlinked` — no warehouse product (nothing reserved), `reserved` — an
 * active reserve holds its units, `sold` — a realization took them, `released` — its reserve was released
 * (cancelled before handover), `waiting_stock` — handed over but the lots lack `shortage` units (sold when
 * they arrive), `skipped` — nothing to do (handed over before intake began, cancelled before packaging).
 */
export const orderLineBooks = [
  'pending',
  'unlinked',
  'reserved',
  'sold',
  'released',
  'waiting_stock',
  'skipped',
] as const;
export type OrderLineBooks = (typeof orderLineBooks)[number];

/** An FBS order (OZON posting, Wildberries assembly task, Yandex Market order) of a connected store, mirrored. */
export const orders = pgTable(
  'orders',
  {
    id: primaryId(),
    userId: ownerId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => markets.id),
    marketplace: text('marketplace').notNull(),
    postingNumber: text('posting_number').notNull(),
    /** The marketplace's own status words, shown as they are. */
    status: text('status').notNull(),
    stage: text('stage', { enum: orderStages }).notNull(),
    orderedAt: timestamptz('ordered_at'),
    /** The marketplace's time of the last status change: the intake cursor advances by it. */
    changedAt: timestamptz('changed_at').notNull(),
    /** When it was handed over (the sale's date); null while not. */
    shippedAt: timestamptz('shipped_at'),
    /** Cancelled after it was handed over (the marketplace says so): its lines stay sold. */
    cancelledAfterHandover: boolean('cancelled_after_handover').notNull().default(false),
    /** First seen already handed over, before intake of its store began: the books leave it alone. */
    beforeIntake: boolean('before_intake').notNull().default(false),
    /** A Russian note for the seller (the marketplace no longer knows the posting, …); null when all is well. */
    problem: text('problem'),
    /** When a packer's «Собрано» was accepted by the marketplace (docs/rules.md «Сборка»); null while not. */
    assembledAt: timestamptz('assembled_at'),
    /** The marketplace's last refusal of «Собрано», in Russian; null when none (cleared by a successful one). */
    assemblyError: text('assembly_error'),
    /** What the marketplace answered to the assembly (Wildberries supply id, Yandex Market boxes …). */
    assembly: jsonb('assembly').$type<Record<string, unknown>>().notNull().default({}),
    /** The marketplace's label PDF, kept in the upload store under this name; null until it is received. */
    labelKey: text('label_key'),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('orders_store_posting_key').on(t.storeId, t.postingNumber),
    index('orders_user_version_idx').on(t.userId, t.version),
    index('orders_user_stage_idx').on(t.userId, t.stage),
  ],
);

/** One line of an order: an offer and its quantity, and what it did to the books (exactly once). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: primaryId(),
    userId: ownerId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The line's key within its order (OZON sku, Wildberries task, Yandex Market item id). */
    lineKey: text('line_key').notNull(),
    offerId: text('offer_id').notNull(),
    externalProductId: text('external_product_id'),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** The marketplace's price per unit, ₽: the reserve's and the sale's price. */
    price: money('price').notNull().default(0),
    productMpId: uuid('product_mp_id').references(() => productsMp.id),
    productId: uuid('product_id').references(() => productsWh.id),
    books: text('books', { enum: orderLineBooks }).notNull().default('pending'),
    reserveId: uuid('reserve_id'),
    realizationId: uuid('realization_id'),
    /** Units the lots lacked when the line was handed over (books = waiting_stock). */
    shortage: integer('shortage').notNull().default(0),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('order_lines_order_line_key').on(t.orderId, t.lineKey),
    index('order_lines_user_version_idx').on(t.userId, t.version),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_unlinked_idx')
      .on(t.userId, t.offerId)
      .where(sql`${t.books} = 'unlinked'`),
  ],
);

/**
 * The intake's own bookkeeping per store (not mirrored): when it runs next, who holds it, and how far it read.
 * A run claims the row by its lease, so one instance runs a store at a time and a dead one's claim expires.
 */
export const orderIntake = pgTable('order_intake', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => markets.id),
  userId: ownerId(),
  /** Orders changed from here on are read next (less an overlap); null before the first run. */
  cursor: timestamptz('cursor'),
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamptz('lease_until'),
  lastRunAt: timestamptz('last_run_at'),
  lastOkAt: timestamptz('last_ok_at'),
  /** Consecutive failed runs: the next one waits longer. */
  failures: integer('failures').notNull().default(0),
  /** When the store's intake began: orders handed over before it are left to the books as they are. */
  startedAt: timestamptz('started_at').notNull().defaultNow(),
});
