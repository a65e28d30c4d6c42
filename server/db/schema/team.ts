import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, timestamptz } from './columns.ts';
import { users } from './users.ts';

export const roles = ['owner', 'manager', 'warehouse'] as const;
export type Role = (typeof roles)[number];

/**
 * A business owns the data: every owned row's `user_id` is its business's id. A business's id is the account id
 * of the person who founded it (every account founds one at sign-up), which is how the accounts of before teams
 * became businesses without rewriting a row, and why `user_id` — the API's field name — still fits the spec.
 */
export const businesses = pgTable('businesses', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  ...rowMeta(),
});

/**
 * Which business a person works in, and as what. One row per person: joining a team moves them there, and being
 * removed sends them back to the business they founded, as its owner.
 */
export const members = pgTable(
  'members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull(),
    /** For the warehouse role: whether cost prices and sums are shown (the other roles always see them). */
    canSeeCosts: boolean('can_see_costs').notNull().default(false),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at'),
    ...rowMeta(),
  },
  (t) => [
    index('members_business_idx').on(t.businessId),
    check('members_role_check', sql`${t.role} in ('owner', 'manager', 'warehouse')`),
  ],
);

/** A one-time invitation: only the hash of its code is kept; the code is shown once, to the owner who made it. */
export const invitations = pgTable(
  'invitations',
  {
    id: primaryId(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    role: text('role', { enum: roles }).notNull(),
    canSeeCosts: boolean('can_see_costs').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedBy: uuid('accepted_by'),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    ...rowMeta(),
  },
  (t) => [
    uniqueIndex('invitations_code_key').on(t.codeHash),
    index('invitations_business_idx').on(t.businessId),
    check('invitations_role_check', sql`${t.role} in ('manager', 'warehouse')`),
  ],
);
