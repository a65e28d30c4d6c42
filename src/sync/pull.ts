import {
  db,
  mirroredTableNames,
  type MirroredRow,
  type MirroredTableName,
  type OstatokDatabase,
  type OutboxEntry,
} from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import { setMirrorFilling } from '../db/mirror-filling.ts';
import { applyServerChanges, type KnownKeys } from './mirror-bulk.ts';
import { noteReplacedFields, settleFieldChanges } from './field-changes.ts';
import { keepServerCopy, pruneTombstones, type ServerChange } from './mirror-writes.ts';
import { userIdFromToken } from './tokens.ts';

export interface PullPage {
  cursor: number;
  has_more: boolean;
  changes: Array<{ table: string; id: string; version: number; deleted: boolean; row: Record<string, unknown> | null }>;
}

/**
 * GET /api/v1/sync/pull after `since`: of every mirrored table, or of `table` only (a repair); at
 * most `limit` changes, or the server's largest page.
 */
export type PullTransport = (since: number, table?: MirroredTableName, limit?: number) => Promise<PullPage>;

/**
 * Rows written per IndexedDB transaction: a whole page (src/sync/transports.ts PULL_PAGE_SIZE).
 * Each commit costs the device a wait, and applyServerChanges already splits its writes into short
 * tasks, so a larger transaction costs no long task.
 */
const CHUNK = 5000;
/**
 * The first page asked for is smaller: a fresh device starts writing once it is here, and a page of
 * 5,000 rows took 200–500 ms to come; the full pages that follow are fetched while it is written.
 */
const FIRST_PAGE = 1000;
const CURSOR_KEY = 'cursor';
/**
 * Set when a device without a cursor starts pulling, deleted with the last page of that pull: a
 * cursor alone does not say the mirror is whole, as it moves with the first page already.
 */
const FIRST_PULL_KEY = 'first-pull-unfinished';

const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const isMirrored = (name: string): name is MirroredTableName =>
  (mirroredTableNames as readonly string[]).includes(name);

/** Whether the device has ever pulled: without a cursor it holds nothing of the server's yet. */
export async function hasPulled(database: OstatokDatabase = db): Promise<boolean> {
  return (await getMeta<number>(CURSOR_KEY, database)) !== undefined;
}

/**
 * Whether the device holds the whole account: its first pull reached the last page. Until then its
 * lots are partial and so would be every figure derived from them (/products asks the server
 * meanwhile). A device that pulled before this flag existed has a cursor and no flag: complete.
 * Read inside a live query, it follows the pull and a sign-out's clearing.
 */
export async function mirrorComplete(database: OstatokDatabase = db): Promise<boolean> {
  const [cursor, unfinished] = await Promise.all([
    getMeta<number>(CURSOR_KEY, database),
    getMeta<number>(FIRST_PULL_KEY, database),
  ]);
  return cursor !== undefined && unfinished === undefined;
}

/**
 * Brings every change since the saved cursor into IndexedDB, page by page, in chunks. A row with
 * edits still queued keeps its local state: the push answer brings the server's row later. The
 * cursor moves with the last chunk of a page, so an interrupted pull repeats that page. The next
 * page is asked for while this one is written: a fresh device's pull then takes about as long as
 * the slower of the two, not their sum.
 */
export async function pullChanges(transport: PullTransport, database: OstatokDatabase = db): Promise<number> {
  try {
    return await pullPages(transport, database);
  } finally {
    setMirrorFilling(false);
  }
}

async function pullPages(transport: PullTransport, database: OstatokDatabase): Promise<number> {
  // Outflows the server accepted before this moment are in what this pull brings (src/sync/push-worker.ts accept).
  const startedAt = Date.now();
  const stored = await getMeta<number>(CURSOR_KEY, database);
  if (stored === undefined) await database.meta.put({ key: FIRST_PULL_KEY, value: startedAt });
  const cursor = stored ?? 0;
  // Whose writes are this person's own: another member's replacing a field edited here are told (./field-changes.ts).
  const me = typeof localStorage === 'undefined' ? null : userIdFromToken();
  let applied = 0;
  const known: KnownKeys = new Map();
  let next: Promise<PullPage> = transport(cursor, undefined, FIRST_PAGE);
  for (;;) {
    const page = await next;
    // A failed prefetch surfaces when awaited, after this page's cursor is stored.
    if (page.has_more) {
      setMirrorFilling(true);
      (next = transport(page.cursor)).catch(() => undefined);
    }
    const changes = page.changes.filter((c) => isMirrored(c.table));
    for (let i = 0; i < changes.length || i === 0; i += CHUNK) {
      const chunk = changes.slice(i, i + CHUNK);
      const last = i + CHUNK >= changes.length;
      const done = last && !page.has_more;
      applied += await applyChunk(
        chunk,
        last ? page.cursor : undefined,
        database,
        known,
        me,
        done ? startedAt : undefined,
      );
      if (!last) await yieldToMain();
    }
    if (!page.has_more) {
      // The rows are in; a failure to tell of a replaced field must not make the pull count as failed.
      await settleFieldChanges(database).catch((err: unknown) => console.error('Изменённые поля:', err));
      return applied;
    }
    await yieldToMain();
  }
}

/**
 * Writes one chunk; with `settledBefore` (the last chunk of a pull), also drops the `applied`
 * outflows accepted before the pull started, in the same transaction as the lots they changed.
 */
async function applyChunk(
  changes: PullPage['changes'],
  cursor: number | undefined,
  database: OstatokDatabase,
  known: KnownKeys,
  me: string | null,
  settledBefore?: number,
): Promise<number> {
  const tables = [...new Set(changes.map((c) => c.table as MirroredTableName))].map((t) => database.mirrored(t));
  const scope = [...tables, database.outbox, database.meta, database.tombstones, database.field_changes];
  return database.transaction('rw', scope, async () => {
    const held = new Map<string, OutboxEntry[]>();
    for (const e of await database.outbox.where('status').anyOf('pending', 'sending').toArray()) {
      const key = `${e.table}/${e.row_id}`;
      held.set(key, [...(held.get(key) ?? []), e]);
    }
    const pulled = changes.map((change) => ({
      table: change.table as MirroredTableName,
      id: change.id,
      version: change.version,
      row: change.deleted || !change.row ? null : (change.row as MirroredRow),
    }));
    // Before the rows are written: what the device held until now tells whose value a field had.
    await noteReplacedFields(database, pulled, held, me);
    // Grouped by table in page order, so each table is read and written in bulk.
    const free = new Map<MirroredTableName, ServerChange[]>();
    for (const { table, ...serverChange } of pulled) {
      const waiting = held.get(`${table}/${serverChange.id}`);
      if (waiting) await keepServerCopy(database, table, serverChange, waiting);
      else if (free.has(table)) free.get(table)!.push(serverChange);
      else free.set(table, [serverChange]);
    }
    // Never older than the device's copy: a push answer may have brought a newer one meanwhile.
    let n = 0;
    for (const [table, list] of free) n += await applyServerChanges(database, table, list, known);
    if (cursor !== undefined) await database.meta.put({ key: CURSOR_KEY, value: cursor });
    if (settledBefore !== undefined) {
      await database.meta.delete(FIRST_PULL_KEY);
      const settled = await database.outbox
        .where('status')
        .equals('applied')
        .filter((e) => (e.applied_at ?? 0) < settledBefore)
        .primaryKeys();
      await database.outbox.bulkDelete(settled);
      // Tombstones guard rows against older answers and `before` copies of queued edits; with no
      // such edit left, a row's tombstone has nothing more to guard.
      await pruneTombstones(database, new Set(held.keys()));
    }
    return n;
  });
}
