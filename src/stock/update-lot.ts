import { stockMessages } from '../../domain/stock-rules.ts';
import { queueUpdate } from '../sync/outbox.ts';
import { loadProductStock } from './projected-stock.ts';
import { changePrice } from './row-edits.ts';
import { checkLotCount, type Check } from './rules.ts';
import { serial } from './serial.ts';
import type { Lot } from './types.ts';
import { apiCall } from '../sync/contract.ts';

/**
 * The remaining units of a lot, typed over the projected count. PATCH count is absolute, so it is
 * queued after the outflows already waiting (its own group keeps it from folding into an earlier
 * edit of the lot, ahead of them: folded into an offline receipt it would change what was
 * received). Units set aside by reserves cannot leave.
 */
export function setLotCount(lot: Pick<Lot, 'id' | 'product_id' | 'count_max'>, count: number): Promise<Check> {
  return serial(async () => {
    const check = checkLotCount(count, lot.count_max);
    if (!check.ok) return check;
    const stock = await loadProductStock(lot.product_id);
    const current = stock.lots.find((l) => l.id === lot.id)?.count ?? 0;
    if (count === current) return check;
    const leaving = current - count;
    if (leaving > stock.free) return { ok: false, error: stockMessages.reservedStock(leaving, stock.free) };
    await queueUpdate(
      'lots',
      lot.id,
      { count },
      {
        ...apiCall('PATCH', '/inventory/{id}/', { params: { id: lot.id }, body: { count } }),
        group: crypto.randomUUID(),
      },
    );
    return check;
  });
}

export function setLotPrice(lot: Pick<Lot, 'id' | 'price'>, price: number): Promise<Check> {
  return serial(() =>
    changePrice(lot.price, price, () =>
      queueUpdate(
        'lots',
        lot.id,
        { price },
        apiCall('PATCH', '/inventory/{id}/', { params: { id: lot.id }, body: { price } }),
      ),
    ),
  );
}
