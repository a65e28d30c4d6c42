import { describe, expect, it } from 'vitest';
import { timeline } from './outflows.ts';
import { planHistory, type DemoProduct, type HistoryPlan } from './plan.ts';

/*
 * The demo's plan on its own (the run against a real server: tests/server/demo-history.test.ts):
 * the same catalog always gets the same history, every outflow is dated after the receipt of the
 * units it needs and before now, and the sales spread over the home page's 13 weeks.
 */

const NOW = new Date('2026-03-18T08:30:00.000Z'); // a Wednesday
const DAY = 86_400_000;

const catalog = (n: number): DemoProduct[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${String(i).padStart(5, '0')}`, key: `OF-${i * 7919}` }));

/** Each product's units over time: received by each date minus taken by the outflows dated up to it. */
function shortfalls(plan: HistoryPlan): string[] {
  const events = new Map<string, { at: number; delta: number; what: string }[]>();
  const add = (product: string, at: Date, delta: number, what: string) =>
    events.set(product, [...(events.get(product) ?? []), { at: at.getTime(), delta, what }]);
  for (const doc of plan.purchases) for (const l of doc.lines) add(l.product_id, doc.date, l.count, 'закупка');
  for (const o of timeline(plan)) {
    if (o.kind === 'other') for (const l of o.doc.lines) add(l.product_id, o.date, -l.count, 'прочая');
    else if (o.kind === 'disposal') add(o.row.product_id, o.date, -o.row.count, 'списание');
    else if (o.kind === 'markdown') add(o.row.product_id, o.date, -1, 'уценка');
    else if (o.kind === 'sale') add(o.row.product, o.date, -o.row.count, 'продажа');
    // A reserve's units are set aside from the day it is made: counted as gone then.
    else if (o.kind === 'reserve') add(o.row.product, o.date, -o.row.count, 'резерв');
  }
  const problems: string[] = [];
  for (const [product, list] of events) {
    let units = 0;
    // Receipts first at the same moment: the plan dates outflows after the shelving hours anyway.
    for (const e of list.sort((a, b) => a.at - b.at || b.delta - a.delta)) {
      units += e.delta;
      if (units < 0) problems.push(`${product}: ${e.what} ${new Date(e.at).toISOString()} — ${units}`);
    }
  }
  return problems;
}

/** Monday (UTC) of the day's week, as the home chart's calendar counts weeks. */
const weekOf = (at: Date) => {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
};

function weeksWithSales(plan: HistoryPlan): number {
  const first = weekOf(NOW) - 12 * 7 * DAY;
  const weeks = new Set<number>();
  for (const o of timeline(plan)) {
    const sold =
      o.kind === 'sale' || o.kind === 'other' || (o.kind === 'reserve_closed' && o.row.outcome === 'realized');
    if (sold && weekOf(o.date) >= first) weeks.add(weekOf(o.date));
  }
  return weeks.size;
}

describe('the demo history plan', () => {
  it('is the same for the same catalog', () => {
    const products = catalog(300);
    const awaiting = new Set(['p00003', 'p00010', 'p00200']);
    expect(planHistory(products, awaiting, NOW)).toEqual(planHistory([...products].reverse(), awaiting, NOW));
  });

  for (const size of [60, 300, 6000]) {
    it(`on ${size} products: every outflow after its units came and before now, sales in most of the 13 weeks`, () => {
      const plan = planHistory(catalog(size), new Set(), NOW);
      const all = timeline(plan);
      // Sales budget: on a large catalog a smaller share of products sells (plan.ts SALES_BUDGET).
      expect(plan.sales.length).toBeGreaterThan(Math.min(size / 4, 500));
      expect(plan.disposals.length + plan.markdowns.length + plan.reserves.length).toBeGreaterThan(0);
      expect(shortfalls(plan)).toEqual([]);
      for (const o of all) {
        expect(o.date.getTime(), o.kind).toBeLessThan(NOW.getTime());
        expect(o.date.getTime(), o.kind).toBeGreaterThan(NOW.getTime() - 90 * DAY);
      }
      for (const r of plan.reserves) {
        expect(r.closedAt === undefined, r.outcome).toBe(r.outcome === 'active');
        if (r.closedAt) expect(r.closedAt.getTime()).toBeGreaterThanOrEqual(r.date.getTime());
      }
      expect(weeksWithSales(plan)).toBeGreaterThanOrEqual(size >= 300 ? 12 : 10);
    });
  }
});
