import { describe, expect, it } from 'vitest';
import { allocate } from '../../../../domain/fifo.ts';
import { recentWeeks } from './calendar.ts';
import type { LedgerRow } from './stock-value-series.ts';
import { saleCosts, weeklySales, type Sale } from './weekly-sales.ts';

/**
 * The server's side of a sale, as its engine (server/stock/engine.ts) writes it: units taken FIFO with
 * domain/fifo.ts, one ledger row per lot at that lot's price; a cancellation puts the same units back.
 */
class Warehouse {
  readonly lots: { id: string; count: number; price: number; receivedAt: string }[] = [];
  readonly ledger: LedgerRow[] = [];

  receive(id: string, count: number, price: number, day: string) {
    this.lots.push({ id, count, price, receivedAt: `${day}T00:00:00.000Z` });
  }

  sell(table: string, id: string, count: number) {
    const taken = allocate(this.lots, count);
    if (!taken.ok) throw new Error(`only ${taken.available} available`);
    for (const a of taken.allocations) {
      this.lots.find((l) => l.id === a.lotId)!.count -= a.count;
      this.ledger.push({
        lot_id: a.lotId,
        delta: -a.count,
        reason: 'realization',
        source_table: table,
        source_id: id,
        unit_cost: a.unitCost,
        created_at: '',
      });
    }
  }

  cancel(table: string, id: string) {
    for (const row of this.ledger.filter((r) => r.source_table === table && r.source_id === id)) {
      this.lots.find((l) => l.id === row.lot_id)!.count -= row.delta;
      this.ledger.push({ ...row, delta: -row.delta, reason: 'reversal' });
    }
  }
}

const sale = (key: string, day: string, count: number, realization_price: number, price: number): Sale => ({
  key,
  day,
  count,
  realization_price,
  price,
});

describe('sales and gross margin by week', () => {
  const w = new Warehouse();
  w.receive('A', 2, 100, '2025-03-03');
  w.receive('B', 5, 130, '2025-03-04');
  w.sell('other_realizations', 'o1', 1); // 05.03: A 1 × 100
  w.sell('realizations', 's1', 3); // 11.03: A 1 × 100 + B 2 × 130 — two lots at different costs
  w.receive('R', 1, 90, '2025-03-12'); // a customer's return, received as a lot at 90 ₽
  w.sell('realizations', 's6', 1); // 13.03: B 1 × 130 …
  w.cancel('realizations', 's6'); // … cancelled: the unit is back in B
  w.sell('realizations', 's2', 4); // 18.03: B 3 × 130 + the returned unit R 1 × 90

  it('costs each sale at the lots FIFO took, each at its own price; a cancelled sale costs nothing', () => {
    expect(Object.fromEntries([...saleCosts(w.ledger)].map(([key, kopecks]) => [key, kopecks / 100]))).toEqual({
      'other_realizations/o1': 100,
      'realizations/s1': 360, // 100 + 260
      'realizations/s6': 0,
      'realizations/s2': 480, // 390 + 90
    });
  });

  it('adds revenue, cost and margin up by week (Monday to Sunday); a sale not yet on the server at its own FIFO price', () => {
    const sales = [
      sale('other_realizations/o1', '2025-03-05', 1, 120, 100),
      sale('realizations/s1', '2025-03-11', 3, 200, 120), // the row's price is an average: the ledger decides
      sale('realizations/s2', '2025-03-18', 4, 150, 120),
      // Made on this device, not sent yet: no ledger rows, its price is the device's FIFO cost.
      sale('realizations/s5', '2025-03-23', 1, 180, 130),
      // Before the charted weeks: left out.
      sale('realizations/old', '2025-03-02', 5, 1000, 1),
    ];
    const weeks = recentWeeks('2025-03-20', 3);
    expect(weeks).toEqual(['2025-03-03', '2025-03-10', '2025-03-17']);
    expect(weeklySales(sales, saleCosts(w.ledger), weeks)).toEqual([
      { week: '2025-03-03', units: 1, revenue: 120, cost: 100, margin: 20 },
      { week: '2025-03-10', units: 3, revenue: 600, cost: 360, margin: 240 },
      // 4 × 150 + 1 × 180 = 780; 480 + 130 = 610 (Sunday 23.03 is still the week of 17.03).
      { week: '2025-03-17', units: 5, revenue: 780, cost: 610, margin: 170 },
    ]);
  });

  it('shows a week sold under cost as a negative margin, and weeks without sales as zeros', () => {
    const sales = [sale('realizations/x', '2025-03-19', 2, 0.1, 0.2)];
    expect(weeklySales(sales, new Map(), ['2025-03-10', '2025-03-17'])).toEqual([
      { week: '2025-03-10', units: 0, revenue: 0, cost: 0, margin: 0 },
      { week: '2025-03-17', units: 2, revenue: 0.2, cost: 0.4, margin: -0.2 },
    ]);
  });
});
