import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../../domain/fifo.ts';
import { projectStock, type ProjectionEntry, type ProjectionLot, type ProjectionMovement } from './projection.ts';

const P = 'p1';
const lot = (
  id: string,
  count: number,
  price: number,
  day: number,
  extra: Partial<ProjectionLot> = {},
): ProjectionLot => ({
  id,
  product_id: P,
  count,
  count_max: Math.max(count, extra.count_max ?? count),
  price,
  created_at: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  ...extra,
});
let seq = 0;
const entry = (
  table: string,
  rowId: string,
  method: string,
  body: unknown,
  before: Record<string, unknown> | null = null,
): ProjectionEntry => ({
  id: `e${++seq}`,
  seq,
  table,
  row_id: rowId,
  method,
  body,
  before,
  status: 'pending',
});
const counts = (lots: ProjectionLot[]) =>
  Object.fromEntries([...lots].sort((a, b) => a.id.localeCompare(b.id)).map((l) => [l.id, l.count]));

/*
 * The promise of the module, checked on random histories: a small model of the server's stock
 * engine (take, put back, retake, lot edits; the same FIFO function) applies a sequence of
 * operations. The device has mirrored the first k of them (lots + ledger) and still queues the
 * rest; its projection must equal the server's lots after all of them.
 */
type Op =
  | {
      kind: 'take';
      table: 'disposals' | 'realizations' | 'other_realizations' | 'markdowns';
      row: number;
      count: number;
      lot?: number;
    }
  | { kind: 'edit'; row: number; count: number }
  | { kind: 'drop'; row: number }
  | { kind: 'cancel'; row: number }
  | { kind: 'setLot'; lot: number; count: number }
  | { kind: 'receive'; count: number; price: number; day: number }
  | { kind: 'reserve'; row: number; count: number }
  | { kind: 'realize'; row: number };

interface ServerModel {
  lots: Map<string, ProjectionLot>;
  ledger: ProjectionMovement[];
  rows: Map<string, { table: string; id: string; product: string; count: number; status: string }>;
  /** Ids are never reused (the client makes a fresh uuid per row). */
  used: Set<string>;
  received: number;
}
const newModel = (lotSpecs: { count: number; price: number }[]): ServerModel => {
  const model: ServerModel = { lots: new Map(), ledger: [], rows: new Map(), used: new Set(), received: 0 };
  lotSpecs.forEach((s, i) =>
    model.lots.set(`l${i}`, lot(`l${i}`, s.count, s.price, i + 1, { count_max: s.count + 2 })),
  );
  return model;
};

/**
 * The server's rules (server/stock/engine.ts): outflows take FIFO at most the units not set aside
 * by active reserves; edits put back what the ledger says and take again, all or nothing.
 * Answers the entry the client would have queued, or null for an operation the client would not
 * queue (its validation refuses it) or the server would refuse.
 */
function modelApply(server: ServerModel, op: Op, rowIds: string[]): ProjectionEntry | null {
  const held = (table: string, id: string) => {
    const out = new Map<string, number>();
    for (const m of server.ledger)
      if (m.source_table === table && m.source_id === id) out.set(m.lot_id, (out.get(m.lot_id) ?? 0) - m.delta);
    return [...out].filter(([, n]) => n !== 0);
  };
  const putBack = (table: string, id: string) => {
    for (const [lotId, n] of held(table, id)) {
      server.lots.get(lotId)!.count += n;
      server.ledger.push({ source_table: table, source_id: id, lot_id: lotId, delta: n });
    }
  };
  const onHand = () => [...server.lots.values()].reduce((sum, l) => sum + l.count, 0);
  const reserved = (except?: string) =>
    [...server.rows.values()]
      .filter((r) => r.table === 'reserves' && r.status === 'active' && r.id !== except)
      .reduce((sum, r) => sum + r.count, 0);
  const take = (table: string, id: string, count: number, lotId?: string, except?: string) => {
    const lots = [...server.lots.values()].map((l) => ({
      id: l.id,
      count: l.count,
      price: l.price,
      receivedAt: l.created_at,
    }));
    const r = allocate(lots, count, { lotId, limit: onHand() - reserved(except) });
    if (!r.ok) return false;
    for (const a of r.allocations) {
      server.lots.get(a.lotId)!.count -= a.count;
      server.ledger.push({ source_table: table, source_id: id, lot_id: a.lotId, delta: -a.count });
    }
    return true;
  };
  const lotIds = [...server.lots.keys()].sort();
  if (op.kind === 'receive') {
    const id = `n${server.received++}`;
    const l = lot(id, op.count, op.price, op.day);
    server.lots.set(id, l);
    server.ledger.push({ source_table: 'lots', source_id: id, lot_id: id, delta: op.count });
    return entry('lots', id, 'POST', { id, product_id: P, count: op.count, price: op.price });
  }
  if (op.kind === 'setLot') {
    const l = server.lots.get(lotIds[op.lot % lotIds.length]!)!;
    const before = { ...l };
    const count = op.count % (l.count_max + 1);
    if (l.count - count > onHand() - reserved()) return null; // reserved units cannot leave
    server.ledger.push({ source_table: 'lots', source_id: l.id, lot_id: l.id, delta: count - l.count });
    l.count = count;
    return entry('lots', l.id, 'PATCH', { count }, before);
  }
  const id = rowIds[op.row % rowIds.length]!;
  const row = server.rows.get(id);
  if (op.kind === 'take' || op.kind === 'reserve') {
    if (row || server.used.has(id)) return null;
    server.used.add(id);
    if (op.kind === 'reserve') {
      if (op.count > onHand() - reserved()) return null;
      server.rows.set(id, { table: 'reserves', id, product: P, count: op.count, status: 'active' });
      return entry('reserves', id, 'POST', { id, count: op.count, price: 1, product: P });
    }
    const count = op.table === 'markdowns' ? 1 : op.count;
    const lotId = op.table === 'markdowns' && op.lot !== undefined ? lotIds[op.lot % lotIds.length] : undefined;
    if (!take(op.table, id, count, lotId)) return null;
    server.rows.set(id, { table: op.table, id, product: P, count, status: 'completed' });
    const body =
      op.table === 'other_realizations'
        ? { batch: [{ id, product_id: P, count, marketplace: 'OZON', realization_price: 1 }] }
        : op.table === 'realizations'
          ? { id, product: P, count, realization_price: 1 }
          : { id, product_id: P, count, price: 1, lot_id: lotId };
    return entry(op.table, id, 'POST', body);
  }
  if (!row || row.status !== (row.table === 'reserves' ? 'active' : 'completed')) return null;
  const before = { id, product_id: P, product: P, count: row.count, status: row.status };
  if (row.table === 'reserves') {
    if (op.kind === 'drop') {
      server.rows.delete(id);
      return entry('reserves', id, 'DELETE', undefined, before);
    }
    if (op.kind !== 'realize') return null;
    // Realizing records a sale of the reserve's units (a server-made row) taken FIFO.
    if (!take('realizations', `sale-of-${id}`, row.count, undefined, id)) return null;
    row.status = 'realized';
    return entry('reserves', id, 'PATCH', { status: 'realized' }, before);
  }
  if (op.kind === 'realize') return null;
  if (op.kind === 'drop') {
    putBack(row.table, id);
    server.rows.delete(id);
    return entry(row.table, id, 'DELETE', { ids: [id] }, before);
  }
  if (op.kind === 'cancel') {
    if (row.table !== 'realizations') return null;
    putBack(row.table, id);
    row.status = 'cancelled';
    return entry(row.table, id, 'PATCH', { status: 'cancelled' }, before);
  }
  if (row.table === 'markdowns') return null;
  const was = held(row.table, id);
  putBack(row.table, id);
  if (!take(row.table, id, op.count)) {
    // Refused: rolled back, as the server's transaction does (and the client would not queue it).
    for (const [lotId, n] of was) {
      server.lots.get(lotId)!.count -= n;
      server.ledger.push({ source_table: row.table, source_id: id, lot_id: lotId, delta: -n });
    }
    return null;
  }
  row.count = op.count;
  return entry(row.table, id, 'PATCH', { count: op.count }, before);
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('take' as const),
      table: fc.constantFrom('disposals', 'realizations', 'other_realizations', 'markdowns'),
      row: fc.nat(11),
      count: fc.integer({ min: 1, max: 6 }),
      lot: fc.option(fc.nat(3), { nil: undefined }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      row: fc.nat(11),
      count: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), row: fc.nat(11) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), row: fc.nat(11) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('setLot' as const), lot: fc.nat(3), count: fc.nat(12) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      count: fc.integer({ min: 1, max: 5 }),
      price: fc.integer({ min: 1, max: 100 }),
      day: fc.integer({ min: 1, max: 9 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      row: fc.nat(11),
      count: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('realize' as const), row: fc.nat(11) }), weight: 1 },
);

describe('projectStock against a model of the server', () => {
  it('mirrored prefix + queued suffix projects to the server’s final lots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ count: fc.integer({ min: 0, max: 6 }), price: fc.integer({ min: 1, max: 100 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(opArb, { maxLength: 25 }),
        fc.nat(),
        (lotSpecs, ops, cut) => {
          const rowIds = Array.from({ length: 12 }, (_, i) => `r${i}`);
          const server = newModel(lotSpecs);
          const applied = ops
            .map((op) => modelApply(server, op, rowIds))
            .filter((e): e is ProjectionEntry => e !== null);
          // The same history against a second model, stopped at the cut, is what the device mirrored.
          const k = applied.length === 0 ? 0 : cut % (applied.length + 1);
          const mirror = newModel(lotSpecs);
          let n = 0;
          for (const op of ops) {
            if (n === k) break;
            if (modelApply(mirror, op, rowIds)) n++;
          }
          const queued = applied.slice(k);
          // As the outbox has them: a row's first waiting edit keeps the row as the server had it…
          const first = new Set<string>();
          for (const e of queued) {
            const key = `${e.table}/${e.row_id}`;
            if (first.has(key)) continue;
            first.add(key);
            if (e.table === 'lots' && e.method !== 'POST') e.before = { ...mirror.lots.get(e.row_id)! };
            if (e.table === 'reserves' && e.method !== 'POST') {
              const r = mirror.rows.get(e.row_id)!;
              e.before = { id: r.id, product: P, count: r.count, status: r.status };
            }
          }
          // …and lots received on the device are local rows already.
          const local = [...server.lots.values()]
            .filter((l) => !mirror.lots.has(l.id))
            .map((l) => ({ ...l, count: l.count_max }));
          const projection = projectStock({
            lots: [...mirror.lots.values(), ...local],
            movements: mirror.ledger,
            entries: queued,
          });
          expect(counts(projection.lots)).toEqual(counts([...server.lots.values()]));
          expect(projection.refused).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
