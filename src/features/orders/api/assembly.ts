import type { ScanOutcome } from '../../../scan/feedback.ts';
import { compareShelves } from './pick-list.ts';
import type { OrderLine } from './order-types.ts';

export { assemblyFields, assemblyStatus, type AssemblyFields, type AssemblyStatus } from './assembly-status.ts';

/*
 * Assembling one order on the tablet: its lines with what has been picked of each, what a scan does to them, and
 * where the order stands with the marketplace (docs/rules.md «Сборка заказов»). Pure functions; the device's rows
 * come from ./load-assembly.ts.
 */

/** A warehouse product as the assembly screen shows it. */
export interface AssemblyProduct {
  id: string;
  name: string;
  shelf: string;
  image: string | null;
}

export interface AssemblyLine {
  id: string;
  product_id: string | null;
  /** The product's name, or the marketplace's for a line no product is linked to. */
  name: string;
  /** The store's article (offer_id): what a line without a product is found by. */
  article: string;
  image: string | null;
  shelf: string;
  quantity: number;
  /** Units picked so far (scanned or confirmed by hand), never more than `quantity`. */
  picked: number;
}

/** Units picked per order line id, as the device keeps them while the order is assembled. */
export type Picked = Readonly<Record<string, number>>;

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** The order's lines as the picker walks the shelves (А-2 before А-10, no shelf last), each with its picked units. */
export function assemblyLines(
  lines: readonly OrderLine[],
  products: ReadonlyMap<string, AssemblyProduct>,
  picked: Picked,
): AssemblyLine[] {
  return lines
    .filter((l) => l.quantity > 0)
    .map((l): AssemblyLine => {
      const product = l.product_id ? products.get(l.product_id) : undefined;
      return {
        id: l.id,
        product_id: l.product_id,
        name: product?.name ?? l.name,
        article: l.offer_id,
        image: product?.image ?? null,
        shelf: product?.shelf ?? '',
        quantity: l.quantity,
        picked: Math.min(l.quantity, Math.max(0, Math.trunc(picked[l.id] ?? 0))),
      };
    })
    .sort(
      (a, b) =>
        compareShelves(a.shelf, b.shelf) ||
        collator.compare(a.name, b.name) ||
        collator.compare(a.article, b.article) ||
        (a.id < b.id ? -1 : 1),
    );
}

/** Every line picked in full (an order without lines has nothing to pack, so it is not). */
export const assemblyComplete = (lines: readonly AssemblyLine[]) =>
  lines.length > 0 && lines.every((l) => l.picked >= l.quantity);

export interface ScanResult {
  outcome: ScanOutcome;
  /** The line that takes one more unit (ok only). */
  lineId?: string;
  /** What the picker is told. */
  message: string;
}

/**
 * What a scanned code does: the product found by it (null: no product has it) against the order's lines. A product
 * on several lines fills them in turn.
 */
export function scanInto(
  lines: readonly AssemblyLine[],
  code: string,
  product: { id: string; name: string } | null,
): ScanResult {
  if (!product) return { outcome: 'unknown', message: `Штрихкод ${code} не найден` };
  const own = lines.filter((l) => l.product_id === product.id);
  if (own.length === 0) return { outcome: 'refused', message: `Этого товара нет в заказе: ${product.name}` };
  const open = own.find((l) => l.picked < l.quantity);
  if (!open) return { outcome: 'refused', message: `Позиция уже собрана: ${product.name}` };
  return {
    outcome: 'ok',
    lineId: open.id,
    message: `${product.name}: ${open.picked + 1} из ${open.quantity}`,
  };
}
