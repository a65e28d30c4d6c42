import type { components } from '../../api/schema.gen.ts';
import { LotState } from './projection-state.ts';

/**
 * The stock as the server WILL have it once the outbox is sent (docs/rules.md «FIFO», offline). The
 * mirrored lots are the server's truth; the outflows still waiting in the outbox are replayed on
 * top of them in the order the server will apply them, with the same FIFO function the server
 * uses (domain/fifo.ts), so the device shows the same remaining units per lot. Pure: no Dexie.
 */

type MirroredLot = components['schemas']['Lot'];
/**
 * A lot as mirrored (server/schemas/stock-rows.ts Lot). Only these fields are read — `created_at`
 * (the receipt date) gives the FIFO order — and the rest ride along, so a lot received offline,
 * before its row is complete, is one too.
 */
export type ProjectionLot = Pick<MirroredLot, 'id' | 'product_id' | 'count' | 'count_max' | 'price' | 'created_at'> &
  Partial<MirroredLot>;

/** A mirrored ledger row (StockMovement). */
export interface ProjectionMovement {
  lot_id: string;
  delta: number;
  source_table: string;
  source_id: string;
}

/** An outbox entry (src/db/database.ts OutboxEntry), as far as the projection needs it. */
export interface ProjectionEntry {
  id: string;
  seq?: number;
  table: string;
  row_id: string;
  method: string;
  body?: unknown;
  before: Record<string, unknown> | null;
  status: string;
}

export interface ProjectionInput {
  /** Mirrored lots (rows created or edited on the device included). */
  lots: readonly ProjectionLot[];
  /** Ledger rows of (at least) the outflows the entries touch. */
  movements: readonly ProjectionMovement[];
  /** Outbox entries; rejected ones are ignored, the rest are replayed in seq order. */
  entries: readonly ProjectionEntry[];
  /** Current local rows the entries touch, keyed `table/id` (for fields a PATCH does not repeat). */
  rows?: ReadonlyMap<string, Record<string, unknown>>;
}

export interface Projection {
  lots: ProjectionLot[];
  /** Entries the server will refuse as things stand (not enough stock): ids. */
  refused: string[];
}

/** Outflow tables: their rows take units from lots (source_table in the ledger). */
export const OUTFLOW_TABLES = ['disposals', 'markdowns', 'realizations', 'other_realizations'] as const;
const STOCK_TABLES = new Set<string>([...OUTFLOW_TABLES, 'lots', 'reserves']);

type Row = Record<string, unknown>;
const key = (table: string, id: string) => `${table}/${id}`;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The body item of an entry for its own row: batch calls list several rows in `batch`. */
function itemOf(entry: ProjectionEntry): Row {
  const body = (entry.body ?? {}) as Row;
  if (Array.isArray(body.batch)) return ((body.batch as Row[]).find((i) => i?.id === entry.row_id) ?? {}) as Row;
  return body;
}
const isCreate = (e: ProjectionEntry) => e.method === 'POST' && e.before === null;

/** Only entries that can change stock, oldest first. */
export function stockEntries<T extends ProjectionEntry>(entries: readonly T[]): T[] {
  return entries
    .filter((e) => e.status !== 'rejected' && STOCK_TABLES.has(e.table))
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export function projectStock({ lots, movements, entries, rows = new Map() }: ProjectionInput): Projection {
  const replay = stockEntries(entries);
  if (replay.length === 0) return { lots: [...lots], refused: [] };

  const state = new LotState(movements, new Set(replay.map((e) => key(e.table, e.row_id))));
  // Lots with their own waiting edits start from the server's row (their first entry's `before`)…
  const firstOfLot = new Map<string, ProjectionEntry>();
  for (const e of replay) if (e.table === 'lots' && !firstOfLot.has(e.row_id)) firstOfLot.set(e.row_id, e);
  const local = new Map<string, ProjectionLot>();
  for (const lot of lots) {
    if (firstOfLot.has(lot.id)) local.set(lot.id, lot);
    else state.keep(lot);
  }
  // …but take their FIFO place by the receipt date the device has now (a batch date edited offline).
  for (const [id, e] of firstOfLot) {
    if (e.before)
      state.put({
        ...(e.before as ProjectionLot),
        created_at: local.get(id)?.created_at ?? String(e.before.created_at),
      });
  }

  const rowOf = (e: ProjectionEntry): Row => rows.get(key(e.table, e.row_id)) ?? e.before ?? {};
  const productOf = (e: ProjectionEntry, item: Row) => {
    if (e.table === 'lots') return str(item.product_id) ?? local.get(e.row_id)?.product_id ?? str(e.before?.product_id);
    const row = rowOf(e);
    return (
      str(item.product_id) ??
      str(item.product) ??
      str(row.product_id) ??
      str(row.product) ??
      str(e.before?.product_id) ??
      str(e.before?.product)
    );
  };
  state.index(new Set(replay.map((e) => productOf(e, itemOf(e))).filter((p): p is string => !!p)));

  const refused: string[] = [];
  const refusedRows = new Set<string>();
  const reserves = new Map<string, { count: number; status: string; product?: string }>();

  for (const e of replay) {
    const k = key(e.table, e.row_id);
    if (refusedRows.has(k)) continue;
    const item = itemOf(e);
    const refuse = () => {
      refused.push(e.id);
      if (isCreate(e)) refusedRows.add(k);
    };
    if (e.table === 'lots') replayLot(e, item);
    else if (e.table === 'reserves') replayReserve(e, item, refuse);
    else if (!replayOutflow(e, k, item)) refuse();
  }
  return { lots: state.values(), refused };

  /** An outflow row's entry; false when the server will refuse it (not enough stock). */
  function replayOutflow(e: ProjectionEntry, k: string, item: Row): boolean {
    if (e.method === 'DELETE') return (state.putBack(k), true);
    if (e.method === 'POST' && (isCreate(e) || Array.isArray((e.body as Row | undefined)?.batch))) {
      // Already applied by the server (sent, answer not back yet): the ledger knows it.
      if (isCreate(e) && state.known(k)) return true;
      const count = e.table === 'markdowns' ? 1 : (num(item.count) ?? num(rowOf(e).count) ?? 0);
      // A row written by a document's call (a returns receipt) names its lot on the row itself.
      return state.retake(k, productOf(e, item), count, str(item.lot_id) ?? str(rowOf(e).lot_id));
    }
    // A PATCH: only a count change or a cancellation moves stock.
    if (e.table === 'realizations' && item.status === 'cancelled') return (state.putBack(k), true);
    const count = num(item.count);
    return count === undefined || e.table === 'markdowns' || state.retake(k, productOf(e, item), count);
  }

  function replayLot(e: ProjectionEntry, item: Row) {
    if (e.method === 'DELETE') {
      state.remove(e.row_id);
      const ids = (e.body as Row | undefined)?.ids;
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string') state.remove(id);
      return;
    }
    const existing = state.mutable(e.row_id);
    const inBatch = Array.isArray((e.body as Row | undefined)?.batch);
    if (e.method === 'POST' && !existing) {
      const template = local.get(e.row_id) ?? (e.before as ProjectionLot | null);
      const count = num(item.count) ?? template?.count ?? 0;
      state.put({
        ...(template ?? {}),
        id: e.row_id,
        product_id: str(item.product_id) ?? template?.product_id ?? '',
        count,
        count_max: count,
        price: num(item.price) ?? template?.price ?? 0,
        created_at: template?.created_at ?? new Date(0).toISOString(),
      });
      return;
    }
    // A receipt the server already applied (its row came back with the pull): nothing more.
    if (!existing || (e.method === 'POST' && !inBatch)) return;
    if (inBatch) {
      // A batch line for an existing lot changes what was received; the remainder moves with it.
      const countMax = num(item.count);
      if (countMax !== undefined) {
        existing.count += countMax - existing.count_max;
        existing.count_max = countMax;
      }
    } else {
      const count = num(item.count);
      if (count !== undefined) existing.count = Math.max(0, Math.min(count, existing.count_max));
      const productId = str(item.product_id);
      if (productId && productId !== existing.product_id) state.moveTo(existing, productId);
    }
    const price = num(item.price);
    if (price !== undefined) existing.price = price;
  }

  function replayReserve(e: ProjectionEntry, item: Row, refuse: () => void) {
    let reserve = reserves.get(e.row_id);
    if (!reserve) {
      const base = e.before;
      reserve = base
        ? { count: num(base.count) ?? 0, status: str(base.status) ?? 'active', product: str(base.product) }
        : { count: 0, status: 'active' };
      reserves.set(e.row_id, reserve);
    }
    if (e.method === 'DELETE') return void (reserve.status = 'deleted');
    if (isCreate(e))
      return void Object.assign(reserve, {
        count: num(item.count) ?? 0,
        status: 'active',
        product: productOf(e, item),
      });
    if (reserve.status !== 'active') return;
    const count = num(item.count);
    if (count !== undefined) reserve.count = count;
    if (item.status === 'realized') {
      // The server records a sale of the reserve's units, taken FIFO.
      if (!state.take(reserve.product ?? productOf(e, item), reserve.count)) return refuse();
      reserve.status = 'realized';
    } else if (item.status === 'released') reserve.status = 'released';
  }
}

/** Units on hand per product (Σ count of the lots given). */
export function onHandByProduct(lots: readonly Pick<ProjectionLot, 'product_id' | 'count'>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lots) out.set(l.product_id, (out.get(l.product_id) ?? 0) + l.count);
  return out;
}
