import type { MirroredRow, MirroredTableName, OstatokDatabase, OutboxEntry } from '../db/database.ts';

/**
 * The one rule of every write to a mirrored table: a copy of a row never replaces a newer one.
 * Every server row carries `version` from one global sequence, bumped on every write; the device
 * hears of a row by several paths (pull, push answers, replayed answers, `before` copies kept for
 * queued edits) in no fixed order, so only the version says which copy is the server's latest.
 * Deletions keep their version as a tombstone (db.tombstones) so an older copy cannot resurrect
 * the row. Callers hold a Dexie transaction over the table and `tombstones`.
 *
 * Rows made on the device carry version 0 (or none): any server copy is newer.
 */

export const versionOf = (row: MirroredRow | null | undefined): number =>
  typeof row?.version === 'number' ? row.version : -1;

const keyOf = (table: MirroredTableName, id: string) => `${table}/${id}`;

/**
 * The newer of what is known (`current`) and what just arrived (`incoming`, or null for a
 * deletion as of `incomingVersion`). A tie keeps `current`: it is the same server state, and a
 * local copy may carry edits on top of it.
 */
export function newer(
  current: MirroredRow | null,
  incoming: MirroredRow | null,
  incomingVersion = versionOf(incoming),
): MirroredRow | null {
  return incomingVersion > versionOf(current) ? incoming : current;
}

/** The version at which the server deleted the row, as far as the device knows; -1 if none. */
export async function tombstoneOf(database: OstatokDatabase, table: MirroredTableName, id: string): Promise<number> {
  return (await database.tombstones.get(keyOf(table, id)))?.version ?? -1;
}

/** Remembers that the server deleted the row as of `version` (a held row keeps its local copy). */
export async function noteDeleted(
  database: OstatokDatabase,
  table: MirroredTableName,
  id: string,
  version: number,
): Promise<void> {
  if (version > (await tombstoneOf(database, table, id)))
    await database.tombstones.put({ key: keyOf(table, id), version });
}

/** The row is gone as of `version`: removed unless the device has a newer copy; remembered. */
export async function deleteAt(
  database: OstatokDatabase,
  table: MirroredTableName,
  id: string,
  version: number,
): Promise<boolean> {
  await noteDeleted(database, table, id, version);
  const current = await database.mirrored(table).get(id);
  if (!current || versionOf(current) > version) return false;
  await database.mirrored(table).delete(id);
  return true;
}

async function write(
  database: OstatokDatabase,
  table: MirroredTableName,
  row: MirroredRow,
  replaceSame: boolean,
): Promise<boolean> {
  const deletedAt = await tombstoneOf(database, table, row.id);
  // Deleted as of this copy or later: the copy is history; so is a local copy no newer than that.
  const v = versionOf(row);
  if (deletedAt >= v) {
    await deleteAt(database, table, row.id, deletedAt);
    return false;
  }
  const current = await database.mirrored(table).get(row.id);
  const c = versionOf(current);
  if (current && (replaceSame ? c > v : c >= v)) return false;
  await database.mirrored(table).put(row);
  return true;
}

/**
 * Stores a server copy of a row (a pull, a push answer) when it is newer than the device's copy
 * and than any deletion the device knows of. Answers whether it was written.
 */
export function putIfNewer(database: OstatokDatabase, table: MirroredTableName, row: MirroredRow): Promise<boolean> {
  return write(database, table, row, false);
}

/**
 * Puts a refused edit's row back as the server had it (`before`; null: it was never on the server,
 * or the server deleted it). Unlike putIfNewer a copy of the same version wins: the local row at
 * that version carries the refused edit. Still never older than what the device knows.
 */
export async function restoreRow(
  database: OstatokDatabase,
  table: MirroredTableName,
  id: string,
  before: MirroredRow | null,
): Promise<void> {
  if (before) await write(database, table, before, true);
  else await database.mirrored(table).delete(id);
}

/** A server change of one row: its copy, or null when the server deleted it as of `version`. */
export interface ServerChange {
  id: string;
  version: number;
  row: MirroredRow | null;
}

/** Drops the tombstones of rows no queued edit refers to any more (keys `table/id` in `keep` stay). */
export async function pruneTombstones(database: OstatokDatabase, keep: ReadonlySet<string>): Promise<void> {
  const stale = (await database.tombstones.toCollection().primaryKeys()).filter((k) => !keep.has(k));
  await database.tombstones.bulkDelete(stale);
}

/**
 * The server's copy of a row the device holds back because edits of it are queued (`waiting`):
 * the local row stays, but what the server now has must not be lost as the cursor moves on. A
 * refused edit restores it, an accepted one's (older) answer yields to it (src/sync/push-worker.ts).
 * A deletion (`row` null) is remembered by version, as `before` cannot say it. Used by the pull and
 * by the mirror repair.
 */
export async function keepServerCopy(
  database: OstatokDatabase,
  table: MirroredTableName,
  change: { id: string; version: number; row: MirroredRow | null },
  waiting: readonly OutboxEntry[],
): Promise<void> {
  if (!change.row) await noteDeleted(database, table, change.id, change.version);
  const updates = waiting.flatMap((e) => {
    const before = newer(e.before, change.row, change.version);
    return before === e.before ? [] : [{ key: e.seq!, changes: { before } }];
  });
  await database.outbox.bulkUpdate(updates);
}
