import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueDelete, queueUpdate } from '../../../sync/outbox.ts';
import { checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { serial } from '../../../stock/serial.ts';
import type { Reserve, ReserveStatus } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';

const closed: Check = { ok: false, error: 'Резерв уже снят или продан: его нельзя изменить' };

/** A new count may use the free units plus those this reserve already holds. */
export function setReserveCount(row: Reserve, count: number): Promise<Check> {
  return serial(async () => {
    if (row.status !== 'active') return closed;
    if (count === row.count) return { ok: true };
    const { free } = await loadProductStock(row.product);
    const check = checkCount(count, { free: free + row.count });
    if (check.ok) await queueUpdate('reserves', row.id, { count }, apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { count } }));
    return check;
  });
}

export function setReservePrice(row: Reserve, price: number): Promise<Check> {
  return serial(async () => {
    if (row.status !== 'active') return closed;
    const check = checkPrice(price);
    if (check.ok && price !== row.price) await queueUpdate('reserves', row.id, { price }, apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { price } }));
    return check;
  });
}

/** Which statuses a reserve may move to (contract: active → released | realized, both final). */
export const nextStatuses = (status: ReserveStatus): ReserveStatus[] => (status === 'active' ? ['released', 'realized'] : []);

/**
 * «Снять» or «Продать». Realizing makes the server record a sale of the reserve's units, taken
 * FIFO; they must still be on hand. Its own entry: a status must not fold into a waiting create.
 */
export function setReserveStatus(row: Reserve, status: ReserveStatus): Promise<Check> {
  return serial(async () => {
    if (!nextStatuses(row.status).includes(status)) return closed;
    if (status === 'realized') {
      const { free } = await loadProductStock(row.product);
      const check = checkCount(row.count, { free: free + row.count });
      if (!check.ok) return check;
    }
    await queueUpdate(
      'reserves',
      row.id,
      { status, updated_at: new Date().toISOString() },
      { ...apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { status } }), group: crypto.randomUUID() },
    );
    return { ok: true };
  });
}

export const deleteReserve = (row: Pick<Reserve, 'id'>) =>
  serial(() => queueDelete('reserves', row.id, apiCall('DELETE', '/reserve/{id}/delete/', { params: { id: row.id } })));
