import type { MirroredRow, MirroredTableName, OstatokDatabase, OutboxEntry } from '../db/database.ts';
import { OUTFLOW_TABLES } from '../stock/projection.ts';
import { rowOfAnswer } from './answer-rows.ts';
import { applyServerChanges } from './mirror-bulk.ts';
import { newer, restoreRow, tombstoneOf, versionOf, type ServerChange } from './mirror-writes.ts';
import { unsettledEntries } from './outbox.ts';
import type { DrainResult, PushResult } from './push-worker.ts';

/**
 * "Not now", not "never": retried like a 5xx. 408 and 429 ask to come back later; a 401 means the
 * token expired on the way, never that the edit is wrong: the next push refreshes it and resends.
 */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429 || status === 401;

/** What settling a call does with one of its entries. */
export type Fate = { kind: 'accept'; body: unknown } | { kind: 'reject'; reason: string } | { kind: 'retry' };

/**
 * The server ran out of time for the call (server/sync/push.ts): it applied what it could and asks for the rest again.
 */
const pastDeadline = (r: PushResult) =>
  r.status === 503 && (r.body as { code?: unknown } | null)?.code === 'push_deadline';

/**
 * Each entry's fate from the call's answers, in queue order, and why the drain stops if it does:
 * from the first entry answered "not now" (or not at all) on, every entry is sent again later.
 * `resendNow` when that was the server's deadline after some of the call was applied: the server
 * is working through the queue, just slower than one call allows, so the rest goes at once rather
 * than after a failure's backoff (each call applies at least one new group: it always progresses).
 */
export function fatesOf(
  batch: OutboxEntry[],
  results: PushResult[],
): { fates: Fate[]; stop?: string; resendNow: boolean } {
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
  let stop: string | undefined;
  let stoppedByDeadline = false;
  const fates = batch.map((entry): Fate => {
    // A row written by another entry's call settles with that call's answer.
    const r = byId.get(entry.carrier ?? entry.id);
    if (stop || !r || isTransient(r.status) || (entry.group !== null && retryGroups.has(entry.group))) {
      if (stop === undefined) stoppedByDeadline = r !== undefined && pastDeadline(r);
      stop ??= r ? (entry.group !== null && groupFailure.get(entry.group)) || reasonOf(r) : 'нет ответа на запись';
      return { kind: 'retry' };
    }
    if (r.status < 400) return { kind: 'accept', body: r.body };
    return {
      kind: 'reject',
      reason: r.status === 424 && entry.group ? (groupFailure.get(entry.group) ?? reasonOf(r)) : reasonOf(r),
    };
  });
  return { fates, stop, resendNow: stoppedByDeadline && fates[0]?.kind !== 'retry' };
}

/** What settle writes at the end, for all the rows accepted in bulk at once. */
interface SettledWrites {
  /** Accepted entries that leave the outbox. */
  removed: number[];
  /** Accepted outflows, kept as `applied` until a pull (KEPT_UNTIL_PULLED). */
  applied: number[];
  /** Later entries' `before`, brought up to date. */
  befores: Map<number, MirroredRow | null>;
  /** The rows the answers bring, by table (stored with applyServerChanges). */
  rows: Map<MirroredTableName, ServerChange[]>;
}

/**
 * Stores a call's answers. One transaction for the whole call: one commit, and live queries such
 * as the stores list rerun once per call rather than once per entry, which made draining a long
 * outbox quadratic (1,000 edits took 75 s with the stores list open).
 *
 * Entries of one row settle in queue order, each after the one before it (which may have changed
 * its `before` or removed the row). Different rows share nothing that settling reads or writes
 * (their row, tombstone and entries), so rows settle side by side. A row whose entries were all
 * accepted — nearly every row — is settled from one read of its entries and one of its tombstone,
 * its writes made with every such row's in a few bulk requests; a row with a refusal or a retry
 * goes entry by entry. The rows the answers bring are written last, each table's in one go
 * (applyServerChanges, the rule of putIfNewer): nothing else in the call reads them.
 */
export async function settle(
  batch: OutboxEntry[],
  fates: Fate[],
  database: OstatokDatabase,
  tally: DrainResult,
): Promise<void> {
  const byRow = new Map<string, number[]>();
  batch.forEach((e, i) => byRow.set(`${e.table}/${e.row_id}`, [...(byRow.get(`${e.table}/${e.row_id}`) ?? []), i]));
  const allAccepted = (indexes: number[]) => indexes.every((i) => fates[i]!.kind === 'accept');
  const inBulk = [...byRow.values()].filter(allAccepted);
  const oneByOne = [...byRow.values()].filter((indexes) => !allAccepted(indexes));
  const tables = [...new Set(batch.map((e) => e.table))];
  const writes: SettledWrites = {
    removed: [],
    applied: [],
    befores: new Map(),
    rows: new Map(tables.map((t) => [t, []])),
  };
  const bodyOf = (i: number) => (fates[i] as { body: unknown }).body;
  await database.transaction(
    'rw',
    [...tables.map((t) => database.mirrored(t)), database.outbox, database.tombstones],
    async () => {
      await Promise.all([
        acceptInBulk(
          inBulk.map((indexes) => indexes.map((i) => ({ entry: batch[i]!, body: bodyOf(i) }))),
          database,
          writes,
        ),
        ...oneByOne.map(async (indexes) => {
          for (const i of indexes) {
            const entry = batch[i]!;
            const fate = fates[i]!;
            if (fate.kind === 'retry')
              await database.outbox.update(entry.seq!, { status: 'pending', attempts: entry.attempts + 1 });
            else if (fate.kind === 'accept') {
              const change = await accept(entry, fate.body, database);
              if (change) writes.rows.get(entry.table)!.push(change);
              tally.sent++;
            } else {
              // Not `tally.rejected += await …`: that reads the tally before the wait, while other rows change it.
              const refused = await reject(entry, fate.reason, database);
              tally.rejected += refused;
            }
          }
        }),
      ]);
      tally.sent += inBulk.reduce((n, indexes) => n + indexes.length, 0);
      // One change per entry: an outflow may take a new `before` and become `applied` in the same call.
      const changes = new Map<number, Partial<OutboxEntry>>(
        [...writes.befores].map(([seq, before]) => [seq, { before }]),
      );
      const appliedAt = Date.now();
      for (const seq of writes.applied)
        changes.set(seq, { ...changes.get(seq), status: 'applied', applied_at: appliedAt });
      for (const seq of writes.removed) changes.delete(seq);
      await Promise.all([
        database.outbox.bulkUpdate([...changes].map(([key, change]) => ({ key, changes: change }))),
        database.outbox.bulkDelete(writes.removed),
      ]);
      for (const [table, changes] of writes.rows) await applyServerChanges(database, table, changes);
    },
  );
}

/** Pending and sending entries, in queue order. */
const unsettledOf = (entries: OutboxEntry[]) =>
  entries.filter((e) => e.status === 'pending' || e.status === 'sending').sort((a, b) => a.seq! - b.seq!);

/**
 * Rows whose entries in the call were all accepted: each row's entries and tombstone read at once,
 * then its entries accepted one after another in memory, as accept() does in IndexedDB.
 */
async function acceptInBulk(
  rows: Array<Array<{ entry: OutboxEntry; body: unknown }>>,
  database: OstatokDatabase,
  writes: SettledWrites,
): Promise<void> {
  if (rows.length === 0) return;
  const [stored, stones] = await Promise.all([
    Promise.all(
      rows.map(([first]) =>
        database.outbox.where('[table+row_id]').equals([first!.entry.table, first!.entry.row_id]).toArray(),
      ),
    ),
    // Keys as src/sync/mirror-writes.ts stores them (tombstoneOf).
    database.tombstones.bulkGet(rows.map(([first]) => `${first!.entry.table}/${first!.entry.row_id}`)),
  ]);
  rows.forEach((row, r) => {
    let unsettled = unsettledOf(stored[r]!);
    for (const { entry, body } of row) {
      const outcome = accepted(entry, body, unsettled, stones[r]?.version ?? -1);
      (KEPT_UNTIL_PULLED.has(entry.table) ? writes.applied : writes.removed).push(entry.seq!);
      for (const e of outcome.newBefores) writes.befores.set(e.seq!, e.before);
      if (outcome.change) writes.rows.get(entry.table)!.push(outcome.change);
      unsettled = outcome.later;
    }
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

/** What accepting one entry does to its row, decided from what is stored (nothing is written here). */
interface Accepted {
  /** The row's entries still unsettled after this one, in queue order, `before` brought up to date. */
  later: OutboxEntry[];
  /** Those of `later` whose `before` changed. */
  newBefores: OutboxEntry[];
  /** The row to store (applyServerChanges), when no later edit of it waits. */
  change: ServerChange | null;
}

/**
 * The server's answer is the row as it was when the entry applied: stored unless the device knows a
 * newer state. A pull that ran while the entry waited (answer late, or lost and replayed) held the
 * row and kept what it saw in the entry's `before`; that copy may be newer than the answer, and the
 * cursor has moved past it, so the newest of the two is what the row becomes (src/sync/mirror-writes.ts).
 * An answer that does not describe the row (a carrier of a group) leaves only `before`, which
 * counts only when a pull made it newer than the local row.
 *
 * `unsettled`: the row's pending and sending entries as stored, in queue order, this one among
 * them; `deletedAt`: the version as of which the device knows the server deleted the row, or -1.
 */
function accepted(entry: OutboxEntry, body: unknown, unsettled: OutboxEntry[], deletedAt: number): Accepted {
  const seen = unsettled.find((e) => e.seq === entry.seq)?.before ?? null;
  const later = unsettled.filter((e) => e.seq !== entry.seq);
  // The row is gone here already; the pull brings its tombstone.
  if (entry.method === 'DELETE') return { later, newBefores: [], change: null };
  const row = body as { id?: unknown } | null;
  const answer = row?.id === entry.row_id ? rowOfAnswer(entry.table, row as MirroredRow) : null;
  const newest = newer(seen, answer);
  const known = versionOf(newest) > deletedAt ? newest : null;
  if (later.length === 0) {
    if (known) return { later, newBefores: [], change: { id: entry.row_id, version: versionOf(known), row: known } };
    // Deleted on the server after all this: the held copy goes too.
    return {
      later,
      newBefores: [],
      change: deletedAt >= 0 ? { id: entry.row_id, version: deletedAt, row: null } : null,
    };
  }
  // Newer edits stay on screen; should they be refused, the row as the server now has it comes back.
  const updated = later.map((e) => {
    const before = known ? newer(e.before, known) : newer(e.before, null, deletedAt);
    return before === e.before ? e : { ...e, before };
  });
  return { later: updated, newBefores: updated.filter((e, i) => e !== later[i]), change: null };
}

/** accepted() for one entry of a row that also has a refusal or a retry in the call, read and written on its own. */
async function accept(entry: OutboxEntry, body: unknown, database: OstatokDatabase): Promise<ServerChange | null> {
  const [unsettled, deletedAt] = await Promise.all([
    unsettledEntries(entry.table, entry.row_id, database),
    tombstoneOf(database, entry.table, entry.row_id),
  ]);
  const outcome = accepted(entry, body, unsettled, deletedAt);
  if (KEPT_UNTIL_PULLED.has(entry.table))
    await database.outbox.update(entry.seq!, { status: 'applied', applied_at: Date.now() });
  else await database.outbox.delete(entry.seq!);
  await database.outbox.bulkUpdate(outcome.newBefores.map((e) => ({ key: e.seq!, changes: { before: e.before } })));
  return outcome.change;
}

const isCreate = (entry: OutboxEntry) => entry.method === 'POST' && entry.before === null;

/**
 * Marks the entry refused and puts its row back; answers how many entries were refused with it. Runs in settle's
 * transaction.
 */
async function reject(entry: OutboxEntry, reason: string, database: OstatokDatabase): Promise<number> {
  // `before` as stored now: a pull or an earlier answer may have updated it while this was on the wire.
  const before = (await database.outbox.get(entry.seq!))?.before ?? null;
  await database.outbox.update(entry.seq!, { status: 'rejected', error: reason });
  const later = await unsettledEntries(entry.table, entry.row_id, database);
  // Edits of a row the server refused to create have nothing to apply to: refused with it, unsent.
  if (isCreate(entry) && later.every((e) => e.status === 'pending')) {
    const why = `Не отправлено: запись не создана на сервере (${reason})`;
    await database.outbox.bulkUpdate(
      later.map((e) => ({ key: e.seq!, changes: { status: 'rejected' as const, error: why } })),
    );
    await database.mirrored(entry.table).delete(entry.row_id);
    return 1 + later.length;
  }
  if (later.length > 0) return 1;
  // Never older than what the device knows: a pull or another answer may have brought a newer copy.
  await restoreRow(database, entry.table, entry.row_id, before);
  return 1;
}
