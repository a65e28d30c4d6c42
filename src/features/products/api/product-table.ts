import type { ListingSummary } from '../../../lib/listings.ts';
import type { LotLike, MarkdownLike, ReserveLike, StockFigures } from './types.ts';

/** What the table shows of a warehouse product itself: its name and first picture. */
export interface ProductHead {
  id: string;
  name: string;
  image: string | null;
  /** The product's own barcodes: the search finds a product by one (a scanner typing into the search box). */
  barcodes?: string[];
}

/** One line of the /products table: the product, its listings' articles and its stock figures. */
export interface ProductRow extends StockFigures {
  id: string;
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name and articles joined, so a keystroke filters with one `includes` per row. */
  haystack: string;
  /** Place in name order among all products (sortHeads), so ordering the table compares numbers only. */
  rank: number;
}

export type ProductOrder = 'name' | '-name' | 'count' | '-count';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const zero = (): StockFigures => ({ count: 0, reserve: 0, markdowns: 0, total_price: 0 });

/**
 * The figures of every product in one pass over each stock table (docs/rules.md «Товары и их цифры»: derived, never
 * stored). A Map lookup per row afterwards, instead of three queries per product. `lots` are the
 * projected lots (src/stock/projected-stock.ts): outflows still in the outbox already count.
 */
export function figuresByProduct(
  lots: LotLike[],
  reserves: ReserveLike[],
  markdowns: MarkdownLike[],
): Map<string, StockFigures> {
  const out = new Map<string, StockFigures>();
  const of = (id: unknown) => {
    const key = String(id);
    let f = out.get(key);
    if (!f) out.set(key, (f = zero()));
    return f;
  };
  for (const lot of lots) {
    const f = of(lot.product_id);
    const count = num(lot.count);
    f.count += count;
    f.total_price += count * num(lot.price);
  }
  // Reserves name their product `product` on the wire (product_id in older local rows).
  for (const r of reserves) if (r.status === 'active') of(r.product ?? r.product_id).reserve += num(r.count);
  for (const m of markdowns) if (m.release !== true) of(m.product_id).markdowns += 1;
  // Whole kopecks, as the server's stock_value: a float sum of 30 lots can land a hair under a
  // half-kopeck average that the server's exact sum does not, and the two would round apart.
  for (const f of out.values()) f.total_price = Math.round(f.total_price * 100) / 100;
  return out;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The products in name order as Russian readers expect (numbers by value), ties by id. Done once
 * whenever the products change: a collator comparison of Cyrillic names costs about a microsecond
 * and ordering 10,000 takes ~120,000 of them, too much for every visit or keystroke; the rows then
 * carry their place (`rank`) and order by comparing numbers.
 */
export function sortHeads(heads: readonly ProductHead[]): ProductHead[] {
  return [...heads].sort((a, b) => collator.compare(a.name, b.name) || byId(a, b));
}

/** The table's rows, in the order of `heads` (sortHeads), which becomes their rank. */
export function joinRows(
  heads: readonly ProductHead[],
  listings: ReadonlyMap<string, ListingSummary>,
  figures: ReadonlyMap<string, StockFigures>,
): ProductRow[] {
  return heads.map((p, rank) => {
    const l = listings.get(p.id);
    const articles = l?.articles ?? [];
    return {
      id: p.id,
      name: p.name,
      image: p.image ?? l?.image ?? null,
      articles,
      haystack: [p.name, ...articles, ...(p.barcodes ?? [])].join('\n').toLowerCase(),
      rank,
      ...(figures.get(p.id) ?? zero()),
    };
  });
}

/** A total order (ties by name, then id), so a row's place never depends on how it was found. */
function comparator(order: ProductOrder): (a: ProductRow, b: ProductRow) => number {
  const compare = order.endsWith('count')
    ? (a: ProductRow, b: ProductRow) => a.count - b.count || a.rank - b.rank
    : (a: ProductRow, b: ProductRow) => a.rank - b.rank;
  return order.startsWith('-') ? (a, b) => compare(b, a) : compare;
}

/** A new sorted array; ties keep a stable order by name, then id, so paging never shuffles. */
export function sortRows(rows: readonly ProductRow[], order: ProductOrder): ProductRow[] {
  return [...rows].sort(comparator(order));
}

/**
 * Rows [start, start + size) of sortRows(rows, order), without sorting the rest. Rows the caller
 * knows to be in name order (`inNameOrder`: joinRows' output, filtered or not) are only sliced for
 * a name order. Otherwise the best `start + size` rows are kept in a sorted buffer, about one
 * comparison per row for the first pages; deep pages, where the buffer would hold most rows, sort
 * everything.
 */
export function pageOfRows(
  rows: readonly ProductRow[],
  order: ProductOrder,
  start: number,
  size: number,
  { inNameOrder = false } = {},
): ProductRow[] {
  const end = start + size;
  if (inNameOrder && order.endsWith('name')) {
    return order === 'name'
      ? rows.slice(start, end)
      : rows.slice(Math.max(0, rows.length - end), Math.max(0, rows.length - start)).reverse();
  }
  const compare = comparator(order);
  if (end * 4 > rows.length) return sortRows(rows, order).slice(start, end);
  const best: ProductRow[] = [];
  for (const row of rows) {
    if (best.length === end && compare(row, best[end - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, row);
    if (best.length > end) best.pop();
  }
  return best.slice(start);
}

/**
 * Name, article or barcode contains the text, case-insensitive (docs/screens.md «Адреса», /products); keeps the
 * rows' order.
 */
export function filterRows(rows: readonly ProductRow[], search: string): readonly ProductRow[] {
  const needle = search.trim().toLowerCase();
  return needle ? rows.filter((r) => r.haystack.includes(needle)) : rows;
}

/** The stock summary line: units and money over all products, whatever the search or page. */
export function summarize(rows: readonly ProductRow[]): { count: number; total: number } {
  let count = 0;
  let total = 0;
  for (const r of rows) {
    count += r.count;
    total += r.total_price;
  }
  return { count, total };
}

/** docs/rules.md «Товары и их цифры»: total_price / count; 0 for a product with nothing on hand. */
export const averageCost = (row: StockFigures) => (row.count > 0 ? row.total_price / row.count : 0);
