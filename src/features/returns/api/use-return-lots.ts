import { useLiveQuery } from 'dexie-react-hooks';
import { fifoCompare } from '../../../../domain/fifo.ts';
import { db } from '../../../db/database.ts';
import type { Lot } from './types.ts';

export type LotPrice = Pick<Lot, 'id' | 'price' | 'created_at' | 'count' | 'count_max' | 'is_return'>;

/** A product's lots (their prices are what a return is valued at), oldest receipt first, live from the device. */
export async function loadLotPrices(productId: string): Promise<LotPrice[]> {
  const lots = await db.rows('lots').where('product_id').equals(productId).toArray();
  return lots.sort((a, b) => fifoCompare({ ...a, receivedAt: a.created_at }, { ...b, receivedAt: b.created_at }));
}

export function useLotPrices(productId: string | null | undefined): LotPrice[] | undefined {
  return useLiveQuery(async () => (productId ? loadLotPrices(productId) : []), [productId]);
}
