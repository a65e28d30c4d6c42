import { sufficiency } from '../../../../domain/sufficiency.ts';

/*
 * Where the stock stands now: units on hand and their value at cost, and the products that cannot
 * cover the orders waiting for assembly (docs/rules.md «Товары и их цифры», «Достаточность»). Pure, over
 * the projected lots (src/stock/projected-stock.ts) and the mirrored posting statuses.
 */

export interface OnHand {
  units: number;
  /** Σ remaining units × the lot's price, ₽ (summed in kopecks). */
  value: number;
}

export function stockOnHand(lots: readonly { count: number; price: number }[]): OnHand {
  let units = 0;
  let kopecks = 0;
  for (const lot of lots) {
    units += lot.count;
    kopecks += lot.count * Math.round(lot.price * 100);
  }
  return { units, value: kopecks / 100 };
}

export interface Shortfall {
  id: string;
  name: string;
  onHand: number;
  /** Units awaiting assembly over all the product's listings. */
  awaiting: number;
  /** How many units are missing: awaiting − on hand. */
  lacking: number;
}

export interface ShortfallInput {
  lots: readonly { product_id: string; count: number }[];
  statuses: readonly { product_mp_id: string; awaiting_packaging: number }[];
  /** The warehouse product of each listing the statuses name; a listing without one counts for none. */
  productOf: ReadonlyMap<string, string>;
  /** Product names; a product not on the device (deleted a moment ago) is named as such. */
  names: ReadonlyMap<string, string>;
}

/**
 * Products whose sufficiency is below 0 — the same rule as /shipping-delivery «Не хватает» and the
 * «не хватает N» label of /products (domain/sufficiency.ts) — most lacking first, then by name.
 */
export function shortfalls({ lots, statuses, productOf, names }: ShortfallInput): Shortfall[] {
  const awaiting = new Map<string, number>();
  for (const s of statuses) {
    const product = productOf.get(s.product_mp_id);
    if (product) awaiting.set(product, (awaiting.get(product) ?? 0) + (Number(s.awaiting_packaging) || 0));
  }
  const onHand = new Map<string, number>();
  for (const lot of lots)
    if (awaiting.has(lot.product_id)) onHand.set(lot.product_id, (onHand.get(lot.product_id) ?? 0) + lot.count);
  const out: Shortfall[] = [];
  for (const [id, units] of awaiting) {
    const have = onHand.get(id) ?? 0;
    const value = sufficiency(have, units);
    if (value < 0)
      out.push({
        id,
        name: names.get(id) ?? 'Товар не найден на устройстве',
        onHand: have,
        awaiting: units,
        lacking: -value,
      });
  }
  return out.sort((a, b) => b.lacking - a.lacking || a.name.localeCompare(b.name, 'ru') || (a.id < b.id ? -1 : 1));
}
