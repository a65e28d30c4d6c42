import {
  db,
  type FieldChange,
  type MirroredRow,
  type MirroredTableName,
  type OstatokDatabase,
  type OutboxEntry,
} from '../db/database.ts';
import { versionOf } from './mirror-writes.ts';
import { onEntryQueued } from './outbox.ts';

/*
 * Two members edit one field without a network; the server keeps whichever edit reached it last, and every device
 * ends with that value through the pull. The one whose value was replaced must be told, not see it flip silently
 * (issue 24): this device remembers the fields it edited (db.field_changes, state 'mine'), and when a row written
 * by someone else comes with another value in such a field, the field becomes 'replaced' — who and when — until the
 * person edits it again or dismisses the note. Never for this person's own writes, for fields this device did not
 * edit, or when the value that came is the one it sent.
 */

/** Edits and notes older than this are forgotten: a note nobody opened in a month tells nothing any more. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const keyOf = (table: MirroredTableName, rowId: string, field: string) => `${table}/${rowId}/${field}`;
const rowKeyOf = (table: MirroredTableName, rowId: string) => `${table}/${rowId}`;
/** Values as JSON carries them: the server's copy of an array or an object is another object with the same content. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The row fields a queued entry sets: a PATCH or PUT of one row on its own whose body names fields the row has
 * (PATCH bodies use the row's field names: docs/sync-protocol.md «Очередь (outbox)»). A group's calls and the calls
 * that act on several rows carry documents, not a row's fields.
 */
export function fieldsEditedBy(entry: OutboxEntry): Record<string, unknown> {
  const { method, body, before } = entry;
  if ((method !== 'PATCH' && method !== 'PUT') || entry.group !== null || entry.carrier || !before) return {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter(([field]) => field in before && field !== 'id'));
}

/**
 * Marks the fields these queued entries set as this device's, with the value sent (the latest entry's); a note on
 * such a field goes: the person edited it again. Callers hold a transaction over `field_changes` (and `outbox`).
 */
async function recordOwnEdits(database: OstatokDatabase, entries: readonly OutboxEntry[]): Promise<void> {
  const latest = new Map<string, FieldChange>();
  const since = Date.now();
  for (const entry of [...entries].sort((a, b) => a.seq! - b.seq!))
    for (const [field, value] of Object.entries(fieldsEditedBy(entry))) {
      const key = keyOf(entry.table, entry.row_id, field);
      latest.set(key, { key, table: entry.table, row_id: entry.row_id, field, since, state: 'mine', value });
    }
  if (latest.size === 0) return;
  const stored = await database.field_changes.bulkGet([...latest.keys()]);
  // Unchanged ones keep what they know (a contested copy among it).
  const changed = [...latest.values()].filter((c, i) => {
    const s = stored[i];
    return !(s?.state === 'mine' && c.state === 'mine' && same(s.value, c.value));
  });
  await database.field_changes.bulkPut(changed);
}

/** The fields of the entries now waiting in the queue, recorded as this device's edits. */
export async function noteQueuedEdits(database: OstatokDatabase = db): Promise<void> {
  await database.transaction('rw', [database.outbox, database.field_changes], async () => {
    const [pending, sending] = await Promise.all([
      database.outbox.where('status').equals('pending').toArray(),
      database.outbox.where('status').equals('sending').toArray(),
    ]);
    await recordOwnEdits(database, [...pending, ...sending]);
  });
}

/**
 * Records every edit of `database` as it is queued. The queue is read in the same task as the announcement, before
 * the drain it also starts can take the lock, send and settle the entry: an edit sent at once is recorded as surely
 * as one made offline (the pull records waiting edits too, in its own transaction). Answers the unsubscribe.
 */
export function watchOwnEdits(database: OstatokDatabase = db): () => void {
  return onEntryQueued(() => void noteQueuedEdits(database).catch(() => undefined));
}

// The app's database, from the first import of sync on.
watchOwnEdits();

/** A server change of one row, as the pull brings it. */
export interface PulledChange {
  table: MirroredTableName;
  id: string;
  version: number;
  row: MirroredRow | null;
}

/** Who wrote a server copy, and when: null for the server's own work (imports, marketplace orders). */
const authorOf = (row: MirroredRow) => ({
  by: typeof row.updated_by === 'string' ? row.updated_by : null,
  at: typeof row.updated_at === 'string' ? row.updated_at : new Date().toISOString(),
});

/** The field's note: `by`'s write (at `at`) replaced this device's value. */
const replaced = (record: FieldChange, by: string | null, at: string): FieldChange => ({
  key: record.key,
  table: record.table,
  row_id: record.row_id,
  field: record.field,
  since: Date.now(),
  state: 'replaced',
  by,
  at,
});

/**
 * What a newer server copy of the row (`row`, at `version`) does to one of this device's fields. `queued`: an edit
 * of the field still waits, so the device's value is still to reach the server, after or before this copy's (an
 * edit on the wire may already be applied): the copy is kept as contested, and settleContestedFields decides once
 * the edit is settled. Answers the record to store, or null when it stays as it is.
 */
function judge(
  record: Extract<FieldChange, { state: 'mine' }>,
  row: MirroredRow,
  version: number,
  queued: boolean,
  me: string,
): FieldChange | null {
  const value = row[record.field];
  const { by, at } = authorOf(row);
  const { contested, ...mine } = record;
  if (queued) {
    if (contested && contested.version >= version) return null;
    if (by !== me && !same(value, record.value)) return { ...mine, contested: { value, by, at, version } };
    return contested ? mine : null;
  }
  // The person's own write (from here, or from another device of theirs): the value as the server keeps it.
  if (by === me) return same(value, record.value) ? (contested ? mine : null) : { ...mine, value };
  if (!same(value, record.value)) return replaced(record, by, at);
  return contested ? mine : null;
}

/**
 * For the pull (./pull.ts), in its transaction, before a chunk's rows are written: records the waiting edits
 * (`held`: pending and sending entries by `table/row_id`) as this device's, then judges each newer copy of a row with
 * a field of this device's. `me`: the signed-in person (no one: nothing is judged).
 */
export async function noteReplacedFields(
  database: OstatokDatabase,
  changes: readonly PulledChange[],
  held: ReadonlyMap<string, readonly OutboxEntry[]>,
  me: string | null,
): Promise<void> {
  await recordOwnEdits(database, [...held.values()].flat());
  if (!me) return;
  // Keys only: most pulls bring no row this device edited, and the keys say which rows it did.
  const keysByRow = new Map<string, string[]>();
  for (const key of (await database.field_changes.toCollection().primaryKeys()) as string[]) {
    const rowKey = key.slice(0, key.lastIndexOf('/'));
    keysByRow.set(rowKey, [...(keysByRow.get(rowKey) ?? []), key]);
  }
  const hits = changes.filter((c) => keysByRow.has(rowKeyOf(c.table, c.id)));
  if (hits.length === 0) return;
  const [records, current] = await Promise.all([
    database.field_changes.bulkGet(hits.flatMap((c) => keysByRow.get(rowKeyOf(c.table, c.id))!)),
    Promise.all(hits.map((c) => database.mirrored(c.table).get(c.id))),
  ]);
  const byKey = new Map(records.flatMap((r) => (r ? [[r.key, r] as const] : [])));
  const puts: FieldChange[] = [];
  const deletes: string[] = [];
  hits.forEach((change, i) => {
    const rowKey = rowKeyOf(change.table, change.id);
    const keys = keysByRow.get(rowKey)!;
    // The row is gone: nothing of it to show.
    if (!change.row) return void deletes.push(...keys);
    const waiting = held.get(rowKey) ?? [];
    const queued = new Set(waiting.flatMap((e) => Object.keys(fieldsEditedBy(e))));
    // Not news: the device knows this state of the row or a later one (a push answer came first).
    const known = Math.max(versionOf(current[i]), ...waiting.map((e) => versionOf(e.before)));
    if (change.version <= known) return;
    for (const key of keys) {
      const record = byKey.get(key);
      if (record?.state !== 'mine' || !(record.field in change.row)) continue;
      const next = judge(record, change.row, change.version, queued.has(record.field), me);
      if (next) puts.push(next);
    }
  });
  await Promise.all([database.field_changes.bulkPut(puts), database.field_changes.bulkDelete(deletes)]);
}

/**
 * At the end of a pull: each contested field whose edit is settled now is decided by the row the device holds — the
 * newer of the push answer and the copy the pull kept (src/sync/push-answers.ts) — so the value the contested copy
 * brought means the other member's write came last. Old edits and notes are dropped.
 */
export async function settleFieldChanges(database: OstatokDatabase = db): Promise<void> {
  await database.field_changes
    .where('since')
    .below(Date.now() - KEEP_MS)
    .delete();
  const contested = (await database.field_changes
    .filter((r) => r.state === 'mine' && !!r.contested)
    .toArray()) as Array<Extract<FieldChange, { state: 'mine' }>>;
  if (contested.length === 0) return;
  const tables = [...new Set(contested.map((r) => r.table))].map((t) => database.mirrored(t));
  await database.transaction('rw', [database.outbox, database.field_changes, ...tables], async () => {
    for (const record of contested) {
      const fresh = await database.field_changes.get(record.key);
      if (fresh?.state !== 'mine' || !fresh.contested) continue;
      const entries = await database.outbox
        .where('[table+row_id]')
        .equals([fresh.table, fresh.row_id])
        .filter((e) => e.status === 'pending' || e.status === 'sending')
        .toArray();
      if (entries.some((e) => fresh.field in fieldsEditedBy(e))) continue;
      const row = await database.mirrored(fresh.table).get(fresh.row_id);
      const { contested: copy, ...mine } = fresh;
      if (!row) await database.field_changes.delete(fresh.key);
      else if (versionOf(row) >= copy.version && same(row[fresh.field], copy.value) && !same(copy.value, fresh.value))
        await database.field_changes.put(replaced(fresh, copy.by, copy.at));
      else await database.field_changes.put(mine);
    }
  });
}

/** A field of a row someone else's write replaced: `by` a member's id (null: the server's own work), `at` ISO. */
export interface ReplacedField {
  field: string;
  by: string | null;
  at: string;
}

export async function replacedFieldsOf(
  table: MirroredTableName,
  rowId: string,
  database: OstatokDatabase = db,
): Promise<ReplacedField[]> {
  const records = await database.field_changes.where('[table+row_id]').equals([table, rowId]).toArray();
  return records.flatMap((r) => (r.state === 'replaced' ? [{ field: r.field, by: r.by, at: r.at }] : []));
}

/** The person read the note: the field is no longer this device's edit either. */
export async function dismissReplacedField(
  table: MirroredTableName,
  rowId: string,
  field: string,
  database: OstatokDatabase = db,
): Promise<void> {
  await database.field_changes.delete(keyOf(table, rowId, field));
}

/** Who replaced a field, as a note names them. */
export function replacerName(names: ReadonlyMap<string, string>, by: string | null): string {
  if (by === null) return 'система';
  return names.get(by) ?? 'другой сотрудник';
}
