import { sufficiency } from '../../../../domain/sufficiency.ts';
import { db, type OstatokDatabase } from '../../../db/database.ts';

/**
 * Units awaiting assembly per product (docs/rules.md «Достаточность»): Σ of the mirrored posting
 * statuses of the products' listings. Only for the products asked (a page of the list, 50 rows),
 * through the indexes, so the 10,000-product list does not read every status.
 */
export async function awaitingPackagingOf(productIds: readonly string[], database: OstatokDatabase = db): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (productIds.length === 0) return out;
  const listings = await database.rows('products_mp').where('product_wh_id').anyOf([...productIds]).toArray();
  if (listings.length === 0) return out;
  const productOf = new Map(listings.map((l) => [l.id, l.product_wh_id]));
  const statuses = await database.rows('posting_statuses').where('product_mp_id').anyOf([...productOf.keys()]).toArray();
  for (const s of statuses) {
    const product = productOf.get(s.product_mp_id);
    if (product) out.set(product, (out.get(product) ?? 0) + (Number(s.awaiting_packaging) || 0));
  }
  return out;
}

/**
 * How many units a product lacks for its orders awaiting assembly: −sufficiency when it is negative
 * (the same rule as /shipping-delivery and the server), else 0.
 */
export const shortfall = (onHand: number, awaitingPackaging: number) => Math.max(0, -sufficiency(onHand, awaitingPackaging));
