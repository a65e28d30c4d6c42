import { queueDelete, queueUpdate } from '../sync/outbox.ts';
import { loadProductStock } from './projected-stock.ts';
import { checkCount, checkPrice, type Check } from './rules.ts';
import { serial } from './serial.ts';
import type { Disposal } from './types.ts';
import { apiCall } from '../sync/contract.ts';

/** A new count is a retake on the server: its own units come back first, so they count as free. */
export function setDisposalCount(row: Pick<Disposal, 'id' | 'product_id' | 'count'>, count: number): Promise<Check> {
  return serial(async () => {
    if (count === row.count) return { ok: true };
    const { free } = await loadProductStock(row.product_id);
    const check = checkCount(count, { free: free + row.count });
    if (!check.ok) return check;
    await queueUpdate('disposals', row.id, { count }, apiCall('PATCH', '/disposal/{id}/', { params: { id: row.id }, body: { count } }));
    return check;
  });
}

export function setDisposalPrice(row: Pick<Disposal, 'id' | 'price'>, price: number): Promise<Check> {
  return serial(async () => {
    const check = checkPrice(price);
    if (!check.ok || price === row.price) return check;
    await queueUpdate('disposals', row.id, { price }, apiCall('PATCH', '/disposal/{id}/', { params: { id: row.id }, body: { price } }));
    return check;
  });
}

/** The row goes at once; the server puts its units back. */
export const deleteDisposal = (row: Pick<Disposal, 'id'>) =>
  serial(() => queueDelete('disposals', row.id, apiCall('DELETE', '/disposal/', { body: { ids: [row.id] } })));
