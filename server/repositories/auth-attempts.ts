import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authAttempts } from '../db/schema/index.ts';

/**
 * Sign-in attempts live in the database, not in memory, so the limit holds across
 * server instances. Written outside any request transaction: a refused login must still count.
 */
export class AuthAttemptsRepository {
  constructor(private readonly db: Db) {}

  async record(keys: string[], success: boolean): Promise<void> {
    await this.db.insert(authAttempts).values(keys.map((key) => ({ key, success })));
  }

  /** Attempts for a key since a moment, and when the oldest of them was made. */
  async since(key: string, from: Date, failuresOnly: boolean): Promise<{ count: number; oldest?: Date }> {
    const where = and(eq(authAttempts.key, key), gt(authAttempts.at, from), failuresOnly ? eq(authAttempts.success, false) : undefined);
    const [total] = await this.db.select({ n: count() }).from(authAttempts).where(where);
    const [first] = await this.db.select({ at: authAttempts.at }).from(authAttempts).where(where).orderBy(asc(authAttempts.at)).limit(1);
    return { count: total?.n ?? 0, oldest: first?.at };
  }

  /** A successful sign-in forgives the earlier failures for that login. */
  async clearFailures(key: string): Promise<void> {
    await this.db.delete(authAttempts).where(and(eq(authAttempts.key, key), eq(authAttempts.success, false)));
  }

  async purgeOlderThan(date: Date): Promise<void> {
    await this.db.delete(authAttempts).where(lt(authAttempts.at, date));
  }
}
