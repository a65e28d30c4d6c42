import { describe, expect, it } from 'vitest';
import {
  onHandByProduct,
  projectStock,
  type ProjectionEntry,
  type ProjectionLot,
  type ProjectionMovement,
} from './projection.ts';

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
  status = 'pending',
): ProjectionEntry => ({
  id: `e${++seq}`,
  seq,
  table,
  row_id: rowId,
  method,
  body,
  before,
  status,
});
const taken = (source_table: string, source_id: string, lot_id: string, n: number): ProjectionMovement => ({
  source_table,
  source_id,
  lot_id,
  delta: -n,
});
const counts = (lots: ProjectionLot[]) =>
  Object.fromEntries([...lots].sort((a, b) => a.id.localeCompare(b.id)).map((l) => [l.id, l.count]));

describe('projectStock', () => {
  it('without waiting entries the lots are the mirrored ones', () => {
    const lots = [lot('a', 2, 10, 1)];
    expect(projectStock({ lots, movements: [], entries: [] }).lots).toEqual(lots);
  });

  it('a waiting disposal takes oldest lots first (FIFO), across lots', () => {
    const lots = [lot('b', 5, 20, 2), lot('a', 2, 10, 1)];
    const result = projectStock({
      lots,
      movements: [],
      entries: [entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 3, price: 0 })],
    });
    expect(counts(result.lots)).toEqual({ a: 0, b: 4 });
    expect(result.refused).toEqual([]);
    // The input is not changed.
    expect(lots[1]!.count).toBe(2);
  });

  it('replays in seq order whatever order the entries come in; rejected ones are skipped, sending ones count', () => {
    const lots = [lot('a', 3, 10, 1), lot('b', 3, 20, 2)];
    const first = entry(
      'realizations',
      'r1',
      'POST',
      { id: 'r1', product: P, count: 2, realization_price: 50 },
      null,
      'sending',
    );
    const refusedByServer = entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 3 }, null, 'rejected');
    const second = entry('markdowns', 'm1', 'POST', { id: 'm1', product_id: P, price: 10, markdown_price: 5 });
    expect(counts(projectStock({ lots, movements: [], entries: [second, refusedByServer, first] }).lots)).toEqual({
      a: 0,
      b: 3,
    });
  });

  it('a markdown takes one unit, from its lot when one is named', () => {
    const lots = [lot('a', 3, 10, 1), lot('b', 3, 20, 2)];
    const result = projectStock({
      lots,
      movements: [],
      entries: [
        entry('markdowns', 'm1', 'POST', { id: 'm1', product_id: P, price: 20, markdown_price: 5, lot_id: 'b' }),
      ],
    });
    expect(counts(result.lots)).toEqual({ a: 3, b: 2 });
  });

  it('other realizations sent as a batch take the count of their own line', () => {
    const lots = [lot('a', 5, 10, 1)];
    const body = {
      batch: [
        { id: 'o1', product_id: P, count: 2, marketplace: 'OZON', realization_price: 1 },
        { id: 'o2', product_id: P, count: 1, marketplace: 'WB', realization_price: 1 },
      ],
    };
    const result = projectStock({
      lots,
      movements: [],
      entries: [entry('other_realizations', 'o1', 'POST', body), entry('other_realizations', 'o2', 'POST', body)],
    });
    expect(counts(result.lots)).toEqual({ a: 2 });
  });

  it('an outflow there is not enough stock for is marked refused and takes nothing; its later edits are skipped', () => {
    const lots = [lot('a', 2, 10, 1)];
    const create = entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 3 });
    const edit = entry('disposals', 'd1', 'PATCH', { count: 1 }, { id: 'd1', product_id: P, count: 3 });
    const result = projectStock({ lots, movements: [], entries: [create, edit] });
    expect(counts(result.lots)).toEqual({ a: 2 });
    expect(result.refused).toEqual([create.id]);
  });

  it('a count edit of a server-known row puts back what the ledger says it holds, then takes again FIFO', () => {
    // The server's d1 took 2 from b (the lot named, not the FIFO one): a is 4, b is 1.
    const lots = [lot('a', 4, 10, 1), lot('b', 1, 20, 2, { count_max: 3 })];
    const movements = [taken('disposals', 'd1', 'b', 2)];
    const row = { id: 'd1', product_id: P, count: 5 };
    const result = projectStock({
      lots,
      movements,
      entries: [entry('disposals', 'd1', 'PATCH', { count: 5 }, { ...row, count: 2 })],
      rows: new Map([['disposals/d1', row]]),
    });
    expect(counts(result.lots)).toEqual({ a: 0, b: 2 });
  });

  it('a delete puts back exactly the units the ledger names, to their lots', () => {
    const lots = [lot('a', 0, 10, 1, { count_max: 5 }), lot('b', 1, 20, 2, { count_max: 4 })];
    const movements = [
      taken('disposals', 'd1', 'a', 3),
      taken('disposals', 'd1', 'b', 3),
      { source_table: 'disposals', source_id: 'd1', lot_id: 'b', delta: 2 },
    ];
    const result = projectStock({
      lots,
      movements,
      entries: [entry('disposals', 'd1', 'DELETE', { ids: ['d1'] }, { id: 'd1', product_id: P, count: 4 })],
    });
    expect(counts(result.lots)).toEqual({ a: 3, b: 2 });
  });

  it('a cancelled realization puts its units back; a markdown edit moves nothing', () => {
    const lots = [lot('a', 1, 10, 1, { count_max: 5 })];
    const movements = [taken('realizations', 'r1', 'a', 3), taken('markdowns', 'm1', 'a', 1)];
    const result = projectStock({
      lots,
      movements,
      entries: [
        entry(
          'realizations',
          'r1',
          'PATCH',
          { status: 'cancelled' },
          { id: 'r1', product: P, count: 3, status: 'completed' },
        ),
        entry('markdowns', 'm1', 'PATCH', { release: true, price: 3 }, { id: 'm1', product_id: P, count: 1 }),
      ],
    });
    expect(counts(result.lots)).toEqual({ a: 4 });
  });

  it('a create the server already applied (its ledger rows are here) is not taken twice', () => {
    const lots = [lot('a', 3, 10, 1, { count_max: 5 })];
    const movements = [taken('disposals', 'd1', 'a', 2)];
    const result = projectStock({
      lots,
      movements,
      entries: [entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 2 }, null, 'sending')],
    });
    expect(counts(result.lots)).toEqual({ a: 3 });
  });

  it('a failed retake leaves the row holding what it held (the server rolls the edit back)', () => {
    const lots = [lot('a', 1, 10, 1, { count_max: 3 })];
    const movements = [taken('disposals', 'd1', 'a', 2)];
    const edit = entry('disposals', 'd1', 'PATCH', { count: 4 }, { id: 'd1', product_id: P, count: 2 });
    const del = entry('disposals', 'd1', 'DELETE', { ids: ['d1'] }, { id: 'd1', product_id: P, count: 2 });
    const result = projectStock({ lots, movements, entries: [edit] });
    expect(counts(result.lots)).toEqual({ a: 1 });
    expect(result.refused).toEqual([edit.id]);
    // …and a delete after the refused edit still puts back the 2 units.
    expect(counts(projectStock({ lots, movements, entries: [edit, del] }).lots)).toEqual({ a: 3 });
  });

  it('lots with waiting edits start from the server row; a remaining-count edit is absolute, in its place in the queue', () => {
    // Server: a has 10. Queue: disposal 3, then «remaining = 5» typed on the projected 7.
    const server = lot('a', 10, 10, 1);
    const local = { ...server, count: 5 };
    const entries = [
      entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 3 }),
      entry('lots', 'a', 'PATCH', { count: 5 }, server),
    ];
    expect(counts(projectStock({ lots: [local], movements: [], entries }).lots)).toEqual({ a: 5 });
    // The same edit queued before the disposal: the server sets 5, then takes 3.
    const earlier = [
      entry('lots', 'a', 'PATCH', { count: 5 }, server),
      entry('disposals', 'd2', 'POST', { id: 'd2', product_id: P, count: 3 }),
    ];
    expect(counts(projectStock({ lots: [local], movements: [], entries: earlier }).lots)).toEqual({ a: 2 });
  });

  it('a lot received offline exists from its create on, and outflows after it can take from it', () => {
    const offline = lot('n', 4, 50, 9);
    const entries = [
      entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 1 }),
      entry('lots', 'n', 'POST', { id: 'n', product_id: P, count: 4, price: 50 }),
      entry('disposals', 'd2', 'POST', { id: 'd2', product_id: P, count: 2 }),
    ];
    const result = projectStock({ lots: [offline], movements: [], entries });
    expect(counts(result.lots)).toEqual({ n: 2 });
    expect(result.refused).toEqual([entries[0]!.id]);
  });

  it('a receipt the server already answered (before = the pulled row) is not received twice', () => {
    const pulled = lot('n', 1, 50, 9, { count_max: 4 });
    const result = projectStock({
      lots: [{ ...pulled, count: 4 }],
      movements: [],
      entries: [entry('lots', 'n', 'POST', { id: 'n', product_id: P, count: 4, price: 50 }, pulled, 'sending')],
    });
    expect(counts(result.lots)).toEqual({ n: 1 });
  });

  it('a batch line for an existing lot changes what was received and the remainder with it; deleted lots go', () => {
    const lots = [lot('a', 2, 10, 1, { count_max: 5 }), lot('b', 1, 10, 2)];
    const entries = [
      entry('lots', 'a', 'POST', { batch: [{ id: 'a', product_id: P, count: 8, price: 12 }] }, lots[0]!),
      entry('lots', 'b', 'DELETE', { ids: ['b'] }, lots[1]!),
    ];
    const result = projectStock({ lots, movements: [], entries });
    expect(result.lots).toHaveLength(1);
    expect(result.lots[0]).toMatchObject({ id: 'a', count: 5, count_max: 8, price: 12 });
  });

  it('a batch saved offline: its lines replay for their own lots (carrier entries), and lots take their FIFO place by the new date', () => {
    const old = lot('a', 2, 10, 5);
    const moved = { ...old, created_at: '2025-01-01T00:00:00.000Z' };
    const fresh = lot('n', 3, 7, 9);
    const body = { batch: [{ id: 'n', product_id: P, count: 3, price: 7 }] };
    const doc = {
      id: 'b1',
      date: '2025-01-01',
      kind: 'purchase',
      inventory_ids: ['a', 'n'],
      other_realization_ids: [],
    };
    const entries = [
      entry('lots', 'n', 'POST', body),
      entry('lots', 'a', 'PATCH', doc, old),
      entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 1 }),
    ];
    const other = lot('z', 4, 1, 3);
    expect(counts(projectStock({ lots: [moved, fresh, other], movements: [], entries }).lots)).toEqual({
      a: 1,
      n: 3,
      z: 4,
    });
  });

  it('realizing a reserve takes its units FIFO; one the server realized already takes nothing', () => {
    const lots = [lot('a', 2, 10, 1), lot('b', 5, 10, 2)];
    const active = { id: 'v1', product: P, count: 3, price: 99, status: 'active' };
    const realize = entry('reserves', 'v1', 'PATCH', { status: 'realized' }, active);
    expect(counts(projectStock({ lots, movements: [], entries: [realize] }).lots)).toEqual({ a: 0, b: 4 });
    const created = [
      entry('reserves', 'v2', 'POST', { id: 'v2', product: P, count: 1, price: 5 }),
      entry('reserves', 'v2', 'PATCH', { count: 2 }, { id: 'v2', product: P, count: 1, status: 'active' }),
      entry('reserves', 'v2', 'PATCH', { status: 'realized' }, { id: 'v2' }),
    ];
    expect(counts(projectStock({ lots, movements: [], entries: created }).lots)).toEqual({ a: 0, b: 5 });
    const done = entry('reserves', 'v1', 'PATCH', { status: 'realized' }, { ...active, status: 'realized' }, 'sending');
    expect(counts(projectStock({ lots, movements: [], entries: [done] }).lots)).toEqual({ a: 2, b: 5 });
    const released = [
      entry('reserves', 'v1', 'PATCH', { status: 'released' }, active),
      entry('reserves', 'v1', 'PATCH', { status: 'realized' }, active),
    ];
    expect(counts(projectStock({ lots, movements: [], entries: released }).lots)).toEqual({ a: 2, b: 5 });
  });

  it('only the products an entry touches change; other products keep their lots', () => {
    const other = lot('x', 7, 1, 1, { product_id: 'p2' });
    const result = projectStock({
      lots: [lot('a', 2, 1, 1), other],
      movements: [],
      entries: [entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 1 })],
    });
    expect(onHandByProduct(result.lots)).toEqual(
      new Map([
        [P, 1],
        ['p2', 7],
      ]),
    );
  });
});
