import type { components } from '../../api/schema.gen.ts';
import type { PullPage } from './pull.ts';

type ColumnsTable = components['schemas']['SyncPullColumns']['tables'][number];
/** As the generated client types the answer: its paths spell each deleted pair as a plain array. */
type ColumnsPage = Omit<components['schemas']['SyncPullColumns'], 'tables'> & {
  tables: Array<Omit<ColumnsTable, 'deleted'> & { deleted: (string | number)[][] }>;
};

/**
 * The changes of a `format=columns` pull page (server/sync/pull-columns.ts) as the `rows` format
 * lists them: each row rebuilt with its keys, the copies of its id and version put back, in version
 * order. The pull then writes exactly what it would have written from the longer page.
 */
export function changesOfColumns(page: ColumnsPage): PullPage {
  const changes: PullPage['changes'] = [];
  for (const { table, columns, derived, rows, deleted } of page.tables) {
    for (const values of rows) {
      const id = values[0] as string;
      const version = values[1] as number;
      const row: Record<string, unknown> = {};
      for (const key of derived) row[key] = key === 'version' ? version : id;
      for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i + 2];
      // A row with keys beyond the table's columns carries them last, as an object.
      if (values.length > columns.length + 2) Object.assign(row, values[columns.length + 2]);
      changes.push({ table, id, version, deleted: false, row });
    }
    for (const [id, version] of deleted)
      changes.push({ table, id: id as string, version: version as number, deleted: true, row: null });
  }
  changes.sort((a, b) => a.version - b.version);
  return { cursor: page.cursor, has_more: page.has_more, changes };
}
