import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { all, checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { freshMeta, type Disposal } from './types.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';

export interface DisposalInput {
  productId: string;
  count: number;
  price: number;
  description?: string;
}

/** «Списать»: at most the free units (on hand minus reserves, as the server counts them). */
export function createDisposal(input: DisposalInput): Promise<Check> {
  return serial(async () => {
    const { free } = await loadProductStock(input.productId);
    const check = all(checkCount(input.count, { free }), checkPrice(input.price));
    if (!check.ok) return check;
    const id = crypto.randomUUID();
    const description = input.description?.trim() ?? '';
    const body = { id, product_id: input.productId, count: input.count, price: input.price, description };
    const row: Disposal = { ...body, _id: id, batch_id: null, datetime: new Date().toISOString(), ...freshMeta() };
    await queueCreate('disposals', row, apiCall('POST', '/disposal/', { body }));
    return check;
  });
}
