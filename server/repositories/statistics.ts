import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The planner's statistics of the embedded database. PostgreSQL's autovacuum keeps them; PGlite
 * has no autovacuum, and its statistics views do not count writes, so without this a store filled
 * by a catalog import was planned as empty tables for ever: one search of 10,000 products took
 * 40–48 s there instead of 0.1–0.4 s.
 */
export class StatisticsRepository {
  /** The row version sequence when the statistics were last gathered; null before the first time. */
  private analyzedAt: bigint | null = null;

  constructor(private readonly root: Db) {}

  /**
   * Gathers them again (ANALYZE) when at least `minWrites` row writes happened since the last time,
   * or on the first call. Every write of a row takes a version from one sequence (migration 0001),
   * so its value is a free count of writes. Answers whether it analyzed.
   */
  async refreshIfStale(minWrites: number): Promise<boolean> {
    const result = (await this.root.execute(sql`select last_value::text as v from row_version_seq`)) as unknown as {
      rows: { v: string }[];
    };
    const now = BigInt(result.rows[0]!.v);
    if (this.analyzedAt !== null && now - this.analyzedAt < BigInt(minWrites)) return false;
    await this.root.execute(sql`analyze`);
    this.analyzedAt = now;
    return true;
  }
}
