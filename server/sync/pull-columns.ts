import type { z } from 'zod';
import type { Change } from '../repositories/sync.ts';
import type { pullColumnsResponse } from '../schemas/sync.ts';

/** Keys a row may repeat from its change: `id` and `_id` are the change's id, `version` its version. */
const copies = ['id', '_id', 'version'] as const;

/** A page in columns; its fields are described in server/schemas/sync.ts. */
export type ColumnsPage = z.infer<typeof pullColumnsResponse>;

const derivedValue = (key: string, change: Change) => (key === 'version' ? change.version : change.id);

/**
 * A pull page with each table's keys once instead of in every row (`format=columns`): 5,000 rows of
 * lots repeat their dozen key names 5,000 times, and the row's id twice more. The device rebuilds
 * the same changes from it (src/sync/pull-columns.ts), so both formats carry exactly the same rows.
 */
export function toColumns(cursor: number, hasMore: boolean, changes: Change[]): ColumnsPage {
  const byTable = new Map<string, Change[]>();
  for (const change of changes) {
    const list = byTable.get(change.table);
    if (list) list.push(change);
    else byTable.set(change.table, [change]);
  }
  const tables = [...byTable].map(([table, list]) => {
    const live = list.filter((c) => c.row !== null);
    // What JSON would carry of each row: a key whose value is undefined is not there.
    const held = (c: Change, key: string) => c.row![key] !== undefined;
    // A copy is left out only when every row holds it and it equals the change's id or version in each.
    const derived = copies.filter((key) => live.length > 0 && live.every((c) => c.row![key] === derivedValue(key, c)));
    const keys = live.length === 0 ? [] : Object.keys(live[0]!.row!);
    const columns = keys.filter((key) => !(derived as string[]).includes(key) && live.every((c) => held(c, key)));
    const inColumns = new Set<string>([...derived, ...columns]);
    const rest = (c: Change) =>
      Object.fromEntries(Object.entries(c.row!).filter(([key, value]) => !inColumns.has(key) && value !== undefined));
    return {
      table,
      columns,
      derived,
      rows: live.map((c) => {
        const values = [c.id, c.version, ...columns.map((key) => c.row![key])];
        const more = rest(c);
        return Object.keys(more).length > 0 ? [...values, more] : values;
      }),
      deleted: list.filter((c) => c.row === null).map((c): [string, number] => [c.id, c.version]),
    };
  });
  return { cursor, has_more: hasMore, tables };
}
