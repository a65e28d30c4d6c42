import { random, seedOf } from '../sandbox/data.ts';
import { placeInDocuments, type PurchaseDocument } from './purchase-plan.ts';
import { dayBefore, laterMoment, schedule, type Demand } from './schedule.ts';

/*
 * The demo's history, decided up front from a seeded random: the same catalog always gets the same
 * purchases, sales and write-offs. The plan keeps its own count of each product's units, so no step
 * asks for more than the product has, and dates every outflow after the receipt of the units it needs
 * (schedule.ts); the server still has the last word (a 409 is skipped and counted).
 */

/** About how many products get sales, and up to what catalog size the rarer events keep their full share. */
const SALES_BUDGET = 800;
const RARE_BUDGET = 2500;

export interface DemoProduct {
  id: string;
  /** Sorting key that does not change between runs (ids do): the product's articles. */
  key: string;
}

/** What happens to a product: most are in stock; some were never bought, some sold out. */
export type Fate = 'stocked' | 'never' | 'sold_out';

export interface ProductPlan {
  product: DemoProduct;
  fate: Fate;
  /** Usual purchase cost and sale price per unit, roubles (cost < price). */
  cost: number;
  price: number;
}

export interface OtherLine {
  product_id: string;
  count: number;
  marketplace: 'OZON' | 'WB' | 'YM' | 'Other';
  realization_price: number;
  description: string;
}

export interface OtherDocument {
  date: Date;
  description: string;
  lines: OtherLine[];
}

export interface Sale {
  product: string;
  count: number;
  realization_price: number;
  date: Date;
}

export interface Disposal {
  product_id: string;
  count: number;
  price: number;
  description: string;
  date: Date;
}

export interface Markdown {
  product_id: string;
  price: number;
  markdown_price: number;
  description: string;
  date: Date;
  /** Sold at the markdown price. */
  release: boolean;
}

export interface Reserve {
  product: string;
  count: number;
  price: number;
  /** When it was made. */
  date: Date;
  /** What becomes of it: stays active, sold (realized) or taken off (released). */
  outcome: 'active' | 'realized' | 'released';
  /** When it was sold or taken off; an active one has none. */
  closedAt?: Date;
}

export interface HistoryPlan {
  products: Map<string, ProductPlan>;
  purchases: PurchaseDocument[];
  others: OtherDocument[];
  disposals: Disposal[];
  markdowns: Markdown[];
  sales: Sale[];
  reserves: Reserve[];
}

const disposalReasons = [
  'Брак при приёмке',
  'Повреждена упаковка',
  'Потерян при инвентаризации',
  'Истёк срок хранения',
];
const markdownReasons = ['Потёртость на корпусе', 'Вскрытая упаковка', 'Витринный образец', 'Нет ярлыка'];
const otherReasons = [
  'Отгрузка на склад маркетплейса',
  'Продажа на выставке',
  'Оптовый покупатель',
  'Подарок партнёру',
];

const rub = (n: number) => Math.max(10, Math.round(n / 10) * 10);

/**
 * `awaiting`: products with units waiting to be packed for a marketplace order; every third of them is
 * left without stock, so the shipping screen shows shortages as well.
 */
export function planHistory(products: DemoProduct[], awaiting: Set<string>, now: Date): HistoryPlan {
  const next = random(seedOf('ostatok-demo-history'));
  const chance = (p: number) => next() < p;
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sorted = [...products].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  // Each sale, write-off or reserve is a call of its own (~10 ms on the embedded database): on a large
  // catalog a smaller share of products gets them, so the demo stays about as quick as the purchases allow.
  const saleShare = Math.min(0.6, SALES_BUDGET / Math.max(1, products.length));
  const rare = Math.min(1, RARE_BUDGET / Math.max(1, products.length));
  const plans = new Map<string, ProductPlan>();
  const lots: { product: string; count: number; price: number }[][] = [];
  let awaitingSeen = 0;
  for (const product of sorted) {
    const cost = rub(80 + next() ** 2 * 3900);
    const price = rub(cost * (1.45 + next() * 0.9));
    let fate: Fate = chance(0.05) ? 'never' : chance(0.05) ? 'sold_out' : 'stocked';
    if (awaiting.has(product.id)) fate = awaitingSeen++ % 3 === 0 ? 'sold_out' : 'stocked';
    plans.set(product.id, { product, fate, cost, price });
    const own: { product: string; count: number; price: number }[] = [];
    if (fate !== 'never') {
      const lotCount = fate === 'sold_out' ? 1 : chance(0.75) ? 1 : chance(0.8) ? 2 : 3;
      for (let i = 0; i < lotCount; i++)
        own.push({
          product: product.id,
          count: between(3, 10) + Math.floor(next() ** 3 * 40),
          price: Math.round(cost * (0.88 + next() * 0.24)),
        });
    }
    lots.push(own);
  }

  const { purchases, receipts } = placeInDocuments(lots, now, next);
  const left = new Map<string, number>();
  for (const doc of purchases)
    for (const line of doc.lines) left.set(line.product_id, (left.get(line.product_id) ?? 0) + line.count);
  /** Units a stocked product may still give away: it keeps at least 2 (a reserve may need them). */
  const spare = (plan: ProductPlan) => (left.get(plan.product.id) ?? 0) - (plan.fate === 'stocked' ? 2 : 0);
  const take = (plan: ProductPlan, count: number) =>
    left.set(plan.product.id, (left.get(plan.product.id) ?? 0) - count);

  const othersCount = Math.max(3, Math.ceil(sorted.length / 1500));
  const others: OtherDocument[] = Array.from({ length: othersCount }, (_, i) => ({
    date: dayBefore(now, Math.round(70 - (i * 62) / Math.max(1, othersCount - 1)), 14),
    description: pick(otherReasons),
    lines: [],
  }));
  const otherDates = others.map((d) => d.date);
  const disposals: Disposal[] = [];
  const markdowns: Markdown[] = [];
  const sales: Sale[] = [];
  const reserves: Reserve[] = [];

  for (const plan of plans.values()) {
    if (plan.fate === 'never') continue;
    const id = plan.product.id;
    // What leaves the product's stock, decided first and dated after (schedule.ts).
    const demands: Demand[] = [];
    const sell = (count: number, realization_price: number) =>
      demands.push({ count, place: (date) => sales.push({ product: id, count, realization_price, date }) });
    if (plan.fate === 'sold_out') {
      // Everything sold: in two sales where there is enough.
      const all = left.get(id) ?? 0;
      const first = all > 3 ? Math.floor(all / 2) : all;
      sell(first, plan.price);
      if (all > first) sell(all - first, rub(plan.price * 0.95));
      take(plan, all);
      schedule(receipts.get(id) ?? [], demands, now, next);
      continue;
    }
    if (chance(0.04 * rare) && spare(plan) >= 2) {
      const count = between(1, Math.min(4, spare(plan) - 1));
      const line: OtherLine = {
        product_id: id,
        count,
        marketplace: pick(['OZON', 'WB', 'YM', 'Other'] as const),
        realization_price: rub(plan.price * 0.8),
        description: '',
      };
      demands.push({
        count,
        dates: otherDates,
        place: (date) => others.find((d) => d.date.getTime() === date.getTime())!.lines.push(line),
      });
      take(plan, count);
    }
    if (chance(0.05 * rare) && spare(plan) >= 1) {
      const count = between(1, Math.min(2, spare(plan)));
      const description = pick(disposalReasons);
      demands.push({ count, place: (date) => disposals.push({ product_id: id, count, price: 0, description, date }) });
      take(plan, count);
    }
    if (chance(0.05 * rare) && spare(plan) >= 1) {
      const markdown = {
        product_id: id,
        price: plan.price,
        markdown_price: rub(plan.price * (0.55 + next() * 0.25)),
        description: pick(markdownReasons),
        release: chance(0.5),
      };
      demands.push({ count: 1, place: (date) => markdowns.push({ ...markdown, date }) });
      take(plan, 1);
    }
    const saleCount = chance(saleShare) ? (chance(0.25) ? 2 : 1) : 0;
    for (let i = 0; i < saleCount && spare(plan) >= 1; i++) {
      const count = between(1, Math.min(6, Math.max(1, Math.floor(spare(plan) / 2))));
      sell(count, rub(plan.price * (0.9 + next() * 0.15)));
      take(plan, count);
    }
    if (chance(0.08 * rare) && spare(plan) >= 1) {
      const count = between(1, Math.min(3, spare(plan)));
      const outcome = chance(0.55) ? 'active' : chance(0.7) ? 'realized' : 'released';
      demands.push({
        count,
        place: (date) =>
          reserves.push({
            product: id,
            count,
            price: plan.price,
            date,
            outcome,
            closedAt: outcome === 'active' ? undefined : laterMoment(date, now, next),
          }),
      });
      take(plan, count);
    }
    schedule(receipts.get(id) ?? [], demands, now, next);
  }

  return {
    products: plans,
    purchases,
    others: others.filter((d) => d.lines.length > 0),
    disposals,
    markdowns,
    sales,
    reserves,
  };
}
