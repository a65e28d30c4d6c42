import { db, mirroredTableNames, type MirroredRow, type MirroredTableName, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import { deleteAt, keepServerCopy, pruneTombstones, putIfNewer } from './mirror-writes.ts';

export interface PullPage {
  cursor: number;
  has_more: boolean;
  changes: Array<{ table: string; id: string; version: number; deleted: boolean; row: Record<string, unknown> | null }>;
}

/** GET /api/v1/sync/pull after `since`: of every mirrored table, or of `table` only (a repair). */
export type PullTransport = (since: number, table?: MirroredTableName) => Promise<PullPage>;

/** Rows written per IndexedDB transaction; small enough that no main-thread task runs long. */
const CHUNK = 250;
const CURSOR_KEY = 'cursor';

const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const isMirrored = (name: string): name is MirroredTableName => (mirroredTableNames as readonly string[]).includes(name);

/**
 * Brings every change since the saved cursor into IndexedDB, page by page, in small chunks. A row
 * with edits still queued keeps its local state: the push answer brings the server's row later.
 * The cursor moves with the last chunk of a page, so an interrupted pull repeats that page.
 */
export async function pullChanges(transport: PullTransport, database: OstatokDatabase = db): Promise<number> {
  // Outflows the server accepted before this moment are in what this pull brings (src/sync/push-worker.ts accept).
  const startedAt = Date.now();
  let cursor = (await getMeta<number>(CURSOR_KEY, database)) ?? 0;
  let applied = 0;
  for (;;) {
    const page = await transport(cursor);
    const changes = page.changes.filter((c) => isMirrored(c.table));
    for (let i = 0; i < changes.length || i === 0; i += CHUNK) {
      const chunk = changes.slice(i, i + CHUNK);
      const last = i + CHUNK >= changes.length;
      const done = last && !page.has_more;
      applied += await applyChunk(chunk, last ? page.cursor : undefined, database, done ? startedAt : undefined);
      if (!last) await yieldToMain();
    }
    cursor = page.cursor;
    if (!page.has_more) return applied;
    await yieldToMain();
  }
}

/**
 * Writes one chunk; with `settledBefore` (the last chunk of a pull), also drops the `applied`
 * outflows accepted before the pull started, in the same transaction as the lots they changed.
 */
async function applyChunk(changes: PullPage['changes'], cursor: number | undefined, database: OstatokDatabase, settledBefore?: number): Promise<number> {
  const tables = [...new Set(changes.map((c) => c.table as MirroredTableName))].map((t) => database.mirrored(t));
  return database.transaction('rw', [...tables, database.outbox, database.meta, database.tombstones], async () => {
    const held = new Map<string, OutboxEntry[]>();
    for (const e of await database.outbox.where('status').anyOf('pending', 'sending').toArray()) {
      const key = `${e.table}/${e.row_id}`;
      held.set(key, [...(held.get(key) ?? []), e]);
    }
    let n = 0;
    for (const change of changes) {
      const table = change.table as MirroredTableName;
      const serverRow = change.deleted || !change.row ? null : (change.row as MirroredRow);
      const waiting = held.get(`${change.table}/${change.id}`);
      if (waiting) {
        await keepServerCopy(database, table, { id: change.id, version: change.version, row: serverRow }, waiting);
        continue;
      }
      // Never older than the device's copy: a push answer may have brought a newer one meanwhile.
      if (serverRow) await putIfNewer(database, table, serverRow);
      else await deleteAt(database, table, change.id, change.version);
      n++;
    }
    if (cursor !== undefined) await database.meta.put({ key: CURSOR_KEY, value: cursor });
    if (settledBefore !== undefined) {
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
