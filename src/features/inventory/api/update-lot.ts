import { loadProductStock } from '../../../db/projected-stock.ts';
import { queueUpdate } from '../../../sync/outbox.ts';

export type SaveResult = { ok: true } | { ok: false; error: string };

const path = (id: string) => `/api/v1/inventory/${id}/`;
/** A typed number: «1,5» reads as 1.5; empty or junk is NaN. */
export const parseNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

/**
 * The remaining units of a lot (0…count_max), PATCH /api/v1/inventory/{id}/ {count}. The count is
 * absolute, so the call goes after the outflows already waiting and never folds into an earlier
 * call of the lot (its own group): folded into an offline receipt it would change what was received.
 * Units set aside by reserves cannot leave (the server's rule).
 */
export async function setLotCount(lot: { id: string; product_id: string; count_max: number }, count: number): Promise<SaveResult> {
  if (!Number.isInteger(count) || count < 0) return { ok: false, error: 'Остаток — целое число не меньше 0' };
  if (count > lot.count_max) return { ok: false, error: `Остаток не может быть больше поступившего (${lot.count_max} шт.)` };
  const stock = await loadProductStock(lot.product_id);
  const current = stock.lots.find((l) => l.id === lot.id)?.count ?? 0;
  if (count === current) return { ok: true };
  const leaving = current - count;
  if (leaving > stock.free) return { ok: false, error: `Нельзя убрать ${leaving} шт.: свободно только ${Math.max(0, stock.free)} шт., остальное в резерве` };
  await queueUpdate('lots', lot.id, { count }, { method: 'PATCH', path: path(lot.id), body: { count }, group: crypto.randomUUID() });
  return { ok: true };
}

/** The unit cost, PATCH /api/v1/inventory/{id}/ {price}. */
export async function setLotPrice(lot: { id: string; price: number }, price: number): Promise<SaveResult> {
  if (!Number.isFinite(price) || price < 0) return { ok: false, error: 'Цена — число не меньше 0' };
  if (price === lot.price) return { ok: true };
  await queueUpdate('lots', lot.id, { price }, { method: 'PATCH', path: path(lot.id), body: { price } });
  return { ok: true };
}
