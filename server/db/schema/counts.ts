import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, timestamptz, tombstone, authorship } from './columns.ts';
import { productsWh } from './products.ts';
import { ownerId } from './users.ts';

export const countScopes = ['all', 'selection'] as const;
export const countStatuses = ['draft', 'posted'] as const;

/** What posting found for one product: kept on the count so the posted document never changes. */
export interface CountResult {
  product_id: string;
  expected: number;
  counted: number;
  difference: number;
  /** The difference at cost, ₽: shortages at their lots' FIFO cost, surpluses at the product's last cost. */
  cost: number;
}

/**
 * A stock count (инвентаризация): the whole warehouse or a selection of products, counted by any number of people
 * on any number of devices (each adds its own count_lines), then posted once: shortages written off FIFO,
 * surpluses taken in as a lot at the product's last cost, in one transaction (docs/rules.md «Инвентаризация»).
 */
export const counts = pgTable(
  'counts',
  {
    id: primaryId(),
    userId: ownerId(),
    name: text('name').notNull().default(''),
    scope: text('scope', { enum: countScopes }).notNull().default('all'),
    /** The products a `selection` count covers; empty for `all`. */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: countStatuses }).notNull().default('draft'),
    postedAt: timestamptz('posted_at'),
    /** Per product, what posting found; empty while a draft. */
    results: jsonb('results').$type<CountResult[]>().notNull().default([]),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [index('counts_user_version_idx').on(t.userId, t.version)],
);

/**
 * One person's counted units of one product in a count (a shelf, a box): a count's figure for a product is the sum
 * of its live lines, so people counting different shelves on different devices never edit the same row.
 */
export const countLines = pgTable(
  'count_lines',
  {
    id: primaryId(),
    userId: ownerId(),
    countId: uuid('count_id')
      .notNull()
      .references(() => counts.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => productsWh.id),
    quantity: integer('quantity').notNull().default(0),
    /** Where these were counted («А-03»), as the counter typed it. */
    shelf: text('shelf').notNull().default(''),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    check('count_lines_quantity_not_negative', sql`${t.quantity} >= 0`),
    index('count_lines_count_idx').on(t.countId),
    index('count_lines_user_version_idx').on(t.userId, t.version),
  ],
);
