import { sql } from 'drizzle-orm';
import { retryingConflicts } from '../lib/write-conflicts.ts';
import type { Db } from './client.ts';
import { runInTransaction } from './tx-context.ts';

/**
 * The lock order of every write transaction: the user's lock first, then rows.
 *
 * The trigger bump_mirrored_row_version (migration 0001) takes pg_advisory_xact_lock(7001, hashtext(user_id))
 * on every write of a mirrored row, so that one user's versions are handed out in commit order. A transaction
 * that locked a product row (FOR UPDATE, a rename's UPDATE) before its first mirrored write took that lock in
 * the other order than one that wrote a row first and locked the product later: on PostgreSQL the two
 * deadlocked (issue 23). Taking the same key at the start makes every later call of the trigger a re-entry, so
 * a user's rows are only ever locked by a transaction that already holds the user's lock. The key must stay
 * exactly the trigger's. On PGlite (one transaction at a time) the lock is always free and costs one statement.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7001, hashtext(${userId}::uuid::text))`);
}

/** For the rare transaction that writes several users' rows: their locks in one global order (user id). */
export async function lockUsers(tx: Db, userIds: Iterable<string>): Promise<void> {
  for (const userId of [...new Set(userIds)].sort()) await lockUser(tx, userId);
}

/**
 * A write transaction of one user's rows outside any request (jobs, imports): the user's lock first, the work
 * joined to it through the transaction context, and the whole run again after a deadlock or serialization failure.
 */
export const userTransaction = <T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> =>
  retryingConflicts(() =>
    db.transaction((tx) =>
      runInTransaction(tx, async () => {
        await lockUser(tx, userId);
        return work();
      }),
    ),
  );
