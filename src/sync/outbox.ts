import { db, type HttpWriteMethod, type MirroredRow, type MirroredTableName, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';

export interface EditCall {
  method: HttpWriteMethod;
  path: string;
  body?: unknown;
  /** Edits that must apply together (a batch save) share a group. */
  group?: string | null;
}

const queuedListeners = new Set<() => void>();
/** The sync worker listens here to send soon after an edit. */
export function onEntryQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
const announce = () => queuedListeners.forEach((l) => l());

function newEntry(table: MirroredTableName, rowId: string, call: EditCall, before: MirroredRow | null): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    group: call.group ?? null,
    method: call.method,
    path: call.path,
    body: call.body,
    table,
    row_id: rowId,
    before,
    created_at: Date.now(),
    status: 'pending',
    attempts: 0,
    error: null,
  };
}

/** Entries for one row not settled yet (pending or being sent), oldest first. */
export function unsettledEntries(table: MirroredTableName, rowId: string, database: OstatokDatabase = db): Promise<OutboxEntry[]> {
  return database.outbox
    .where('[table+row_id]')
    .equals([table, rowId])
    .filter((e) => e.status !== 'rejected')
    .sortBy('seq');
}

/** A new row: stored locally at once and its create call queued, in one transaction. */
export async function queueCreate(table: MirroredTableName, row: MirroredRow, call: EditCall, database: OstatokDatabase = db): Promise<void> {
  await database.transaction('rw', database.mirrored(table), database.outbox, async () => {
    await database.mirrored(table).add(row);
    await database.outbox.add(newEntry(table, row.id, call, null));
  });
  announce();
}

/**
 * A change to a row. While the row's last queued call is still waiting (never sent, not in a
 * group), this one folds into it: the same fields edited again, or a row created offline and then
 * edited, become one call. PATCH bodies use the create body's field names (true across SPEC §7).
 */
export async function queueUpdate(
  table: MirroredTableName,
  rowId: string,
  changes: Record<string, unknown>,
  call: EditCall,
  database: OstatokDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.mirrored(table), database.outbox, async () => {
    const current = await database.mirrored(table).get(rowId);
    if (!current) throw new Error(`Нет записи ${table}/${rowId} на устройстве`);
    await database.mirrored(table).update(rowId, changes);
    const last = (await unsettledEntries(table, rowId, database)).at(-1);
    const foldable =
      last?.status === 'pending' &&
      // Sent before (answer lost or a retry): the server may have applied it; its replay must match.
      last.attempts === 0 &&
      last.group === null &&
      !call.group &&
      ((last.method === 'PATCH' && last.path === call.path) || (last.method === 'POST' && last.before === null));
    if (foldable) await database.outbox.update(last.seq!, { body: { ...(last.body as object), ...(call.body as object) } });
    else await database.outbox.add(newEntry(table, rowId, call, current));
  });
  announce();
}

/**
 * Removes a row. A row created offline and never sent just disappears with its queued calls;
 * otherwise its waiting edits are dropped and one delete call is queued.
 */
export async function queueDelete(table: MirroredTableName, rowId: string, call: EditCall, database: OstatokDatabase = db): Promise<void> {
  await database.transaction('rw', database.mirrored(table), database.outbox, async () => {
    const current = await database.mirrored(table).get(rowId);
    const entries = await unsettledEntries(table, rowId, database);
    await database.mirrored(table).delete(rowId);
    // Only calls never sent can be dropped: one tried before may already be applied on the server.
    const waiting = entries.filter((e) => e.status === 'pending' && e.attempts === 0 && e.group === null);
    await database.outbox.bulkDelete(waiting.map((e) => e.seq!));
    const neverSent = waiting.some((e) => e.method === 'POST' && e.before === null) && waiting.length === entries.length;
    if (neverSent) return;
    const before = waiting[0]?.before ?? current ?? null;
    await database.outbox.add(newEntry(table, rowId, call, before));
  });
  announce();
}

/**
 * One call whose local effect spans several rows (grouping products, ungrouping listings, starting
 * an import). `apply` changes the local rows in the same transaction as the queued entry, which is
 * filed under `table/rowId` with that row as `before`. Should the server refuse it, that row is put
 * back; the other rows touched are corrected by the server's later changes.
 */
export async function queueCall(
  table: MirroredTableName,
  rowId: string,
  call: EditCall,
  { tables = [], apply }: { tables?: MirroredTableName[]; apply?: () => Promise<void> } = {},
  database: OstatokDatabase = db,
): Promise<void> {
  const scope = [...new Set([table, ...tables])].map((t) => database.mirrored(t));
  await database.transaction('rw', [...scope, database.outbox], async () => {
    const current = await database.mirrored(table).get(rowId);
    if (!current) throw new Error(`Нет записи ${table}/${rowId} на устройстве`);
    await apply?.();
    await database.outbox.add(newEntry(table, rowId, call, current));
  });
  announce();
}

/**
 * Edits not on the server yet. Two single-key counts, not anyOf(): Dexie counts an anyOf() by
 * walking every entry, and live queries rerun this after each settled entry.
 */
export async function countUnsent(database: OstatokDatabase = db): Promise<number> {
  const [pending, sending] = await Promise.all([
    database.outbox.where('status').equals('pending').count(),
    database.outbox.where('status').equals('sending').count(),
  ]);
  return pending + sending;
}
