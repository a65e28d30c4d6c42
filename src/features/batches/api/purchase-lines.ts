import { parseDecimal } from '../../../lib/number-text.ts';
import type { Lot } from './types.ts';

/** A line of the purchase editor: a lot, new or already in the batch. Numbers as typed. */
export interface PurchaseLine {
  /** The lot id: a client-made uuid for a new line. */
  id: string;
  product_id: string;
  count: string;
  price: string;
  /**
   * The saved lot's price is not this member's to see (no leave to see costs: the row came without it). The
   * field starts empty; left so, the lot keeps its price — and its received count too, since the server changes a
   * line only with a price.
   */
  priceHidden?: boolean;
}

/** A line of a saved lot whose hidden price was left as it is. */
const keepsHiddenPrice = (l: PurchaseLine) => l.priceHidden === true && l.price.trim() === '';

/** A lot of the batch as the device has it, with how many of its units have already left. */
export type BatchLot = Lot & { taken: number };

/**
 * Batch line edits are read as floats (docs/rules.md «Проверки ввода и пределы»); «1,5» reads as 1.5, empty or junk as
 * 0.
 */
export const parseAmount = (text: string) => {
  const n = parseDecimal(text);
  return n !== null && Number.isFinite(n) ? n : 0;
};

export const lineCount = (l: PurchaseLine) => parseAmount(l.count);
export const linePrice = (l: PurchaseLine) => parseAmount(l.price);
export const lineSum = (l: PurchaseLine) => lineCount(l) * linePrice(l);

export function totals(lines: readonly PurchaseLine[]): { count: number; sum: number } {
  return lines.reduce((t, l) => ({ count: t.count + lineCount(l), sum: t.sum + lineSum(l) }), { count: 0, sum: 0 });
}

/** new: not in the batch yet; modified: received count or price differ from the saved lot. */
export function lineState(line: PurchaseLine, saved: BatchLot | undefined): 'new' | 'modified' | 'same' {
  if (!saved) return 'new';
  const priceChanged = !keepsHiddenPrice(line) && linePrice(line) !== saved.price;
  return lineCount(line) !== saved.count_max || priceChanged ? 'modified' : 'same';
}

/** Why the line cannot be received, or null. Count or price 0: docs/rules.md «Документы». */
export function lineProblem(line: PurchaseLine, saved: BatchLot | undefined): string | null {
  const count = lineCount(line);
  if (keepsHiddenPrice(line)) {
    if (count <= 0) return 'Укажите количество больше 0';
    if (saved && count !== saved.count_max) return 'Укажите цену: без неё поступление не изменить';
  } else if (count <= 0 || linePrice(line) <= 0) return 'Укажите количество и цену больше 0';
  if (!Number.isInteger(count)) return 'Количество — целое число';
  if (saved && count < saved.taken) return `Из партии уже ушло ${saved.taken} шт.: поступило не может быть меньше`;
  return null;
}

/** A new line for a product: one unit at the product's latest purchase price, if it has one. */
export function newLine(productId: string, lastPrice: number | undefined): PurchaseLine {
  return { id: crypto.randomUUID(), product_id: productId, count: '1', price: lastPrice ? String(lastPrice) : '0' };
}

export const lineFromLot = (lot: Lot): PurchaseLine => {
  const line = { id: lot.id, product_id: lot.product_id, count: String(lot.count_max) };
  return typeof lot.price === 'number'
    ? { ...line, price: String(lot.price) }
    : { ...line, price: '', priceHidden: true };
};
