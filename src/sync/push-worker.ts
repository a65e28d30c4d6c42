import { db, type MirroredRow, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { setMeta } from '../db/meta.ts';
import { OUTFLOW_TABLES } from '../stock/projection.ts';
import { rowOfAnswer } from './answer-rows.ts';
import { withLock } from './locks.ts';
import { deleteAt, newer, putIfNewer, restoreRow, tombstoneOf, versionOf } from './mirror-writes.ts';
import { unsettledEntries } from './outbox.ts';

export interface PushResult {
  id: string;
  status: number;
  body: unknown;
}

/** What one push call came to: per-entry results, or a reason to try again later. */
export type PushOutcome = { kind: 'results'; results: PushResult[] } | { kind: 'retry'; reason: string };

export type PushTransport = (entries: Pick<OutboxEntry, 'id' | 'group' | 'method' | 'path' | 'body'>[]) => Promise<PushOutcome>;

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Set when sending stopped on a network error, a 5xx or similar: retry after a backoff. */
  retry?: string;
}

const MAX_ENTRIES_PER_PUSH = 200;
/**
 * "Not now", not "never": retried like a 5xx. 408 and 429 ask to come back later; a 401 means the
 * token expired on the way, never that the edit is wrong: the next push refreshes it and resends.
 */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429 || status === 401;

/**
 * Sends the outbox in order, many entries per push call, whole groups only. One tab at a time
 * (Web Lock); entries are marked 'sending' in IndexedDB so another tab never folds an edit into
 * a call already on the wire. A refused entry is marked rejected and its row put back as it was;
 * the rest of the queue goes on.
 */
export function drainOutbox(transport: PushTransport, database: OstatokDatabase = db): Promise<DrainResult> {
  return withLock('ostatok-outbox', async () => {
    // Entries left 'sending' by a tab that closed mid-call: we hold the lock, so they are orphans.
    // Counted as an attempt: the server may have applied them, so no edit may fold into them.
    await database.outbox
      .where('status')
      .equals('sending')
      .modify((e) => {
        e.status = 'pending';
        e.attempts++;
      });
    const result: DrainResult = { sent: 0, rejected: 0 };
    for (;;) {
      const batch = await takeBatch(database);
      if (batch.length === 0) break;
      let outcome: PushOutcome;
      try {
        // Entries that only record a row another entry's call writes are not calls (queueGroup).
        const calls = batch.filter((e) => !e.carrier);
        outcome = await transport(calls.map(({ id, group, method, path, body }) => ({ id, group, method, path, body })));
      } catch (err) {
        outcome = { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
      }
      if (outcome.kind === 'retry') {
        await release(batch, database);
        return { ...result, retry: outcome.reason };
      }
      const stopped = await settle(batch, outcome.results, database, result);
      if (stopped) return { ...result, retry: stopped };
    }
    await setMeta('last_sync_at', Date.now(), database);
    return result;
  });
}

async function takeBatch(database: OstatokDatabase): Promise<OutboxEntry[]> {
  return database.transaction('rw', database.outbox, async () => {
    const pending = await database.outbox.where('status').equals('pending').sortBy('seq');
    const batch: OutboxEntry[] = [];
    const createdHere = new Set<string>();
    for (const entry of pending) {
      const last = batch.at(-1);
      const sameGroup = last && entry.group !== null && entry.group === last.group;
      if (batch.length >= MAX_ENTRIES_PER_PUSH && !sameGroup) break;
      // An edit of a row whose create is in this call waits for the create's answer: should the
      // create be refused, the edit must not reach another row that answers to the same path.
      if (createdHere.has(`${entry.table}/${entry.row_id}`) && !sameGroup) break;
      if (isCreate(entry)) createdHere.add(`${entry.table}/${entry.row_id}`);
      batch.push(entry);
    }
    await database.outbox.bulkUpdate(batch.map((e) => ({ key: e.seq!, changes: { status: 'sending' as const } })));
    return batch;
  });
}

async function release(entries: OutboxEntry[], database: OstatokDatabase): Promise<void> {
  await database.outbox.bulkUpdate(entries.map((e) => ({ key: e.seq!, changes: { status: 'pending' as const, attempts: e.attempts + 1 } })));
}

/** Applies a push call's results; answers a reason when a transient failure stops the drain. */
async function settle(batch: OutboxEntry[], results: PushResult[], database: OstatokDatabase, tally: DrainResult): Promise<string | undefined> {
  const byId = new Map(results.map((r) => [r.id, r]));
  const groupFailure = new Map<string, string>();
  // A group that failed on a transient answer (5xx, 429) is tried again whole: its other entries'
  // 424 means "not applied this time", not "refused".
  const retryGroups = new Set<string>();
  for (const r of results) {
    const entry = batch.find((e) => e.id === r.id);
    if (entry?.group && r.status >= 400 && r.status !== 424) groupFailure.set(entry.group, reasonOf(r));
    if (entry?.group && isTransient(r.status)) retryGroups.add(entry.group);
  }
  // One transaction for the whole call (accept and reject join it): one commit, and live queries
  // such as the stores list rerun once per call rather than once per entry, which made draining a
  // long outbox quadratic (1,000 edits took 75 s with the stores list open).
  const tables = [...new Set(batch.map((e) => e.table))].map((t) => database.mirrored(t));
  return database.transaction('rw', [...tables, database.outbox, database.tombstones], async () => {
    let stop: string | undefined;
    for (const entry of batch) {
      // A row written by another entry's call settles with that call's answer.
      const r = byId.get(entry.carrier ?? entry.id);
      if (stop || !r || isTransient(r.status) || (entry.group !== null && retryGroups.has(entry.group))) {
        stop ??= r ? ((entry.group !== null && groupFailure.get(entry.group)) || reasonOf(r)) : 'нет ответа на запись';
        await database.outbox.update(entry.seq!, { status: 'pending', attempts: entry.attempts + 1 });
      } else if (r.status < 400) {
        await accept(entry, r.body, database);
        tally.sent++;
      } else {
        const reason = r.status === 424 && entry.group ? (groupFailure.get(entry.group) ?? reasonOf(r)) : reasonOf(r);
        tally.rejected += await reject(entry, reason, database);
      }
    }
    return stop;
  });
}

function reasonOf(r: PushResult): string {
  const detail = (r.body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : `Сервер ответил ${r.status}`;
}

/**
 * Outflows take units from lots, and the answer carries only the outflow's own row: the lots as the
 * server changed them come with the next pull. Until then the accepted entry stays in the outbox as
 * `applied`, so the stock projection keeps replaying it over the old mirrored lots and no screen
 * shows the units as back in stock in between (the pull that brings the lots removes it; src/sync/pull.ts).
 */
const KEPT_UNTIL_PULLED = new Set<string>(OUTFLOW_TABLES);

/**
 * The server's answer is the row as it was when the entry applied: stored unless the device knows a
 * newer state. A pull that ran while the entry waited (answer late, or lost and replayed) held the
 * row and kept what it saw in the entry's `before`; that copy may be newer than the answer, and the
 * cursor has moved past it, so the newest of the two is what the row becomes (src/sync/mirror-writes.ts).
 * An answer that does not describe the row (a carrier of a group) leaves only `before`, which
 * counts only when a pull made it newer than the local row.
 */
async function accept(entry: OutboxEntry, body: unknown, database: OstatokDatabase): Promise<void> {
  const table = database.mirrored(entry.table);
  await database.transaction('rw', table, database.outbox, database.tombstones, async () => {
    const seen = (await database.outbox.get(entry.seq!))?.before ?? null;
    if (KEPT_UNTIL_PULLED.has(entry.table)) await database.outbox.update(entry.seq!, { status: 'applied', applied_at: Date.now() });
    else await database.outbox.delete(entry.seq!);
    // The row is gone here already; the pull brings its tombstone.
    if (entry.method === 'DELETE') return;
    const row = body as { id?: unknown } | null;
    const answer = row?.id === entry.row_id ? rowOfAnswer(entry.table, row as MirroredRow) : null;
    const deletedAt = await tombstoneOf(database, entry.table, entry.row_id);
    const newest = newer(seen, answer);
    const known = versionOf(newest) > deletedAt ? newest : null;
    const later = await unsettledEntries(entry.table, entry.row_id, database);
    if (later.length === 0) {
      if (known) await putIfNewer(database, entry.table, known);
      // Deleted on the server after all this: the held copy goes too.
      else if (deletedAt >= 0) await deleteAt(database, entry.table, entry.row_id, deletedAt);
      return;
    }
    // Newer edits stay on screen; should they be refused, the row as the server now has it comes back.
    const updates = later.flatMap((e) => {
      const before = known ? newer(e.before, known) : newer(e.before, null, deletedAt);
      return before === e.before ? [] : [{ key: e.seq!, changes: { before } }];
    });
    await database.outbox.bulkUpdate(updates);
  });
}

const isCreate = (entry: OutboxEntry) => entry.method === 'POST' && entry.before === null;

/** Marks the entry refused and puts its row back; answers how many entries were refused with it. */
async function reject(entry: OutboxEntry, reason: string, database: OstatokDatabase): Promise<number> {
  const table = database.mirrored(entry.table);
  return database.transaction('rw', table, database.outbox, database.tombstones, async () => {
    // `before` as stored now: a pull or an earlier answer may have updated it while this was on the wire.
    const before = (await database.outbox.get(entry.seq!))?.before ?? null;
    await database.outbox.update(entry.seq!, { status: 'rejected', error: reason });
    const later = await unsettledEntries(entry.table, entry.row_id, database);
    // Edits of a row the server refused to create have nothing to apply to: refused with it, unsent.
    if (isCreate(entry) && later.every((e) => e.status === 'pending')) {
      const why = `Не отправлено: запись не создана на сервере (${reason})`;
      await database.outbox.bulkUpdate(later.map((e) => ({ key: e.seq!, changes: { status: 'rejected' as const, error: why } })));
      await table.delete(entry.row_id);
      return 1 + later.length;
    }
    if (later.length > 0) return 1;
    // Never older than what the device knows: a pull or another answer may have brought a newer copy.
    await restoreRow(database, entry.table, entry.row_id, before);
    return 1;
  });
}
