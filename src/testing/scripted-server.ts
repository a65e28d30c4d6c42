import type { MirroredRow, MirroredTableName } from '../db/database.ts';
import type { PullPage } from '../sync/pull.ts';

interface Stored {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: MirroredRow | null;
}

/**
 * A stand-in for the server's sync side in unit tests: rows versioned from one sequence, deletions
 * kept as tombstones, pull pages after a cursor and answers remembered by entry id (the idempotency
 * store), so a test can order answers, pulls and replays however the network would.
 */
export class ScriptedServer {
  private version = 0;
  private readonly rows = new Map<string, Stored>();
  private readonly answers = new Map<string, unknown>();
  /** `since` of every pull asked for, with its table when one was named. */
  readonly asked: string[] = [];

  /** Writes a row (new or changed): answers it as the server now has it, with its new version. */
  write(table: MirroredTableName, row: MirroredRow): MirroredRow {
    const stored = { ...row, version: ++this.version };
    this.rows.set(`${table}/${row.id}`, { table, id: row.id, version: stored.version, deleted: false, row: stored });
    return structuredClone(stored);
  }

  remove(table: MirroredTableName, id: string): void {
    this.rows.set(`${table}/${id}`, { table, id, version: ++this.version, deleted: true, row: null });
  }

  get(table: MirroredTableName, id: string): MirroredRow | undefined {
    const s = this.rows.get(`${table}/${id}`);
    return s?.row ? structuredClone(s.row) : undefined;
  }

  /** Live rows of a table, as the server has them. */
  live(table: MirroredTableName): MirroredRow[] {
    return [...this.rows.values()].filter((s) => s.table === table && !s.deleted).map((s) => structuredClone(s.row!));
  }

  /** An entry applied once: a replay of the same id answers the first answer. */
  once<T>(entryId: string, apply: () => T): T {
    if (!this.answers.has(entryId)) this.answers.set(entryId, apply());
    return structuredClone(this.answers.get(entryId)) as T;
  }

  /** GET /api/v1/sync/pull: `limit` changes after `since` per page (of one table when named). */
  pull = async (since: number, table?: string, limit = 500): Promise<PullPage> => {
    this.asked.push(table ? `${table}:${since}` : String(since));
    const all = [...this.rows.values()]
      .filter((s) => s.version > since && (!table || s.table === table))
      .sort((a, b) => a.version - b.version);
    const changes = all.slice(0, limit).map((s) => structuredClone(s));
    return { cursor: changes.at(-1)?.version ?? since, has_more: all.length > limit, changes };
  };
}
