import { loadProductStock } from '../../../db/projected-stock.ts';
import { queueUpdate } from '../../../sync/outbox.ts';
import { checkPrice, type Check } from './rules.ts';
import { serial } from './serial.ts';
import type { Lot } from './types.ts';

const path = (id: string) => `/api/v1/inventory/${id}/`;

/**
 * The remaining units of a lot, typed over the projected count. PATCH count is absolute, so it is
 * queued after the outflows already waiting (its own group keeps it from folding into an earlier
 * edit of the lot, ahead of them). Units set aside by reserves cannot leave.
 */
export function setLotCount(lot: Pick<Lot, 'id' | 'product_id' | 'count_max'>, count: number): Promise<Check> {
  return serial(async () => {
    if (!Number.isInteger(count) || count < 0) return { ok: false, error: 'Остаток должен быть целым числом не меньше 0' };
    if (count > lot.count_max) return { ok: false, error: `Остаток не может быть больше поступившего (${lot.count_max} шт.)` };
    const stock = await loadProductStock(lot.product_id);
    const current = stock.lots.find((l) => l.id === lot.id)?.count ?? 0;
    if (count === current) return { ok: true };
    const leaving = current - count;
    if (leaving > stock.free) return { ok: false, error: `Нельзя убрать ${leaving} шт.: свободно только ${Math.max(0, stock.free)} шт., остальное в резерве` };
    await queueUpdate('lots', lot.id, { count }, { method: 'PATCH', path: path(lot.id), body: { count }, group: crypto.randomUUID() });
    return { ok: true };
  });
}

export function setLotPrice(lot: Pick<Lot, 'id' | 'price'>, price: number): Promise<Check> {
  return serial(async () => {
    const check = checkPrice(price);
    if (!check.ok || price === lot.price) return check;
    await queueUpdate('lots', lot.id, { price }, { method: 'PATCH', path: path(lot.id), body: { price } });
    return check;
  });
}
