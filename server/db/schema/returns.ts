import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, primaryId, rowMeta, timestamptz, tombstone, authorship } from './columns.ts';
import { markets } from './markets.ts';
import { productsWh } from './products.ts';
import { batches } from './stock.ts';
import { ownerId } from './users.ts';

export const returnStatuses = ['ready', 'markdown', 'disposal', 'deleted'] as const;

/** A customer return; status null means "none". Once processed it never changes again. */
export const returns = pgTable(
  'returns',
  {
    id: primaryId(),
    userId: ownerId(),
    productId: uuid('product_id').references(() => productsWh.id),
    marketRef: uuid('market_ref').references(() => markets.id),
    marketplace: text('marketplace'),
    marketId: text('market_id'),
    externalId: text('external_id'),
    orderNumber: text('order_number').notNull().default(''),
    article: text('article').notNull().default(''),
    /** The name the marketplace gave: what the seller sees of a return no warehouse product matches. */
    name: text('name').notNull().default(''),
    /** When the buyer returned it (the marketplace's date; a return made by hand: its creation). */
    returnedAt: timestamptz('returned_at'),
    /** The marketplace's own status text, for reading only. */
    marketplaceStatus: text('marketplace_status'),
    count: integer('count').notNull().default(1),
    status: text('status', { enum: returnStatuses }),
    processed: boolean('processed').notNull().default(false),
    price: money('price').notNull().default(0),
    markdownPrice: money('markdown_price').notNull().default(0),
    description: text('description').notNull().default(''),
    finalMoment: timestamptz('final_moment'),
    batchId: uuid('batch_id').references(() => batches.id),
    /**
     * The sale its marketplace order made (realizations.id, order intake): filled in by the returns import
     * once both exist, never replaced. Null: a return by hand, or its order's sale is not (yet) in the books.
     */
    realizationId: uuid('realization_id'),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('returns_external_key')
      .on(t.userId, t.marketplace, t.marketId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('returns_user_version_idx').on(t.userId, t.version),
    // A product's returns in one probe (grouping products moves them to the main one), not a scan of every return.
    index('returns_product_idx').on(t.productId),
  ],
);
