import Dexie from 'dexie';
import type { MirroredRow, MirroredTableName, OstatokDatabase } from '../db/database.ts';
import { versionOf, type ServerChange } from './mirror-writes.ts';

/**
 * putIfNewer and deleteAt (./mirror-writes.ts) for many changes of one table at once, for a pull's
 * pages and a push's answers: a fresh device's first pull writes tens of thousands of rows, and one
 * read and one write per row cost it several times the writes alone.
 */

/** Rows written per call: about 20 ms of cloning on a tablet. */
const WRITE_SLICE = 500;
/**
 * The first call of each of the two lanes writes fewer: both start in the task that planned the
 * page, and two full slices made it one task of 130–220 ms at the start of every page.
 */
const FIRST_SLICE = 100;

/** Past this many ids, which of them exist is learnt from the table's keys rather than a get each. */
const KEY_SCAN_FROM = 64;

/**
 * Which ids each table holds, as one pull knows them across its pages: the table's keys read once,
 * at its first large page, then every row the pull wrote added and every row it deleted removed.
 * A pull of 30,000 lots read the keys of the whole table again for each page of 5,000, and those
 * reads took the device's storage away from the writes. Another writer may add a row between two
 * pages (a push answer); the set does not know it, so a row the set calls absent is added, not put,
 * and a failed add is how such a row is found (applyServerChanges).
 */
export type KnownKeys = Map<MirroredTableName, Set<string>>;

const keyOf = (table: MirroredTableName, id: string) => `${table}/${id}`;

/**
 * The rows among `ids` the table holds, and the ids taken as absent. Ids in `mustRead` are always
 * read: with a deletion or a tombstone the outcome depends on a row another writer may have added.
 */
async function existingRows(
  database: OstatokDatabase,
  table: MirroredTableName,
  ids: string[],
  mustRead: ReadonlySet<string>,
  known: KnownKeys | undefined,
): Promise<{ rows: MirroredRow[]; absent: Set<string> }> {
  const rows = database.mirrored(table);
  let keys = known?.get(table);
  if (!keys && ids.length >= KEY_SCAN_FROM) {
    // All the table's keys come in one request (a few milliseconds for tens of thousands); a get
    // per id costs as much main-thread time as a put.
    keys = new Set(await rows.toCollection().primaryKeys());
    known?.set(table, keys);
  }
  const read = keys ? ids.filter((id) => keys.has(id) || mustRead.has(id)) : ids;
  const found = read.length ? (await rows.bulkGet(read)).filter((row): row is MirroredRow => row !== undefined) : [];
  const present = new Set(found.map((row) => row.id));
  return { rows: found, absent: new Set(ids.filter((id) => !present.has(id))) };
}

/**
 * Adds rows taken as absent; answers those another writer had stored meanwhile (their add failed,
 * the transaction goes on).
 */
async function addAbsent(
  database: OstatokDatabase,
  table: MirroredTableName,
  rows: MirroredRow[],
): Promise<MirroredRow[]> {
  try {
    await database.mirrored(table).bulkAdd(rows);
    return [];
  } catch (err) {
    if (!(err instanceof Dexie.BulkError)) throw err;
    const failed = Object.entries(err.failuresByPos);
    if (failed.some(([, e]) => e.name !== 'ConstraintError')) throw err;
    return failed.map(([pos]) => rows[Number(pos)]!);
  }
}

/**
 * Stores many server changes of one table with the outcome, row by row, of putIfNewer and deleteAt
 * called one change after another: two bulk reads, then bulk writes of rows, deletions and
 * tombstones. `known` carries what a pull knows of the table's ids from page to page. Callers hold
 * a transaction over the table and `tombstones`. Answers how many changes it took (every one
 * counts, written or not, as the single-row calls do).
 */
export async function applyServerChanges(
  database: OstatokDatabase,
  table: MirroredTableName,
  changes: readonly ServerChange[],
  known?: KnownKeys,
): Promise<number> {
  if (changes.length === 0) return 0;
  const ids = [...new Set(changes.map((c) => c.id))];
  // Tombstones live only while edits wait (pruneTombstones): a table's are few.
  const stones = await database.tombstones.where('key').startsWith(`${table}/`).toArray();
  const stoneOf = new Map(stones.map((t) => [t.key, t.version]));
  const mustRead = new Set(changes.filter((c) => !c.row || stoneOf.has(keyOf(table, c.id))).map((c) => c.id));
  const { rows, absent } = await existingRows(database, table, ids, mustRead, known);
  // What the device will hold once this is written, updated change by change (an id may repeat).
  const current = new Map<string, MirroredRow | null>(ids.map((id) => [id, null]));
  for (const row of rows) current.set(row.id, row);
  const deletedAt = new Map(ids.map((id) => [id, stoneOf.get(keyOf(table, id)) ?? -1]));
  const touched = new Set<string>();
  const deleteAt = (id: string, version: number) => {
    if (version > deletedAt.get(id)!) deletedAt.set(id, version);
    const row = current.get(id);
    if (row && versionOf(row) <= version) {
      current.set(id, null);
      touched.add(id);
    }
  };
  for (const change of changes) {
    if (!change.row) {
      deleteAt(change.id, change.version);
      continue;
    }
    const v = versionOf(change.row);
    const deleted = deletedAt.get(change.id)!;
    if (deleted >= v) deleteAt(change.id, deleted);
    else if (versionOf(current.get(change.id)) < v || !current.get(change.id)) {
      current.set(change.id, change.row);
      touched.add(change.id);
    }
  }
  const adds: MirroredRow[] = [];
  const puts: MirroredRow[] = [];
  const deletes: string[] = [];
  for (const id of touched) {
    const row = current.get(id);
    if (!row) deletes.push(id);
    else (absent.has(id) ? adds : puts).push(row);
  }
  const newStones = ids.flatMap((id) => {
    const version = deletedAt.get(id)!;
    return version > (stoneOf.get(keyOf(table, id)) ?? -1) ? [{ key: keyOf(table, id), version }] : [];
  });
  const stored = database.mirrored(table);
  const taken: MirroredRow[] = [];
  // In slices, each written from its own task: cloning a row for IndexedDB happens on the main
  // thread, and thousands in one call would be one long task. The transaction stays one. Two slices
  // are in flight at a time, so the browser writes one while the page clones the next: one at a
  // time, the two took turns and a fresh device's pull cost their sum.
  const addSlices = sliced(adds, 0);
  const slices = [
    ...addSlices.map((s) => () => addAbsent(database, table, s).then((t) => void taken.push(...t))),
    ...sliced(puts, addSlices.length).map((s) => () => stored.bulkPut(s)),
  ];
  const lane = async () => {
    for (let slice = slices.shift(); slice; slice = slices.shift()) await slice();
  };
  await Promise.all([lane(), lane()]);
  // Rows another writer stored since the pull learnt the keys: the newer copy stays, as putIfNewer.
  if (taken.length) {
    const theirs = await stored.bulkGet(taken.map((row) => row.id));
    await stored.bulkPut(taken.filter((row, i) => versionOf(theirs[i]) < versionOf(row)));
  }
  await Promise.all([
    deletes.length ? stored.bulkDelete(deletes) : undefined,
    newStones.length ? database.tombstones.bulkPut(newStones) : undefined,
  ]);
  const keys = known?.get(table);
  if (keys) {
    for (const row of [...adds, ...puts]) keys.add(row.id);
    for (const id of deletes) keys.delete(id);
  }
  return changes.length;
}

/** `list` cut for the lanes, the first two slices of the whole write (before `after` others) short. */
function sliced<T>(list: T[], after: number): T[][] {
  const out: T[][] = [];
  for (let from = 0; from < list.length;) {
    const size = after + out.length < 2 ? FIRST_SLICE : WRITE_SLICE;
    out.push(list.slice(from, from + size));
    from += size;
  }
  return out;
}
