import { weekStart } from './calendar.ts';
import type { LedgerRow } from './stock-value-series.ts';

/*
 * Sales and gross margin by week: revenue is what the sales were sold for, the cost of goods what the
 * units cost in the lots FIFO took them from (docs/rules.md «FIFO»). Pure, so the rule is tested by
 * hand-computed cases.
 */

/** Sales tables: a sale (realization) and an other realization both sell units at a price. */
export const SALE_TABLES = ['realizations', 'other_realizations'] as const;

/** A sale that stands (a cancelled one returned its units and sold nothing). */
export interface Sale {
  /** `table/id`, as the ledger names its source. */
  key: string;
  /** YYYY-MM-DD: the sale's own date. */
  day: string;
  count: number;
  /** Price per unit sold for, ₽. */
  realization_price: number;
  /** Cost per unit, ₽, as the row has it: the device's FIFO estimate (domain/fifo.ts) until the server answers. */
  price: number;
}

export interface WeekSales {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  units: number;
  revenue: number;
  cost: number;
  /** Revenue − cost: gross margin, ₽ (below 0 when sold under cost). */
  margin: number;
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * What each sale's units cost, kopecks by `table/id`: per lot the units the ledger says the sale holds
 * (its takes less what reversals put back — an edit that retook units, a cancellation) at the unit cost
 * the ledger row carries, the lot's price when the units were taken. Those are exactly the lots the
 * server's FIFO (domain/fifo.ts allocate) took, so a sale spanning two lots costs each lot's part at
 * that lot's price.
 */
export function saleCosts(ledger: readonly LedgerRow[]): Map<string, number> {
  const tables = new Set<string>(SALE_TABLES);
  const out = new Map<string, number>();
  for (const row of ledger) {
    if (!tables.has(row.source_table)) continue;
    const key = `${row.source_table}/${row.source_id}`;
    out.set(key, (out.get(key) ?? 0) - row.delta * kopecks(row.unit_cost));
  }
  return out;
}

/**
 * Units, revenue, cost and margin of the sales in each of `weeks` (Mondays, as recentWeeks gives them);
 * sales outside them are left out. A sale the ledger does not know yet (made on this device and not
 * back from the server) costs count × its own price, the FIFO cost the device computed when it was made.
 */
export function weeklySales(
  sales: readonly Sale[],
  costs: ReadonlyMap<string, number>,
  weeks: readonly string[],
): WeekSales[] {
  const byWeek = new Map(weeks.map((week) => [week, { week, units: 0, revenue: 0, cost: 0 }]));
  for (const sale of sales) {
    const week = byWeek.get(weekStart(sale.day));
    if (!week) continue;
    week.units += sale.count;
    week.revenue += sale.count * kopecks(sale.realization_price);
    week.cost += costs.get(sale.key) ?? sale.count * kopecks(sale.price);
  }
  return [...byWeek.values()].map((w) => ({
    week: w.week,
    units: w.units,
    revenue: w.revenue / 100,
    cost: w.cost / 100,
    margin: (w.revenue - w.cost) / 100,
  }));
}
