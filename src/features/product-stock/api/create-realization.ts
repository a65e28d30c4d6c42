import { allocate, unitCostOf } from '../../../../domain/fifo.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { all, checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { freshMeta, type Realization } from './types.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';

/**
 * «Продать»: a sale of free units. Its cost price is what the server will compute — the average
 * unit cost of the lots FIFO takes — projected now so the row reads right before it is sent.
 */
export function createRealization(input: {
  productId: string;
  count: number;
  realization_price: number;
}): Promise<Check> {
  return serial(async () => {
    const stock = await loadProductStock(input.productId);
    const check = all(
      checkCount(input.count, { free: stock.free }),
      checkPrice(input.realization_price, 'Цена продажи'),
    );
    if (!check.ok) return check;
    const taken = allocate(
      stock.lots.map((l) => ({ id: l.id, count: l.count, price: l.price, receivedAt: l.created_at })),
      input.count,
    );
    const price = taken.ok ? unitCostOf(taken.allocations) : 0;
    const id = crypto.randomUUID();
    const body = {
      id,
      count: input.count,
      price,
      realization_price: input.realization_price,
      product: input.productId,
    };
    // The server keeps the price a request sends as entered_price; the device sends the projected cost.
    const row: Realization = {
      ...body,
      entered_price: price,
      status: 'completed',
      datetime: new Date().toISOString(),
      posting: null,
      ...freshMeta(),
    };
    await queueCreate('realizations', row, apiCall('POST', '/realization/', { body }));
    return check;
  });
}
