import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, unitCostOf, type LotStock } from './fifo.ts';

const lot = (id: string, count: number, price: number, receivedAt: string): LotStock => ({
  id,
  count,
  price,
  receivedAt,
});

describe('allocate', () => {
  const lots = [lot('new', 5, 30, '2026-03-01'), lot('old', 2, 10, '2026-01-01'), lot('empty', 0, 1, '2025-01-01')];

  it('takes the oldest receipt first and spills into the next lot', () => {
    expect(allocate(lots, 4)).toEqual({
      ok: true,
      allocations: [
        { lotId: 'old', count: 2, unitCost: 10 },
        { lotId: 'new', count: 2, unitCost: 30 },
      ],
      cost: 80,
    });
  });

  it('takes only from a named lot', () => {
    expect(allocate(lots, 3, { lotId: 'new' })).toMatchObject({ ok: true, allocations: [{ lotId: 'new', count: 3 }] });
    expect(allocate(lots, 3, { lotId: 'old' })).toEqual({ ok: false, available: 2 });
  });

  it('refuses more than is on hand or allowed by the limit, saying what is available', () => {
    expect(allocate(lots, 8)).toEqual({ ok: false, available: 7 });
    expect(allocate(lots, 6, { limit: 5 })).toEqual({ ok: false, available: 5 });
    expect(allocate(lots, 1, { limit: -2 })).toEqual({ ok: false, available: 0 });
  });

  it('refuses zero, negative and fractional quantities', () => {
    for (const q of [0, -1, 1.5, Number.NaN]) expect(allocate(lots, q).ok).toBe(false);
  });

  it('sums cost in kopecks', () => {
    const cheap = [lot('a', 3, 0.1, '2026-01-01'), lot('b', 3, 0.2, '2026-01-02')];
    expect(allocate(cheap, 4)).toMatchObject({ cost: 0.5 });
    expect(
      unitCostOf([
        { lotId: 'a', count: 1, unitCost: 0.1 },
        { lotId: 'b', count: 2, unitCost: 0.2 },
      ]),
    ).toBe(0.17);
  });

  it('never takes more than a lot holds, takes exactly the quantity, and drains older lots before newer ones', () => {
    const lotsArb = fc.array(
      fc.record({
        count: fc.integer({ min: 0, max: 20 }),
        price: fc.integer({ min: 0, max: 100_000 }),
        day: fc.integer({ min: 1, max: 28 }),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 100 }), (specs, quantity) => {
        const given = specs.map((s, i) =>
          lot(`l${i}`, s.count, s.price / 100, `2026-01-${String(s.day).padStart(2, '0')}`),
        );
        const result = allocate(given, quantity);
        const onHand = given.reduce((s, l) => s + l.count, 0);
        if (!result.ok) return quantity > onHand && result.available === onHand;
        const byId = new Map(given.map((l) => [l.id, l]));
        const taken = result.allocations.reduce((s, a) => s + a.count, 0);
        const noOverdraw = result.allocations.every((a) => a.count > 0 && a.count <= byId.get(a.lotId)!.count);
        // Every lot strictly older than a lot taken from must have been emptied.
        const fifo = result.allocations.every((a) => {
          const at = new Date(byId.get(a.lotId)!.receivedAt).getTime();
          return given
            .filter((l) => new Date(l.receivedAt).getTime() < at && l.count > 0)
            .every((older) => result.allocations.find((x) => x.lotId === older.id)?.count === older.count);
        });
        return taken === quantity && noOverdraw && fifo;
      }),
    );
  });
});
