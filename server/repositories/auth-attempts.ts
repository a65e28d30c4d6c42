import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authAttempts } from '../db/schema/index.ts';

export interface AttemptLimit {
  key: string;
  max: number;
  /** Count only failed attempts (per login), or all of them (per address). */
  failuresOnly: boolean;
}

/** The attempt rows taken, or the refusal with the oldest counted attempt (when the limit eases). */
export type Reservation = { ids: number[] } | { refused: true; oldest?: Date };

/**
 * Sign-in attempts live in the database, not in memory, so the limit holds across
 * server instances. Written outside any request transaction: a refused login must still count.
 */
export class AuthAttemptsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts an attempt before its password is checked: under a lock per key, the window's attempts
   * (an attempt in flight is stored as a failure until it succeeds) are counted and, below every
   * limit, the new attempt is stored. So however many guesses arrive at once, no more than the
   * limit get as far as a password check.
   */
  async reserve(limits: AttemptLimit[], from: Date): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      // Sorted, so two attempts locking the same keys never wait on each other crosswise.
      for (const key of limits.map((l) => l.key).sort())
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      for (const limit of limits) {
        const where = and(
          eq(authAttempts.key, limit.key),
          gt(authAttempts.at, from),
          limit.failuresOnly ? eq(authAttempts.success, false) : undefined,
        );
        const [row] = await tx
          .select({ n: count(), oldest: min(authAttempts.at) })
          .from(authAttempts)
          .where(where);
        if ((row?.n ?? 0) >= limit.max)
          return { refused: true as const, oldest: row?.oldest ? new Date(row.oldest) : undefined };
      }
      const rows = await tx
        .insert(authAttempts)
        .values(limits.map((l) => ({ key: l.key, success: false })))
        .returning({ id: authAttempts.id });
      return { ids: rows.map((r) => r.id) };
    });
  }

  async markSucceeded(ids: number[]): Promise<void> {
    if (ids.length) await this.db.update(authAttempts).set({ success: true }).where(inArray(authAttempts.id, ids));
  }

  /** A successful sign-in forgives the earlier failures for that login. */
  async clearFailures(key: string): Promise<void> {
    await this.db.delete(authAttempts).where(and(eq(authAttempts.key, key), eq(authAttempts.success, false)));
  }

  async purgeOlderThan(date: Date): Promise<void> {
    await this.db.delete(authAttempts).where(lt(authAttempts.at, date));
  }
}
