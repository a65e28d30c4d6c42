import { describe, expect, it } from 'vitest';
import { stockValueChanges, stockValueSeries, type LedgerRow, type ValueLot } from './stock-value-series.ts';

// Instants at noon UTC: the same calendar day in any time zone the tests run in.
const at = (day: string) => `${day}T12:00:00.000Z`;
const row = (
  lot_id: string,
  delta: number,
  reason: string,
  source: string,
  unit_cost: number,
  created: string,
): LedgerRow => {
  const [source_table, source_id] = source.split('/') as [string, string];
  return { lot_id, delta, reason, source_table, source_id, unit_cost, created_at: at(created) };
};
const lot = (id: string, count: number, price: number, receivedDay: string): ValueLot => ({
  id,
  count,
  price,
  created_at: `${receivedDay}T00:00:00.000Z`,
});

describe('stock value at cost over time', () => {
  // A: 10 × 100 ₽ received 03.03, B: 5 × 200 ₽ received 05.03, both entered on 10.03.
  const ledger = [
    row('A', 10, 'receipt', 'lots/A', 100, '2025-03-10'),
    row('B', 5, 'receipt', 'lots/B', 200, '2025-03-10'),
    row('A', -2, 'disposal', 'disposals/d1', 100, '2025-03-11'),
    // A sale of 9 spanning both lots (FIFO: all 8 left of A, then 1 of B), dated 12.03.
    row('A', -8, 'realization', 'realizations/s1', 100, '2025-03-12'),
    row('B', -1, 'realization', 'realizations/s1', 200, '2025-03-12'),
    // A sale of 2 cancelled: its units came back to B — both rows on the day of the sale.
    row('B', -2, 'realization', 'realizations/s2', 200, '2025-03-13'),
    row('B', 2, 'reversal', 'realizations/s2', 200, '2025-03-15'),
    row('B', -1, 'correction', 'lots/B', 200, '2025-03-14'),
    // A markdown made on 15.03 and deleted on 16.03: its row is gone, so the ledger's own dates.
    row('B', -1, 'markdown', 'markdowns/m9', 200, '2025-03-15'),
    row('B', 1, 'reversal', 'markdowns/m9', 200, '2025-03-16'),
  ];
  const outflowDays = new Map([
    ['disposals/d1', '2025-03-11'],
    ['realizations/s1', '2025-03-12'],
    ['realizations/s2', '2025-03-13'],
  ]);
  // On the device now: A empty; B 3 left by the ledger, 1 more written off offline (outbox) → 2;
  // C received offline on 17.03, not in the ledger yet.
  const lots = [lot('A', 0, 100, '2025-03-03'), lot('B', 2, 200, '2025-03-05'), lot('C', 4, 50, '2025-03-17')];
  const changes = stockValueChanges({ lots, ledger, outflowDays, today: '2025-03-20' });

  it('dates receipts by the receipt date, outflows by their own date, edits by when they were made, the outbox today', () => {
    expect(Object.fromEntries([...changes].map(([day, kopecks]) => [day, kopecks / 100]))).toEqual({
      '2025-03-03': 1000, // 10 × 100
      '2025-03-05': 1000, // 5 × 200
      '2025-03-11': -200, // 2 × 100
      '2025-03-12': -1000, // 8 × 100 + 1 × 200
      '2025-03-13': 0, // taken and put back
      '2025-03-14': -200,
      '2025-03-15': -200,
      '2025-03-16': 200,
      '2025-03-17': 200, // C: 4 × 50
      '2025-03-20': -200, // the offline write-off of 1 × 200
    });
  });

  it('is a step line from the window start to today that ends at the value on hand', () => {
    expect(stockValueSeries(changes, '2025-03-10', '2025-03-20')).toEqual([
      { day: '2025-03-10', value: 2000 },
      { day: '2025-03-11', value: 1800 },
      { day: '2025-03-12', value: 800 },
      { day: '2025-03-14', value: 600 },
      { day: '2025-03-15', value: 400 },
      { day: '2025-03-16', value: 600 },
      { day: '2025-03-17', value: 800 },
      { day: '2025-03-20', value: 600 }, // B 2 × 200 + C 4 × 50
    ]);
  });

  it('prices at the lot’s cost now; a lot gone from the device at the ledger’s cost; a receipt dated ahead counts today', () => {
    const changes = stockValueChanges({
      // E's price was corrected from 10 to 12 after it came in.
      lots: [lot('E', 3, 12, '2025-03-02'), lot('F', 1, 0.1, '2025-04-01')],
      ledger: [row('E', 3, 'receipt', 'lots/E', 10, '2025-03-02'), row('D', 3, 'receipt', 'lots/D', 70, '2025-03-01')],
      outflowDays: new Map(),
      today: '2025-03-20',
    });
    // D (3 × 70) is in the ledger but deleted on this device: it leaves today; F, dated 01.04, arrives today.
    expect(Object.fromEntries([...changes].map(([day, kopecks]) => [day, kopecks / 100]))).toEqual({
      '2025-03-01': 210,
      '2025-03-02': 36,
      '2025-03-20': -209.9,
    });
    expect(stockValueSeries(changes, '2025-03-17', '2025-03-20')).toEqual([
      { day: '2025-03-17', value: 246 },
      { day: '2025-03-20', value: 36.1 },
    ]);
  });

  it('with a windowed ledger, what the window lacks of a lot counts before it; the outbox’s part today', () => {
    // G: 10 × 100 received 01.01, 6 sold before the window (rows pruned), 1 sold 12.03 (in it), 1 written off
    // offline: the server has 3, the device shows 2.
    const changes = stockValueChanges({
      lots: [lot('G', 2, 100, '2025-01-01')],
      ledger: [row('G', -1, 'realization', 'realizations/s7', 100, '2025-03-12')],
      outflowDays: new Map([['realizations/s7', '2025-03-12']]),
      today: '2025-03-20',
      serverCount: new Map([['G', 3]]),
    });
    expect(Object.fromEntries([...changes].map(([day, kopecks]) => [day, kopecks / 100]))).toEqual({
      '2025-01-01': 400, // 10 received − 6 sold before the window
      '2025-03-12': -100,
      '2025-03-20': -100, // the offline write-off
    });
    expect(stockValueSeries(changes, '2025-03-10', '2025-03-20')).toEqual([
      { day: '2025-03-10', value: 400 },
      { day: '2025-03-12', value: 300 },
      { day: '2025-03-20', value: 200 },
    ]);
  });

  it('starts at 0 and stays flat without any stock', () => {
    expect(stockValueSeries(new Map(), '2025-03-17', '2025-03-20')).toEqual([
      { day: '2025-03-17', value: 0 },
      { day: '2025-03-20', value: 0 },
    ]);
  });
});
