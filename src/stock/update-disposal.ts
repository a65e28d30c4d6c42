import { queueDelete, queueUpdate } from '../sync/outbox.ts';
import { changePrice, retakeCount } from './row-edits.ts';
import type { Check } from './rules.ts';
import { serial } from './serial.ts';
import type { Disposal } from './types.ts';
import { apiCall } from '../sync/contract.ts';

/** A new count is a retake on the server: its own units come back first, so they count as free. */
export function setDisposalCount(row: Pick<Disposal, 'id' | 'product_id' | 'count'>, count: number): Promise<Check> {
  return serial(() =>
    retakeCount(row.product_id, row.count, count, () =>
      queueUpdate(
        'disposals',
        row.id,
        { count },
        apiCall('PATCH', '/disposal/{id}/', { params: { id: row.id }, body: { count } }),
      ),
    ),
  );
}

export function setDisposalPrice(row: Pick<Disposal, 'id' | 'price'>, price: number): Promise<Check> {
  return serial(() =>
    changePrice(row.price, price, () =>
      queueUpdate(
        'disposals',
        row.id,
        { price },
        apiCall('PATCH', '/disposal/{id}/', { params: { id: row.id }, body: { price } }),
      ),
    ),
  );
}

/** The row goes at once; the server puts its units back. */
export const deleteDisposal = (row: Pick<Disposal, 'id'>) =>
  serial(() => queueDelete('disposals', row.id, apiCall('DELETE', '/disposal/', { body: { ids: [row.id] } })));
