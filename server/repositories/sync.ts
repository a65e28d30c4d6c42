import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MirroredTable, WireContext } from '../sync/registry.ts';

export interface Change {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}

export class SyncRepository {
  constructor(
    private readonly db: Db,
    private readonly tables: MirroredTable[],
    private readonly wire: WireContext,
  ) {}

  /**
   * Changes of every mirrored table after `since`, oldest first, at most `limit`. Each table
   * is read up to limit + 1 rows by its (user_id, version) index and the lists merged, so a
   * page never splits a version and `has_more` is exact.
   */
  async changesSince(userId: string, since: number, limit: number): Promise<{ changes: Change[]; hasMore: boolean }> {
    const perTable = await Promise.all(
      this.tables.map(async (t) => {
        const rows = (await this.db
          .select()
          .from(t.table)
          .where(and(eq(t.table.userId, userId), gt(t.table.version, since)))
          .orderBy(asc(t.table.version))
          .limit(limit + 1)) as Array<Record<string, unknown> & { id: string; version: number; deletedAt: Date | null }>;
        return rows.map<Change>((row) => ({
          table: t.name,
          id: row.id,
          version: row.version,
          deleted: row.deletedAt !== null,
          row: row.deletedAt === null ? t.toWire(row as never, this.wire) : null,
        }));
      }),
    );
    const all = perTable.flat().sort((a, b) => a.version - b.version);
    return { changes: all.slice(0, limit), hasMore: all.length > limit };
  }
}
