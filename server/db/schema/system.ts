import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * What makes two jobs the same work (e.g. a store's id, or '' for one per user): at most one such
     * job waits in the queue at a time, enforced by jobs_pending_key. Null: no such rule.
     */
    dedupeKey: text('dedupe_key'),
    ...rowMeta(),
  },
  (t) => [
    uniqueIndex('jobs_pending_key')
      .on(t.userId, t.kind, t.dedupeKey)
      .where(sql`${t.status} = 'queued' and ${t.dedupeKey} is not null`),
    index('jobs_running_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
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

/** When each user's jobs were last given a worker: the claim serves the user waiting longest first. */
export const jobTurns = pgTable('job_turns', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastClaimedAt: timestamptz('last_claimed_at').notNull().defaultNow(),
});

/**
 * A marketplace quota's token bucket, shared by every instance (server/marketplaces/shared-pacing.ts):
 * `tat` is the theoretical arrival time of the generic cell rate algorithm — the next send is allowed
 * once now() ≥ tat − burst tolerance.
 */
export const pacerBuckets = pgTable('pacer_buckets', {
  key: text('key').primaryKey(),
  tat: timestamptz('tat').notNull(),
});

/** Units spent against a windowed quota ("80 a minute"), by every instance; old rows are pruned. */
export const pacerSpends = pgTable(
  'pacer_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamptz('at').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [index('pacer_spends_key_at_idx').on(t.key, t.at)],
);
