import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { joinReturns } from './return-list.ts';
import type { ReturnLine } from './types.ts';

/** One return with its product, live from the device; null when the device has no such return. */
export function useReturn(returnId: string): ReturnLine | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.rows('returns').get(returnId);
    if (!row) return null;
    const [product, listings] = row.product_id
      ? await Promise.all([
          db.rows('products_wh').get(row.product_id),
          db.rows('products_mp').where('product_wh_id').equals(row.product_id).toArray(),
        ])
      : [undefined, []];
    return joinReturns([row], product ? [product] : [], listings, new Map())[0]!;
  }, [returnId]);
}
