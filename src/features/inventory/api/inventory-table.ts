import { calendarDay } from '../../../lib/format.ts';
import { listingsByProduct } from '../../../lib/listings.ts';
import type { InventoryRow, Lot, ProductMp, ProductWh } from './types.ts';

/** Lots joined to their products, newest receipt first (as GET /api/v1/inventory/ answers). */
export function joinLots(lots: Lot[], products: ProductWh[], listings: ProductMp[]): InventoryRow[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const byProduct = listingsByProduct(listings);
  const rows = lots.map((lot): InventoryRow => {
    const product = byId.get(lot.product_id);
    const listing = byProduct.get(lot.product_id);
    const name = product?.name ?? 'Товар не найден';
    const articles = listing?.articles ?? [];
    return {
      id: lot.id,
      product_id: lot.product_id,
      created_at: lot.created_at,
      day: calendarDay(lot.created_at),
      name,
      image: product?.images?.[0] ?? listing?.image ?? null,
      articles,
      count: lot.count,
      count_max: lot.count_max,
      price: lot.price,
      is_return: lot.is_return === true,
      created_by: lot.created_by ?? null,
      haystack: [name, ...articles].join('\n').toLowerCase(),
    };
  });
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1));
}

export interface InventoryFilter {
  search: string;
  /** YYYY-MM-DD or '' — both bounds include their whole day. */
  start: string;
  end: string;
}

/** Name or article contains the text (case-insensitive), received within the days given. */
export function filterRows(rows: InventoryRow[], { search, start, end }: InventoryFilter): InventoryRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (r) => (!needle || r.haystack.includes(needle)) && (!start || r.day >= start) && (!end || r.day <= end),
  );
}
