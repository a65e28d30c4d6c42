import {
  db,
  mirroredTableNames,
  type MirroredRow,
  type MirroredTableName,
  type OstatokDatabase,
  type OutboxEntry,
} from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import { historyFrom, historyTables, isHistoryTable } from './history-window.ts';
import { keepServerCopy, versionOf } from './mirror-writes.ts';
import type { PullPage, PullTransport } from './pull.ts';

/**
 * The self-healing mirror. Versions keep every write path from going back (src/sync/mirror-writes.ts),
 * but a bug of another day, an interrupted upgrade or a hand-edited IndexedDB could still leave a
 * table different from the server's, and a pull by cursor never looks back. So, now and then, the
 * device adds up each table as the server does (GET /api/v1/sync/digest: live rows, their highest
 * version, the sum of versions) and re-pulls in full any table that does not match.
 */

export interface TableDigest {
  count: number;
  max_version: number;
  /** Decimal: a sum of many versions may pass 2^53. */
  sum_version: string;
}

export interface MirrorDigest {
  /** The user's highest version, tombstones included. */
  cursor: number;
  tables: Record<string, TableDigest>;
}

/** The server's digest; history tables added up over the device's window from `historyFrom` (./history-window.ts). */
export type DigestTransport = (historyFrom: string) => Promise<MirrorDigest>;

/** How often at most the engine compares (src/sync/sync-engine.ts). */
export const CHECK_EVERY_MS = 5 * 60_000;

const isMirrored = (name: string): name is MirroredTableName =>
  (mirroredTableNames as readonly string[]).includes(name);
const sameDigest = (a: TableDigest, b: TableDigest | undefined) =>
  !!b && a.count === b.count && a.max_version === b.max_version && a.sum_version === b.sum_version;

/**
 * The digest of a table as the device has it; a row without a server version counts as 0. A history table counts
 * only the rows inside the window from `from`, as the server does: older ones the device holds (an old row edited
 * lately, one an outbox entry still refers to) are on their way out and were never asked for.
 */
export async function localDigest(
  table: MirroredTableName,
  database: OstatokDatabase = db,
  from: string = historyFrom(),
): Promise<TableDigest> {
  let count = 0;
  let max = 0;
  let sum = 0n;
  const mirror = database.mirrored(table);
  const rows = isHistoryTable(table) ? mirror.where(historyTables[table]).aboveOrEqual(from) : mirror.toCollection();
  await rows.each((row) => {
    const v = Math.max(0, versionOf(row));
    count++;
    max = Math.max(max, v);
    sum += BigInt(v);
  });
  return { count, max_version: max, sum_version: sum.toString() };
}

export interface CheckResult {
  /** False when the device was not settled (edits on their way, or not pulled up to the digest). */
  compared: boolean;
  repaired: MirroredTableName[];
}

/**
 * Compares the mirror with the server's digest and repairs the tables that differ. Only a settled
 * device compares: nothing queued, sent or awaiting its pull (those rows differ by design), and
 * pulled at least up to the digest's cursor; otherwise this round is skipped.
 */
export async function checkMirror(
  digest: DigestTransport,
  pull: PullTransport,
  database: OstatokDatabase = db,
): Promise<CheckResult> {
  const unsettled = () => database.outbox.where('status').anyOf('pending', 'sending', 'applied').count();
  // Not worth a call while edits are on their way; asked again below, in one read with the rows.
  if ((await unsettled()) > 0) return { compared: false, repaired: [] };
  // One window for both sides, even across midnight.
  const from = historyFrom();
  const server = await digest(from);
  const names = Object.keys(server.tables).filter(isMirrored);
  const differing = await database.transaction(
    'r',
    [database.outbox, database.meta, ...names.map((t) => database.mirrored(t))],
    async () => {
      const cursor = (await getMeta<number>('cursor', database)) ?? 0;
      if ((await unsettled()) > 0 || cursor < server.cursor) return null;
      const out: MirroredTableName[] = [];
      for (const name of names)
        if (!sameDigest(await localDigest(name, database, from), server.tables[name])) out.push(name);
      return out;
    },
  );
  if (!differing) return { compared: false, repaired: [] };
  for (const table of differing) await repairTable(table, pull, database);
  return { compared: true, repaired: differing };
}

/**
 * Re-pulls one table from 0 (all pages) and makes the device's copy the server's: rows replaced
 * whatever their version (the server is the authority; the version rule is what failed), rows the
 * server does not have removed. Two kinds of rows are left alone: those with edits still queued
 * (their `before` learns the server's row, as in a pull) and those newer than anything the
 * re-pull saw (a pull that ran meanwhile brought them).
 */
export async function repairTable(
  table: MirroredTableName,
  pull: PullTransport,
  database: OstatokDatabase = db,
): Promise<void> {
  const seen = new Map<string, PullPage['changes'][number]>();
  let since = 0;
  for (;;) {
    const page = await pull(since, table);
    for (const c of page.changes) if (c.table === table) seen.set(c.id, c);
    // A page that moves nothing would be asked for again forever.
    const moved = page.cursor > since;
    since = Math.max(since, page.cursor);
    if (!page.has_more || !moved) break;
  }
  const upTo = since;
  const mirror = database.mirrored(table);
  await database.transaction('rw', mirror, database.outbox, database.tombstones, async () => {
    const held = new Map<string, OutboxEntry[]>();
    const queued = await database.outbox
      .where('status')
      .anyOf('pending', 'sending')
      .filter((e) => e.table === table)
      .toArray();
    for (const e of queued) held.set(e.row_id, [...(held.get(e.row_id) ?? []), e]);
    const local = new Map((await mirror.toArray()).map((r) => [r.id, r]));
    const puts: MirroredRow[] = [];
    const removals: string[] = [];
    for (const c of seen.values()) {
      const row = c.deleted || !c.row ? null : (c.row as MirroredRow);
      const waiting = held.get(c.id);
      if (waiting) {
        await keepServerCopy(database, table, { id: c.id, version: c.version, row }, waiting);
        continue;
      }
      if (versionOf(local.get(c.id)) > upTo) continue;
      if (row) puts.push(row);
      else if (local.has(c.id)) removals.push(c.id);
    }
    for (const [id, row] of local) {
      if (!seen.has(id) && !held.has(id) && versionOf(row) <= upTo) removals.push(id);
    }
    await mirror.bulkPut(puts);
    await mirror.bulkDelete(removals);
  });
}

/**
 * The engine's trigger: runs `check` when the last run is at least `everyMs` old and none is under
 * way. A check that answers false (device not settled: nothing compared) does not count, so the
 * next trigger tries again. A failure is logged and tried again next time: the user sees nothing.
 * `startedAt` counts as a run: the engine passes its own start, so the first comparison waits a
 * window instead of reading every table right after the first pull, while the user opens screens
 * that read them too (at 10,000 products that doubled the time to paint /products).
 */
export function throttledCheck(
  check: () => Promise<boolean>,
  everyMs = CHECK_EVERY_MS,
  now: () => number = Date.now,
  startedAt = -Infinity,
): () => Promise<void> {
  let last = startedAt;
  let running: Promise<void> | null = null;
  return () => {
    if (running || now() - last < everyMs) return running ?? Promise.resolve();
    last = now();
    running = check()
      .then((compared) => {
        if (!compared) last = -Infinity;
      })
      .catch((err: unknown) => console.warn('Сверка данных с сервером не удалась; повторим позже', err))
      .finally(() => {
        running = null;
      });
    return running;
  };
}
