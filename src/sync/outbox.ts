import type { Table } from 'dexie';
import {
  db,
  type HttpWriteMethod,
  type MirroredRow,
  type MirroredTableName,
  type OstatokDatabase,
  type OutboxEntry,
} from '../db/database.ts';
import { businessIdFromToken } from './tokens.ts';

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
/** For entries put back in the queue outside this file (a refused edit sent again: ./refused-entries.ts). */
export const announceQueued = announce;

/** Queue writes under way, and when the last one started: see queueWritesSettled. */
const inFlight = new Set<Promise<unknown>>();
let lastStarted = 0;
function queueTransaction<T>(database: OstatokDatabase, tables: Table[], fn: () => Promise<T>): Promise<T> {
  const write = database.transaction('rw', tables, fn);
  lastStarted = Date.now();
  inFlight.add(write);
  void write.finally(() => inFlight.delete(write)).catch(() => undefined);
  return write;
}

/**
 * Resolves once no queue write is under way and none has started for `quietMs` (at most
 * `maxMs`): a save started by a blur may first await its own checks before it queues anything.
 */
export async function queueWritesSettled({ quietMs = 150, maxMs = 3000 } = {}): Promise<void> {
  const deadline = Date.now() + maxMs;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(quietMs);
  while (Date.now() < deadline) {
    if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    else if (Date.now() - lastStarted >= quietMs) return;
    else await sleep(quietMs);
  }
}

/** The business the device is signed in to now, if any (no storage at all in some tests: none). */
export const signedInBusiness = (): string | null =>
  typeof localStorage === 'undefined' ? null : businessIdFromToken();

function newEntry(table: MirroredTableName, rowId: string, call: EditCall, before: MirroredRow | null): OutboxEntry {
  // The edit is sent to this business and to no other (./push-worker.ts).
  const business = signedInBusiness();
  return {
    ...(business ? { business_id: business } : {}),
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
export function unsettledEntries(
  table: MirroredTableName,
  rowId: string,
  database: OstatokDatabase = db,
): Promise<OutboxEntry[]> {
  return database.outbox
    .where('[table+row_id]')
    .equals([table, rowId])
    .filter((e) => e.status === 'pending' || e.status === 'sending')
    .sortBy('seq');
}

/** A new row: stored locally at once and its create call queued, in one transaction. */
export async function queueCreate(
  table: MirroredTableName,
  row: MirroredRow,
  call: EditCall,
  database: OstatokDatabase = db,
): Promise<void> {
  await queueTransaction(database, [database.mirrored(table), database.outbox], async () => {
    await database.mirrored(table).add(row);
    await database.outbox.add(newEntry(table, row.id, call, null));
  });
  announce();
}

/**
 * A change to a row. While the row's last queued call is still waiting (never sent, not in a
 * group), this one folds into it: the same fields edited again, or a row created offline and then
 * edited, become one call. PATCH bodies use the create body's field names (true across the API: docs/sync-protocol.md
 * «Очередь (outbox)»).
 */
export async function queueUpdate(
  table: MirroredTableName,
  rowId: string,
  changes: Record<string, unknown>,
  call: EditCall,
  database: OstatokDatabase = db,
): Promise<void> {
  await queueTransaction(database, [database.mirrored(table), database.outbox], async () => {
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
    if (foldable)
      await database.outbox.update(last.seq!, { body: { ...(last.body as object), ...(call.body as object) } });
    else await database.outbox.add(newEntry(table, rowId, call, current));
  });
  announce();
}

/**
 * Removes a row. A row created offline and never sent just disappears with its queued calls;
 * otherwise its waiting edits are dropped and one delete call is queued.
 */
export async function queueDelete(
  table: MirroredTableName,
  rowId: string,
  call: EditCall,
  database: OstatokDatabase = db,
): Promise<void> {
  await queueTransaction(database, [database.mirrored(table), database.outbox], async () => {
    const current = await database.mirrored(table).get(rowId);
    const entries = await unsettledEntries(table, rowId, database);
    await database.mirrored(table).delete(rowId);
    // Only calls never sent can be dropped: one tried before may already be applied on the server.
    const waiting = entries.filter((e) => e.status === 'pending' && e.attempts === 0 && e.group === null);
    await database.outbox.bulkDelete(waiting.map((e) => e.seq!));
    const neverSent =
      waiting.some((e) => e.method === 'POST' && e.before === null) && waiting.length === entries.length;
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
  await queueTransaction(database, [...scope, database.outbox], async () => {
    const current = await database.mirrored(table).get(rowId);
    if (!current) throw new Error(`Нет записи ${table}/${rowId} на устройстве`);
    await apply?.();
    await database.outbox.add(newEntry(table, rowId, call, current));
  });
  announce();
}

/** What one call of a group does to one row on the device. */
export type RowChange =
  /** A new row, or one replaced whole. */
  | { table: MirroredTableName; put: MirroredRow }
  /** Some fields of a row the device has. */
  | { table: MirroredTableName; id: string; changes: Record<string, unknown> }
  /** The row goes. */
  | { table: MirroredTableName; id: string; remove: true };

export interface GroupCall {
  method: HttpWriteMethod;
  path: string;
  body?: unknown;
  /** The row the call is filed under: the one its answer describes (or the first it writes). */
  table: MirroredTableName;
  rowId: string;
  /** The call's local effect, written in the same transaction as the queued entries. */
  changes?: RowChange[];
}

const rowIdOf = (c: RowChange) => ('put' in c ? c.put.id : c.id);
const keyOf = (table: MirroredTableName, id: string) => `${table}/${id}`;

/**
 * Calls that must apply together (a batch save: its lines, then the document), each of which may
 * write several rows on the device. Queued as one group, in one transaction with the local rows:
 *
 * - each call is one entry, filed under `table/rowId`, and is the only thing sent;
 * - every other row a call writes, not written by an earlier call of the group, gets an entry that
 *   is never sent (`carrier` = the call's entry) and settles with the call's answer. That keeps
 *   what the rest of the app knows per row true for these rows too: a refusal puts each one back
 *   (a created row goes, a removed one returns), a pull leaves them alone while the group waits,
 *   and the stock projection replays each line of a batch body for its own row;
 * - every entry remembers its row as it was before the group (not between its calls), so whichever
 *   entry of a row settles last restores the row as the user had it.
 *
 * Answers the group id.
 */
export async function queueGroup(calls: GroupCall[], database: OstatokDatabase = db): Promise<string> {
  const group = crypto.randomUUID();
  const tables = new Set<MirroredTableName>();
  for (const call of calls) {
    tables.add(call.table);
    for (const c of call.changes ?? []) tables.add(c.table);
  }
  await queueTransaction(database, [...[...tables].map((t) => database.mirrored(t)), database.outbox], async () => {
    const original = new Map<string, MirroredRow | null>();
    const remember = async (table: MirroredTableName, id: string) => {
      const key = keyOf(table, id);
      if (!original.has(key)) original.set(key, (await database.mirrored(table).get(id)) ?? null);
    };
    const recorded = new Set<string>();
    for (const call of calls) {
      const changes = call.changes ?? [];
      await remember(call.table, call.rowId);
      for (const c of changes) await remember(c.table, rowIdOf(c));
      for (const c of changes) {
        const table = database.mirrored(c.table);
        if ('put' in c) await table.put(c.put);
        else if ('remove' in c) await table.delete(c.id);
        else if (!(await table.update(c.id, c.changes))) throw new Error(`Нет записи ${c.table}/${c.id} на устройстве`);
      }
      const filed = keyOf(call.table, call.rowId);
      if (!original.get(filed) && !(await database.mirrored(call.table).get(call.rowId)))
        throw new Error(`Нет записи ${filed} на устройстве`);
      const entry = newEntry(
        call.table,
        call.rowId,
        { method: call.method, path: call.path, body: call.body, group },
        original.get(filed) ?? null,
      );
      await database.outbox.add(entry);
      recorded.add(filed);
      for (const c of changes) {
        const key = keyOf(c.table, rowIdOf(c));
        if (recorded.has(key)) continue;
        recorded.add(key);
        const before = original.get(key) ?? null;
        const method: HttpWriteMethod = 'remove' in c ? 'DELETE' : before === null ? 'POST' : call.method;
        await database.outbox.add({
          ...newEntry(c.table, rowIdOf(c), { method, path: call.path, body: call.body, group }, before),
          carrier: entry.id,
        });
      }
    }
  });
  announce();
  return group;
}
