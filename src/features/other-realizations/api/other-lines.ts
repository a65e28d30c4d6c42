import { parseDecimal } from '../../../lib/number-text.ts';
import type { Marketplace, OtherRealization } from './types.ts';

/** A line of the other-realization editor: numbers as typed; marketplace '' is «none». */
export interface OtherLine {
  id: string;
  product_id: string;
  description: string;
  marketplace: Marketplace | '';
  count: string;
  realization_price: string;
  /**
   * The saved row's realization price is not this member's to see (no leave to see costs): the field starts empty,
   * and left so the row keeps its price — and stays as it is, since the server changes a line only with a price.
   */
  priceHidden?: boolean;
}

/** A line of a saved row whose hidden price was left as it is. */
const keepsHiddenPrice = (l: OtherLine) => l.priceHidden === true && l.realization_price.trim() === '';

/** «1,5» reads as 1.5; empty or junk as 0. */
export const parseAmount = (text: string) => {
  const n = parseDecimal(text);
  return n !== null && Number.isFinite(n) ? n : 0;
};
export const lineCount = (l: OtherLine) => parseAmount(l.count);
export const lineSum = (l: OtherLine) => lineCount(l) * parseAmount(l.realization_price);

export function totals(lines: readonly OtherLine[]): { count: number; sum: number } {
  return lines.reduce((t, l) => ({ count: t.count + lineCount(l), sum: t.sum + lineSum(l) }), { count: 0, sum: 0 });
}

/**
 * The most this line may take (docs/rules.md «Проверки ввода и пределы»): the units the product has for this document,
 * less what
 * its other lines of the same product take.
 */
export function maxFor(lines: readonly OtherLine[], id: string, available: ReadonlyMap<string, number>): number {
  const line = lines.find((l) => l.id === id);
  if (!line) return 0;
  const others = lines
    .filter((l) => l.id !== id && l.product_id === line.product_id)
    .reduce((s, l) => s + lineCount(l), 0);
  return Math.max(0, (available.get(line.product_id) ?? 0) - others);
}

/** A typed count; what exceeds the product's stock comes off this line (docs/rules.md «Проверки ввода и пределы»). */
export function withCount(
  lines: readonly OtherLine[],
  id: string,
  text: string,
  available: ReadonlyMap<string, number>,
): OtherLine[] {
  const max = maxFor(lines, id, available);
  const count = text.trim() === '' || parseAmount(text) <= max ? text : String(max);
  return lines.map((l) => (l.id === id ? { ...l, count } : l));
}

/** What is wrong with the line's count, or null: a whole number above 0, within stock. */
export function countProblem(
  lines: readonly OtherLine[],
  line: OtherLine,
  available: ReadonlyMap<string, number>,
): string | null {
  const count = lineCount(line);
  if (count <= 0 || !Number.isInteger(count)) return 'укажите количество больше 0';
  const max = maxFor(lines, line.id, available);
  return count > max ? `на складе доступно ${max} шт.` : null;
}

/**
 * Why the line cannot be saved, or null: it needs a non-zero count within stock and a marketplace (docs/rules.md
 * «Проверки ввода и пределы»).
 */
export function lineProblem(
  lines: readonly OtherLine[],
  line: OtherLine,
  available: ReadonlyMap<string, number>,
  /** The row as saved, for a line of an existing document. */
  saved?: OtherRealization,
): string | null {
  const problems = [
    countProblem(lines, line, available),
    line.marketplace ? null : 'выберите маркетплейс',
    // Changed without its price, the server would take the empty field for 0.
    keepsHiddenPrice(line) && lineState(line, saved) !== 'same' ? 'укажите цену реализации' : null,
  ].filter((p) => p !== null);
  if (problems.length === 0) return null;
  const text = problems.join(', ');
  return text[0]!.toUpperCase() + text.slice(1);
}

export function lineState(line: OtherLine, saved: OtherRealization | undefined): 'new' | 'modified' | 'same' {
  if (!saved) return 'new';
  const same =
    lineCount(line) === saved.count &&
    (keepsHiddenPrice(line) || parseAmount(line.realization_price) === saved.realization_price) &&
    line.marketplace === (saved.marketplace ?? '') &&
    line.description === saved.description;
  return same ? 'same' : 'modified';
}

/** A new line: no marketplace chosen yet; count 0 until the editor knows the stock allows 1. */
export const newLine = (productId: string): OtherLine => ({
  id: crypto.randomUUID(),
  product_id: productId,
  description: '',
  marketplace: '',
  count: '0',
  realization_price: '0',
});

export const lineFromRow = (r: OtherRealization): OtherLine => ({
  id: r.id,
  product_id: r.product_id,
  description: r.description,
  marketplace: r.marketplace ?? '',
  count: String(r.count),
  ...(typeof r.realization_price === 'number'
    ? { realization_price: String(r.realization_price) }
    : { realization_price: '', priceHidden: true }),
});
