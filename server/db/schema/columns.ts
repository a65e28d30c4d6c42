import { bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Timestamps with time zone, read and written as JS Dates. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Roubles with kopecks; read as numbers (amounts stay far below 2^53 kopecks). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/**
 * Columns every row carries. `version` and `updated_at` are set by the
 * bump_row_version trigger on every insert and update (see migrations), so no
 * write path can forget them and pull cursors stay in commit order per user.
 */
export const rowMeta = () => ({
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Mirrored rows are never deleted outright: a tombstone tells clients to drop them. */
export const tombstone = () => ({ deletedAt: timestamptz('deleted_at') });

/**
 * Which member of the business wrote a mirrored row first and last. Set by the bump_mirrored_row_version
 * trigger from the transaction's `ostatok.member` setting (server/db/member-context.ts), so no write path can
 * forget it; null for rows written by the server itself (marketplace orders, imports) and for rows older than teams.
 */
export const authorship = () => ({
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
});
