import { stockMessages } from '../../../../domain/stock-rules.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueDelete, queueUpdate } from '../../../sync/outbox.ts';
import { checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { serial } from '../../../stock/serial.ts';
import type { Realization } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';

const cancelled: Check = { ok: false, error: stockMessages.realizationCancelled };

/** A new count is a retake: the sale's own units count as free. */
export function setRealizationCount(row: Realization, count: number): Promise<Check> {
  return serial(async () => {
    if (row.status !== 'completed') return cancelled;
    if (count === row.count) return { ok: true };
    const { free } = await loadProductStock(row.product);
    const check = checkCount(count, { free: free + row.count });
    if (check.ok) await queueUpdate('realizations', row.id, { count }, apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { count } }));
    return check;
  });
}

export function setRealizationPrice(row: Realization, realization_price: number): Promise<Check> {
  return serial(async () => {
    if (row.status !== 'completed') return cancelled;
    const check = checkPrice(realization_price, 'Цена продажи');
    if (check.ok && realization_price !== row.realization_price) {
      await queueUpdate('realizations', row.id, { realization_price }, apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { realization_price } }));
    }
    return check;
  });
}

/** «Отменить»: the units go back, for good (completed → cancelled only). */
export function cancelRealization(row: Realization): Promise<Check> {
  return serial(async () => {
    if (row.status !== 'completed') return cancelled;
    await queueUpdate(
      'realizations',
      row.id,
      { status: 'cancelled' },
      { ...apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { status: 'cancelled' } }), group: crypto.randomUUID() },
    );
    return { ok: true };
  });
}

export const deleteRealization = (row: Pick<Realization, 'id'>) =>
  serial(() => queueDelete('realizations', row.id, apiCall('DELETE', '/realization/{id}/delete/', { params: { id: row.id } })));
