import { isDateInRange, toApiDate } from '../../../lib/dates.ts';
import { dayToIso } from '../../../lib/format.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { all, checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { freshMeta, type Lot } from './types.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';

export interface ReceiveInput {
  productId: string;
  count: number;
  price: number;
  /** Receipt date, YYYY-MM-DD; today when empty. */
  date: string;
}

export function checkReceive(input: ReceiveInput): Check {
  const date: Check =
    input.date && !isDateInRange(input.date)
      ? { ok: false, error: 'Дата — от 01.01.1900 до 31.12.2099' }
      : { ok: true };
  return all(checkCount(input.count), checkPrice(input.price), date);
}

/**
 * «Оприходовать»: a lot received on the device at once (count = count_max) and
 * POST /api/v1/inventory/ queued with the same id. A receipt dated today keeps the time of day.
 */
export function receiveStock(input: ReceiveInput): Promise<Check> {
  return serial(async () => {
    const check = checkReceive(input);
    if (!check.ok) return check;
    const id = crypto.randomUUID();
    const today = !input.date || input.date === toApiDate();
    const receivedAt = today ? new Date().toISOString() : dayToIso(input.date);
    const body = {
      id,
      product_id: input.productId,
      count: input.count,
      price: input.price,
      ...(today ? {} : { date: input.date }),
    };
    const row: Lot = {
      id,
      _id: id,
      product_id: input.productId,
      batch_id: null,
      return_id: null,
      count: input.count,
      count_max: input.count,
      price: input.price,
      created_at: receivedAt,
      is_return: false,
      count_max_edited: false,
      price_edited: false,
      ...freshMeta(),
    };
    await queueCreate('lots', row, apiCall('POST', '/inventory/', { body }));
    return check;
  });
}
