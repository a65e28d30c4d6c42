import { groupBy } from './order-view.ts';
import type { Order, OrderLine, OrderProduct } from './order-types.ts';

/*
 * «Лист сборки»: what the orders waiting to be packed take from the shelves, one group per product in the order a
 * picker walks the warehouse (by shelf, А-2 before А-10, products without a shelf last), each with the postings
 * that want it. Lines no product is linked to come at the end: the picker finds them by article.
 */

export interface PickPosting {
  /** The order: the picker opens its assembly from here. */
  order_id: string;
  posting_number: string;
  quantity: number;
}

export interface PickGroup {
  product_id: string;
  name: string;
  shelf: string;
  units: number;
  postings: PickPosting[];
}

export interface PickUnlinked {
  offer_id: string;
  name: string;
  units: number;
  postings: PickPosting[];
}

export interface PickList {
  groups: PickGroup[];
  unlinked: PickUnlinked[];
  totals: { products: number; units: number; orders: number };
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Natural shelf order: «А-2» before «А-10», letters as the Russian alphabet sorts them; an empty shelf last. */
export function compareShelves(a: string, b: string): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  return collator.compare(a, b);
}

/** A posting's units of one product or article, summed over its lines, postings in natural number order. */
function postingsOf(lines: readonly OrderLine[], orders: ReadonlyMap<string, Order>): PickPosting[] {
  const units = new Map<string, PickPosting>();
  for (const line of lines) {
    const posting = units.get(line.order_id) ?? {
      order_id: line.order_id,
      posting_number: orders.get(line.order_id)!.posting_number,
      quantity: 0,
    };
    posting.quantity += line.quantity;
    units.set(line.order_id, posting);
  }
  return [...units.values()].sort(
    (a, b) => collator.compare(a.posting_number, b.posting_number) || (a.order_id < b.order_id ? -1 : 1),
  );
}

const sum = (lines: readonly OrderLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** The pick list of the orders awaiting packaging (of one store when `storeId` is given). */
export function pickList(
  data: { orders: readonly Order[]; lines: readonly OrderLine[]; products: readonly OrderProduct[] },
  storeId?: string,
): PickList {
  const waiting = new Map(
    data.orders
      .filter((o) => o.stage === 'awaiting_packaging' && (!storeId || o.store_id === storeId))
      .map((o) => [o.id, o]),
  );
  const lines = data.lines.filter((l) => waiting.has(l.order_id) && l.quantity > 0);
  const products = new Map(data.products.map((p) => [p.id, p]));

  const groups = [
    ...groupBy(
      lines.filter((l) => l.product_id),
      (l) => l.product_id!,
    ),
  ]
    .map(([productId, own]): PickGroup => {
      const product = products.get(productId);
      return {
        product_id: productId,
        name: product?.name ?? own[0]!.name,
        shelf: product?.shelf ?? '',
        units: sum(own),
        postings: postingsOf(own, waiting),
      };
    })
    .sort(
      (a, b) =>
        compareShelves(a.shelf, b.shelf) || collator.compare(a.name, b.name) || (a.product_id < b.product_id ? -1 : 1),
    );

  const unlinked = [
    ...groupBy(
      lines.filter((l) => !l.product_id),
      (l) => l.offer_id,
    ),
  ]
    .map(([offerId, own]): PickUnlinked => ({
      offer_id: offerId,
      name: own[0]!.name,
      units: sum(own),
      postings: postingsOf(own, waiting),
    }))
    .sort((a, b) => collator.compare(a.offer_id, b.offer_id));

  return {
    groups,
    unlinked,
    totals: {
      products: groups.length,
      units: sum(lines),
      orders: new Set(lines.map((l) => l.order_id)).size,
    },
  };
}
