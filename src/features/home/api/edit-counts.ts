import { db, type OstatokDatabase, type OutboxEntry } from '../../../db/database.ts';
import { countUnsent } from '../../../sync/outbox.ts';
import { REFUSED_WITH_CREATE } from '../../../sync/refused-entries.ts';

export interface EditCounts {
  /** Edits not on the server yet (pictures waiting included), as the header's indicator counts them. */
  unsent: number;
  /** Edits the server refused, kept until the user retries or drops them in «Синхронизация». */
  refused: number;
}

const isCreate = (e: OutboxEntry) => e.method === 'POST' && e.before === null;

/**
 * Refused entries counted as the edits the user made, as the sync dialog lists them: a group is one
 * edit, an edit refused only because its row's create was refused goes with that create, and entries
 * that merely record a group's other rows (carriers) are no edit of their own.
 */
export function countRefusedEdits(rejected: readonly OutboxEntry[]): number {
  const units = new Map<string, boolean>();
  const refusedCreates = new Map<string, string>();
  for (const e of [...rejected].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const row = `${e.table}/${e.row_id}`;
    let key = e.group ? `group:${e.group}` : `entry:${e.id}`;
    if (!e.group && e.error?.startsWith(REFUSED_WITH_CREATE) && refusedCreates.has(row)) key = refusedCreates.get(row)!;
    if (!e.group && isCreate(e)) refusedCreates.set(row, key);
    units.set(key, (units.get(key) ?? false) || !e.carrier);
  }
  return [...units.values()].filter(Boolean).length;
}

export async function loadEditCounts(database: OstatokDatabase = db): Promise<EditCounts> {
  const [unsent, rejected] = await Promise.all([countUnsent(database), database.outbox.where('status').equals('rejected').toArray()]);
  return { unsent, refused: countRefusedEdits(rejected) };
}
