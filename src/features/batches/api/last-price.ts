import { db } from '../../../db/database.ts';

/** The unit cost of the product's latest receipt, to start a new line from; undefined if none. */
export async function lastPurchasePrice(productId: string): Promise<number | undefined> {
  const lots = await db.rows('lots').where('product_id').equals(productId).toArray();
  const latest = lots.filter((l) => !l.is_return).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return latest?.price;
}
