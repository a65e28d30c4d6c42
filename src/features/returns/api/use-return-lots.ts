import { useLiveQuery } from 'dexie-react-hooks';
import { fifoCompare } from '../../../../domain/fifo.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';

/** A lot a return can be valued at: its price, receipt date and the units left in it. */
export interface LotPrice {
  id: string;
  /** Absent for a member without leave to see costs: the lot is still chosen by its date, the server prices it. */
  price?: number;
  created_at: string;
  /** Units left, counting edits not sent yet (src/stock/projected-stock.ts), as «Учёт» shows them. */
  count: number;
  count_max: number;
  is_return: boolean;
}

/** A product's lots (their prices are what a return is valued at), oldest receipt first, live from the device. */
export async function loadLotPrices(productId: string): Promise<LotPrice[]> {
  const lots = await loadProjectedLots(productId);
  return lots
    .sort((a, b) => fifoCompare({ ...a, receivedAt: a.created_at }, { ...b, receivedAt: b.created_at }))
    .map((l) => ({
      id: l.id,
      price: l.price,
      created_at: l.created_at,
      count: l.count,
      count_max: l.count_max,
      is_return: l.is_return === true,
    }));
}

export function useLotPrices(productId: string | null | undefined): LotPrice[] | undefined {
  return useLiveQuery(async () => (productId ? loadLotPrices(productId) : []), [productId]);
}

/** Why a lot cannot be picked on /return/{id}/to/{to}, or null when it can. */
export function lotRefusal(lot: Pick<LotPrice, 'count' | 'price'>): string | null {
  if (lot.count <= 0) return 'распродана: выбрать нельзя';
  if (lot.price !== undefined && !(lot.price > 0)) return 'цена 0 ₽: выбрать нельзя';
  return null;
}
