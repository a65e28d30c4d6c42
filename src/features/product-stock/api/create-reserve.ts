import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { all, checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { freshMeta, type Reserve } from './types.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';

/** «Зарезервировать»: sets free units aside (the server answers 409 beyond them). */
export function createReserve(input: { productId: string; count: number; price: number }): Promise<Check> {
  return serial(async () => {
    const { free } = await loadProductStock(input.productId);
    const check = all(checkCount(input.count, { free }), checkPrice(input.price));
    if (!check.ok) return check;
    const id = crypto.randomUUID();
    const body = { id, count: input.count, price: input.price, product: input.productId };
    const row: Reserve = { ...body, status: 'active', posting: null, ...freshMeta() };
    await queueCreate('reserves', row, apiCall('POST', '/reserve/', { body }));
    return check;
  });
}
