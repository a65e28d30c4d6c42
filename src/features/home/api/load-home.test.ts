// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type OutboxEntry } from '../../../db/database.ts';
import { loadHomeCharts, loadHomeFigures } from './load-home.ts';

// The home page read from the device: the mirror (lots, ledger, sales, posting statuses) and the
// outbox (an offline write-off already counts; a refused edit is counted).
let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const noon = (day: string) => `${day}T12:00:00.000Z`;

async function seed() {
  const put = (table: Parameters<OstatokDatabase['mirrored']>[0], rows: Record<string, unknown>[]) =>
    database.mirrored(table).bulkAdd(rows.map((r) => ({ ...meta, ...r }) as never));
  await put('products_wh', [
    { id: 'P1', name: 'Кружка', images: [] },
    { id: 'P2', name: 'Чайник', images: [] },
  ]);
  await put('products_mp', [
    { id: 'L1', product_wh_id: 'P1', offer_id: 'cup', marketplace: 'OZON', market_id: 'oz' },
    { id: 'L2', product_wh_id: 'P2', offer_id: 'pot', marketplace: 'OZON', market_id: 'oz' },
  ]);
  // A: 10 × 100 ₽ received 03.03, 6 sold → 4 left; B: 3 × 250 ₽ received 05.03, 2 sold → 1 left.
  const lot = (id: string, product_id: string, count: number, count_max: number, price: number, day: string) => ({
    id,
    product_id,
    count,
    count_max,
    price,
    created_at: `${day}T00:00:00.000Z`,
    batch_id: null,
    return_id: null,
    is_return: false,
  });
  await put('lots', [lot('A', 'P1', 4, 10, 100, '2025-03-03'), lot('B', 'P2', 1, 3, 250, '2025-03-05')]);
  const move = (
    id: string,
    product_id: string,
    lot_id: string,
    delta: number,
    reason: string,
    source: string,
    unit_cost: number,
  ) => {
    const [source_table, source_id] = source.split('/');
    return {
      id,
      product_id,
      lot_id,
      delta,
      reason,
      source_table,
      source_id,
      unit_cost,
      created_at: noon('2025-03-15'),
    };
  };
  await put('stock_movements', [
    move('m1', 'P1', 'A', 10, 'receipt', 'lots/A', 100),
    move('m2', 'P2', 'B', 3, 'receipt', 'lots/B', 250),
    move('m3', 'P1', 'A', -6, 'realization', 'realizations/s1', 100),
    move('m4', 'P2', 'B', -2, 'realization', 'realizations/s3', 250),
    move('m5', 'P2', 'B', -1, 'realization', 'realizations/s2', 250),
    move('m6', 'P2', 'B', 1, 'reversal', 'realizations/s2', 250),
  ]);
  const sale = (
    id: string,
    product: string,
    count: number,
    price: number,
    realization_price: number,
    status: string,
    day: string,
  ) => ({
    id,
    product,
    count,
    price,
    entered_price: null,
    realization_price,
    status,
    datetime: noon(day),
  });
  await put('realizations', [
    sale('s1', 'P1', 6, 100, 180, 'completed', '2025-03-11'),
    sale('s2', 'P2', 1, 250, 900, 'cancelled', '2025-03-12'),
    sale('s3', 'P2', 2, 250, 300, 'completed', '2025-03-12'),
  ]);
  // 5 awaiting assembly for the cup; nothing for the pot.
  await put('posting_statuses', [
    {
      id: 'st1',
      product_mp_id: 'L1',
      awaiting_packaging: 5,
      awaiting_deliver: 0,
      delivering: 0,
      fetched_at: noon('2025-03-19'),
    },
    {
      id: 'st2',
      product_mp_id: 'L2',
      awaiting_packaging: 0,
      awaiting_deliver: 1,
      delivering: 0,
      fetched_at: noon('2025-03-19'),
    },
  ]);
  // A write-off of 1 cup made offline, waiting in the outbox, and an edit the server refused.
  const disposal = {
    id: 'd1',
    product_id: 'P1',
    batch_id: null,
    count: 1,
    price: 0,
    datetime: noon('2025-03-20'),
    description: '',
  };
  await put('disposals', [disposal]);
  const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
    id: crypto.randomUUID(),
    group: null,
    method: 'POST',
    path: '/api/v1/disposal/',
    body: { id: 'd1', product_id: 'P1', count: 1, price: 0, description: '' },
    table: 'disposals',
    row_id: 'd1',
    before: null,
    created_at: 0,
    status: 'pending',
    attempts: 0,
    error: null,
    ...over,
  });
  await database.outbox.bulkAdd([
    entry({}),
    entry({
      row_id: 'x',
      body: { id: 'x', product_id: 'P2', count: 5 },
      status: 'rejected',
      error: 'Недостаточно товара на складе: доступно 1 шт.',
    }),
  ]);
}

describe('the home page from the device', () => {
  it('counts stock on hand with the outbox taken, its value at cost, the products short of waiting orders and the edits', async () => {
    await seed();
    expect(await loadHomeFigures(database)).toEqual({
      // A 3 (4 − the offline write-off) × 100 + B 1 × 250.
      onHand: { units: 4, value: 550 },
      // Cup: 5 awaiting, 3 on hand.
      shortfalls: [{ id: 'P1', name: 'Кружка', onHand: 3, awaiting: 5, lacking: 2 }],
      edits: { unsent: 1, refused: 1 },
    });
  });

  it('charts the value from the ledger and the sales of each week at the cost of the lots they took', async () => {
    await seed();
    const charts = await loadHomeCharts(database, new Date(noon('2025-03-20')));
    expect(charts.today).toBe('2025-03-20');
    expect(charts.value).toEqual([
      { day: '2024-12-23', value: 0 }, // the Monday 12 weeks before this week's
      { day: '2025-03-03', value: 1000 },
      { day: '2025-03-05', value: 1750 },
      { day: '2025-03-11', value: 1150 },
      { day: '2025-03-12', value: 650 }, // s3; the cancelled s2 nets out
      { day: '2025-03-20', value: 550 }, // the offline write-off: the value on hand
    ]);
    expect(charts.sales).toHaveLength(13);
    expect(charts.sales.filter((w) => w.units > 0)).toEqual([
      // s1 6 × 180 + s3 2 × 300 = 1680; cost 6 × 100 + 2 × 250 = 1100; the cancelled sale not at all.
      { week: '2025-03-10', units: 8, revenue: 1680, cost: 1100, margin: 580 },
    ]);
  });

  it('is all zeros on an empty device', async () => {
    expect(await loadHomeFigures(database)).toEqual({
      onHand: { units: 0, value: 0 },
      shortfalls: [],
      edits: { unsent: 0, refused: 0 },
    });
    const charts = await loadHomeCharts(database, new Date(noon('2025-03-20')));
    expect(charts.value).toEqual([
      { day: '2024-12-23', value: 0 },
      { day: '2025-03-20', value: 0 },
    ]);
    expect(charts.sales.every((w) => w.revenue === 0 && w.cost === 0)).toBe(true);
  });
});
