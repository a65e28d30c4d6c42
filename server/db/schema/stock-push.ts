import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, timestamptz } from './columns.ts';
import { jobs } from './system.ts';
import { ownerId, users } from './users.ts';

/** A user's stock push settings; no row means the defaults (automatic push off). Not synced: read online. */
export const stockPushSettings = pgTable('stock_push_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoPush: boolean('auto_push').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * What a stock push sent, one row per listing and run (the job): the quantity, the warehouse it went
 * to and the marketplace's verdict: its refusal explained in Russian and kept word for word. Store and listing are
 * copied, not
 * referenced: the log outlives a deleted store or listing.
 */
export const stockPushLog = pgTable(
  'stock_push_log',
  {
    id: primaryId(),
    userId: ownerId(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    marketId: text('market_id').notNull(),
    storeName: text('store_name').notNull(),
    warehouseId: text('warehouse_id'),
    productMpId: uuid('product_mp_id').notNull(),
    productId: uuid('product_id'),
    offerId: text('offer_id').notNull(),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    ok: boolean('ok').notNull(),
    /** Why the item was refused, in Russian: what it means and what to do. */
    error: text('error'),
    /** The marketplace's own refusal (code and text) as it answered, beside the Russian one. */
    marketplaceError: text('marketplace_error'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('stock_push_log_job_idx').on(t.userId, t.jobId),
    // The automatic push sends only what changed since the last accepted value of each listing.
    index('stock_push_log_listing_idx').on(t.userId, t.productMpId, t.sentAt),
  ],
);
