import { queueDelete, queueUpdate } from '../../../sync/outbox.ts';
import { changePrice, checkRetake, retakeCount } from '../../../stock/row-edits.ts';
import type { Check } from '../../../stock/rules.ts';
import { serial } from '../../../stock/serial.ts';
import type { Reserve, ReserveStatus } from './types.ts';
import { apiCall } from '../../../sync/contract.ts';
import { keptByOrder, orderKeeps } from './order-postings.ts';

const closed: Check = { ok: false, error: 'Резерв уже снят или продан: его нельзя изменить' };

/** A new count may use the free units plus those this reserve already holds. */
export function setReserveCount(row: Reserve, count: number): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (row.status !== 'active') return closed;
    return retakeCount(row.product, row.count, count, () =>
      queueUpdate(
        'reserves',
        row.id,
        { count },
        apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { count } }),
      ),
    );
  });
}

export function setReservePrice(row: Reserve, price: number): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (row.status !== 'active') return closed;
    return changePrice(row.price, price, () =>
      queueUpdate(
        'reserves',
        row.id,
        { price },
        apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { price } }),
      ),
    );
  });
}

/** Which statuses a reserve may move to (contract: active → released | realized, both final). */
export const nextStatuses = (status: ReserveStatus): ReserveStatus[] =>
  status === 'active' ? ['released', 'realized'] : [];

/**
 * «Снять» or «Продать». Realizing makes the server record a sale of the reserve's units, taken
 * FIFO; they must still be on hand. Its own entry: a status must not fold into a waiting create.
 */
export function setReserveStatus(row: Reserve, status: ReserveStatus): Promise<Check> {
  return serial(async () => {
    if (orderKeeps(row)) return keptByOrder;
    if (!nextStatuses(row.status).includes(status)) return closed;
    if (status === 'realized') {
      const check = await checkRetake(row.product, row.count, row.count);
      if (!check.ok) return check;
    }
    await queueUpdate(
      'reserves',
      row.id,
      { status, updated_at: new Date().toISOString() },
      {
        ...apiCall('PATCH', '/reserve/{id}/', { params: { id: row.id }, body: { status } }),
        group: crypto.randomUUID(),
      },
    );
    return { ok: true };
  });
}

export const deleteReserve = (row: Pick<Reserve, 'id'>) =>
  serial(() => queueDelete('reserves', row.id, apiCall('DELETE', '/reserve/{id}/delete/', { params: { id: row.id } })));
