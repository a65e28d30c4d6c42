import { stockMessages } from '../../../../domain/stock-rules.ts';
import { queueDelete, queueUpdate } from '../../../sync/outbox.ts';
import { changePrice, retakeCount } from '../../../stock/row-edits.ts';
import type { Check } from '../../../stock/rules.ts';
import { serial } from '../../../stock/serial.ts';
import type { Realization } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';
import { keptByOrder, orderKeeps } from './order-postings.ts';

const cancelled: Check = { ok: false, error: stockMessages.realizationCancelled };

/** A new count is a retake: the sale's own units count as free. */
export function setRealizationCount(row: Realization, count: number): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (row.status !== 'completed') return cancelled;
    return retakeCount(row.product, row.count, count, () =>
      queueUpdate(
        'realizations',
        row.id,
        { count },
        apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { count } }),
      ),
    );
  });
}

export function setRealizationPrice(row: Realization, realization_price: number): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (row.status !== 'completed') return cancelled;
    const write = () =>
      queueUpdate(
        'realizations',
        row.id,
        { realization_price },
        apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { realization_price } }),
      );
    return changePrice(row.realization_price, realization_price, write, 'Цена продажи');
  });
}

/** «Отменить»: the units go back, for good (completed → cancelled only). */
export function cancelRealization(row: Realization): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (row.status !== 'completed') return cancelled;
    await queueUpdate(
      'realizations',
      row.id,
      { status: 'cancelled' },
      {
        ...apiCall('PATCH', '/realization/{id}/', { params: { id: row.id }, body: { status: 'cancelled' } }),
        group: crypto.randomUUID(),
      },
    );
    return { ok: true };
  });
}

export const deleteRealization = (row: Pick<Realization, 'id'>) =>
  serial(() =>
    queueDelete('realizations', row.id, apiCall('DELETE', '/realization/{id}/delete/', { params: { id: row.id } })),
  );
