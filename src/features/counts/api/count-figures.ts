import type { CountLine, CountResult } from './types.ts';

/** A lot as the figures need it: what is left, its unit cost (absent when hidden) and when it came. */
export interface FigureLot {
  product_id: string;
  count: number;
  price?: number;
  created_at: string;
}

/** One product's row of the document. */
export interface CountFigure {
  product_id: string;
  expected: number;
  counted: number;
  difference: number;
  /** The difference in ₽: a shortage at the cost of the lots it takes (FIFO), a surplus at the last cost. */
  cost: number | undefined;
  /** Whether anybody counted it (a line of any person, a 0 included). */
  touched: boolean;
}

const hasPrice = (l: FigureLot): l is FigureLot & { price: number } =>
  typeof l.price === 'number' && Number.isFinite(l.price);
const cents = (v: number) => Math.round(v * 100) / 100;

/**
 * The cost of a difference as posting will book it (docs/rules.md «Инвентаризация»): a shortage is written off
 * FIFO, oldest lot first, at each lot's cost; a surplus comes in as a new lot at the product's last cost (that of
 * the lot received last, 0 if it never had one). Undefined when a cost it needs is hidden from this member.
 */
export function differenceCost(difference: number, lots: readonly FigureLot[]): number | undefined {
  if (difference === 0) return 0;
  const byAge = [...lots].sort((a, b) => a.created_at.localeCompare(b.created_at));
  if (difference > 0) {
    const last = byAge.at(-1);
    if (!last) return 0;
    return hasPrice(last) ? cents(difference * last.price) : undefined;
  }
  let left = -difference;
  let sum = 0;
  for (const lot of byAge) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(lot.count, 0));
    if (take === 0) continue;
    if (!hasPrice(lot)) return undefined;
    sum += take * lot.price;
    left -= take;
  }
  return -cents(sum);
}

export interface DraftInput {
  scope: 'all' | 'selection';
  productIds: readonly string[];
  lines: readonly CountLine[];
  /** Every product's projected lots on this device. */
  lots: readonly FigureLot[];
  /** Live products: a scope 'all' count covers those with stock or lines. */
  liveProducts: ReadonlySet<string>;
}

/**
 * A draft's rows: every product in scope — the selection, or (whole warehouse) each live product with stock on
 * this device or with a line — with its expected stock (the device's projection), counted units (Σ every person's
 * lines in the mirror) and the difference.
 */
export function draftFigures({ scope, productIds, lines, lots, liveProducts }: DraftInput): CountFigure[] {
  const lotsOf = new Map<string, FigureLot[]>();
  for (const l of lots) lotsOf.set(l.product_id, [...(lotsOf.get(l.product_id) ?? []), l]);
  const counted = new Map<string, number>();
  for (const line of lines) counted.set(line.product_id, (counted.get(line.product_id) ?? 0) + line.quantity);
  const onHand = (id: string) => (lotsOf.get(id) ?? []).reduce((s, l) => s + l.count, 0);

  let ids: string[];
  if (scope === 'selection') ids = [...productIds];
  else {
    const withStock = [...lotsOf.keys()].filter((id) => liveProducts.has(id) && onHand(id) > 0);
    ids = [...new Set([...withStock, ...counted.keys()])];
  }
  return ids.map((id) => {
    const expected = onHand(id);
    const got = counted.get(id) ?? 0;
    const difference = got - expected;
    return {
      product_id: id,
      expected,
      counted: got,
      difference,
      cost: differenceCost(difference, lotsOf.get(id) ?? []),
      touched: counted.has(id),
    };
  });
}

/** A posted count's rows: its stored results, as they were at posting. */
export function postedFigures(results: readonly CountResult[]): CountFigure[] {
  return results.map((r) => ({ ...r, cost: r.cost, touched: true }));
}

/** Shortages, surpluses and the products in scope nobody counted (those with stock will be written off). */
export function postingSummary(figures: readonly CountFigure[]) {
  const sum = (rows: CountFigure[], pick: (f: CountFigure) => number | undefined) =>
    rows.reduce<number | undefined>((s, f) => {
      const v = pick(f);
      return s === undefined || v === undefined ? undefined : cents(s + v);
    }, 0);
  const shortages = figures.filter((f) => f.difference < 0);
  const surpluses = figures.filter((f) => f.difference > 0);
  return {
    shortages,
    surpluses,
    uncounted: figures.filter((f) => !f.touched && f.expected > 0),
    shortageUnits: shortages.reduce((s, f) => s - f.difference, 0),
    shortageCost: sum(shortages, (f) => f.cost),
    surplusUnits: surpluses.reduce((s, f) => s + f.difference, 0),
    surplusCost: sum(surpluses, (f) => f.cost),
  };
}
