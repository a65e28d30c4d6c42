import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData, db } from '../db/database.ts';
import { loadProductStock } from './projected-stock.ts';
import { projectStock, type ProjectionEntry, type ProjectionLot } from './projection.ts';

/*
 * The stock projection for a warehouse member without leave to see costs (issue 24): the server leaves prices out
 * of every lot it sends them, so the projection works on lots without a price. Units are what it is about: they
 * come out the same, nothing throws, and no lot is given a made-up price.
 */
const P = 'p1';
const lot = (id: string, count: number, day: number): ProjectionLot =>
  ({
    id,
    product_id: P,
    count,
    count_max: count,
    created_at: `2025-01-0${day}T00:00:00.000Z`,
  }) as ProjectionLot;
let seq = 0;
const entry = (table: string, rowId: string, method: string, body: unknown, before: object | null = null) =>
  ({ id: `e${++seq}`, seq, table, row_id: rowId, method, body, before, status: 'pending' }) as ProjectionEntry;
const byId = (lots: ProjectionLot[]) => Object.fromEntries(lots.map((l) => [l.id, l]));

afterEach(() => clearLocalData());

describe('projectStock on lots without prices', () => {
  it('outflows take FIFO, a reserve sold takes its units, a count edit lands; no price appears', () => {
    const lots = [lot('b', 5, 2), lot('a', 2, 1)];
    const entries = [
      entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 3 }),
      entry('markdowns', 'm1', 'POST', { id: 'm1', product_id: P }),
      entry('reserves', 'r1', 'POST', { id: 'r1', product: P, count: 1 }),
      entry('reserves', 'r1', 'PATCH', { status: 'realized' }, { id: 'r1', product: P, count: 1, status: 'active' }),
      entry('lots', 'b', 'PATCH', { count: 2 }, lots[0]!),
    ];
    const { lots: out, refused } = projectStock({ lots, movements: [], entries });
    expect(refused).toEqual([]);
    // a: 2 − 2 (write-off); b: the write-off's third unit, the markdown and the sale leave 2, then set to 2.
    expect(byId(out).a!.count).toBe(0);
    expect(byId(out).b!.count).toBe(2);
    for (const l of out) expect(l.price).toBeUndefined();
  });

  it('a receipt the member typed keeps its price beside the hidden ones', () => {
    const lots = [lot('a', 2, 1)];
    const entries = [entry('lots', 'n', 'POST', { id: 'n', product_id: P, count: 4, price: 55 })];
    const out = byId(projectStock({ lots, movements: [], entries }).lots);
    expect(out.n).toMatchObject({ count: 4, count_max: 4, price: 55 });
    expect(out.a!.price).toBeUndefined();
  });

  it('more than there is is still refused', () => {
    const { refused } = projectStock({
      lots: [lot('a', 1, 1)],
      movements: [],
      entries: [entry('disposals', 'd1', 'POST', { id: 'd1', product_id: P, count: 2 })],
    });
    expect(refused).toHaveLength(1);
  });
});

describe('loadProductStock on lots without prices', () => {
  it('on hand, reserved and free as ever', async () => {
    await db.mirrored('lots').bulkAdd([lot('a', 2, 1), lot('b', 3, 2)]);
    await db.mirrored('reserves').add({ id: 'r', product: P, count: 1, status: 'active' });
    const stock = await loadProductStock(P);
    expect(stock).toMatchObject({ onHand: 5, reserved: 1, free: 4 });
    expect(stock.lots.map((l) => l.id)).toEqual(['a', 'b']);
  });
});
