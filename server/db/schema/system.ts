import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, timestamptz } from './columns.ts';
import { ownerId, users } from './users.ts';

/** The first answer to a write, replayed for a repeated Idempotency-Key (or push entry id). */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    ...rowMeta(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: primaryId(),
    userId: ownerId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: timestamptz('locked_at'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    ...rowMeta(),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Sign-in attempts for rate limiting. Keyed by login or client address, not by user:
 * they happen before anyone is authenticated, so they have no owner.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    success: boolean('success').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_key_at_idx').on(t.key, t.at)],
);
