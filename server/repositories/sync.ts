import { and, asc, eq, gt, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MirroredTable, WireContext } from '../sync/registry.ts';

export interface Change {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}

export interface Digest {
  cursor: number;
  tables: Record<string, { count: number; max_version: number; sum_version: string }>;
}

/**
 * Which rows of a history table a device with this window gets (docs/sync-protocol.md «Окно истории»): those dated
 * inside it, and any written since it began — so an edit that moves a row out of the window still reaches the device
 * that holds it (which then drops it), and a device that pulled within the window never misses a change.
 */
function windowed(t: MirroredTable, historyFrom: Date | undefined): SQL | undefined {
  if (!t.historyDate || !historyFrom) return undefined;
  return or(gte(t.historyDate, historyFrom), gte(t.table.updatedAt, historyFrom));
}

export class SyncRepository {
  constructor(
    private readonly db: Db,
    private readonly tables: MirroredTable[],
    private readonly wire: WireContext,
  ) {}

  /**
   * Changes of every mirrored table (or of `table` only) after `since`, oldest first, at most `limit`.
   * One statement first takes the next limit + 1 versions of all the tables from their
   * (user_id, version) indexes; only the tables among the first `limit` are then read, and only up
   * to that page's last version. So each row of the page is read and shaped once (reading limit + 1
   * whole rows of every table cost three times the rows a page keeps), a page never splits a
   * version, and `has_more` is exact.
   */
  async changesSince(
    userId: string,
    since: number,
    limit: number,
    table?: string,
    historyFrom?: Date,
  ): Promise<{ changes: Change[]; hasMore: boolean }> {
    const tables = table ? this.tables.filter((t) => t.name === table) : this.tables;
    if (tables.length === 0) return { changes: [], hasMore: false };
    const next = sql.join(
      tables.map(
        (t, i) =>
          sql`(select ${i}::int as t, ${t.table.version} as v from ${t.table}
            where ${and(eq(t.table.userId, userId), gt(t.table.version, since), windowed(t, historyFrom))} order by ${t.table.version} limit ${limit + 1})`,
      ),
      sql` union all `,
    );
    const found = (await this.db.execute(
      sql`select t, v from (${next}) u order by v limit ${limit + 1}`,
    )) as unknown as {
      rows: { t: number; v: string | number }[];
    };
    const hasMore = found.rows.length > limit;
    const page = found.rows.slice(0, limit);
    if (page.length === 0) return { changes: [], hasMore };
    const upTo = Number(page.at(-1)!.v);
    const read = await Promise.all(
      [...new Set(page.map((r) => Number(r.t)))].map(async (i) => {
        const t = tables[i]!;
        const rows = (await this.db
          .select()
          .from(t.table)
          .where(
            and(
              eq(t.table.userId, userId),
              gt(t.table.version, since),
              lte(t.table.version, upTo),
              windowed(t, historyFrom),
            ),
          )
          .orderBy(asc(t.table.version))) as Array<
          Record<string, unknown> & { id: string; version: number; deletedAt: Date | null }
        >;
        return rows.map<Change>((row) => ({
          table: t.name,
          id: row.id,
          version: row.version,
          deleted: row.deletedAt !== null,
          row: row.deletedAt === null ? t.toWire(row as never, this.wire) : null,
        }));
      }),
    );
    return { changes: read.flat().sort((a, b) => a.version - b.version), hasMore };
  }

  /**
   * Per table, what the device's mirror should add up to: live rows, their highest version and the
   * sum of their versions (text: a bigint sum may pass 2^53). A row missing, extra or at another
   * version on the device changes at least one of them. `cursor` counts tombstones too, so the
   * device compares only once it has pulled that far. With `historyFrom`, a history table adds up only the rows
   * dated inside the window: what such a device keeps (rows written since but dated before it, it drops).
   */
  async digest(userId: string, historyFrom?: Date): Promise<Digest> {
    const perTable = await Promise.all(
      this.tables.map(async (t) => {
        const inWindow = t.historyDate && historyFrom ? sql` and ${gte(t.historyDate, historyFrom)}` : sql``;
        const live = sql`${t.table.deletedAt} is null${inWindow}`;
        const [row] = await this.db
          .select({
            count: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
            maxVersion: sql<number>`coalesce(max(${t.table.version}) filter (where ${live}), 0)`.mapWith(Number),
            sumVersion: sql<string>`coalesce(sum(${t.table.version}) filter (where ${live}), 0)::text`,
            top: sql<number>`coalesce(max(${t.table.version}), 0)`.mapWith(Number),
          })
          .from(t.table)
          .where(eq(t.table.userId, userId));
        return { name: t.name, ...row! };
      }),
    );
    return {
      cursor: Math.max(0, ...perTable.map((t) => t.top)),
      tables: Object.fromEntries(
        perTable.map((t) => [t.name, { count: t.count, max_version: t.maxVersion, sum_version: t.sumVersion }]),
      ),
    };
  }
}
