import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, timestamptz } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    ...rowMeta(),
  },
  (t) => [uniqueIndex('users_login_key').on(t.login)],
);

export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Refresh tokens are stored only as hashes; a family is one sign-in and its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: primaryId(),
    userId: ownerId(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    ...rowMeta(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * One sign-in: the refresh family's id, carried by its access tokens as `sid`. Revoking it (logout, a
 * reused refresh token) ends the sign-in everywhere: refreshes are refused at once and access tokens
 * within seconds on every instance (server/lib/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: ownerId(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    /** Why it ended, when the person did not end it themselves: told to their app (server/lib/sessions.ts). */
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
