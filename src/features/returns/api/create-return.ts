import { useCallback } from 'react';
import { db } from '../../../db/database.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import type { Return } from './types.ts';
import { authoredHere } from '../../../sync/authorship.ts';

/**
 * A click on a product in the drawer: a return of 1 unit of it, status «нет», price 0
 * (POST /api/v1/returns/), stored on the device at once and queued. Answers the new return's id.
 */
export function createReturn(productId: string): Promise<string> {
  return serial(async () => {
    const product = await db.rows('products_wh').get(productId);
    if (!product) throw new Error('Товар не найден на устройстве');
    const listing = (await db.rows('products_mp').where('product_wh_id').equals(productId).toArray()).sort((a, b) =>
      a.offer_id.localeCompare(b.offer_id),
    )[0];
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const row: Return = {
      id,
      _id: id,
      product_id: productId,
      marketplace: null,
      market_id: null,
      order_number: '',
      article: listing?.offer_id ?? '',
      name: product.name,
      returned_at: now,
      marketplace_status: null,
      count: 1,
      status: null,
      processed: false,
      price: 0,
      markdown_price: 0,
      description: '',
      final_moment: null,
      batch_id: null,
      realization_id: null,
      created_at: now,
      version: 0,
      updated_at: now,
      ...authoredHere(),
    };
    await queueCreate('returns', row, apiCall('POST', '/returns/', { body: { id, product_id: productId, count: 1 } }));
    return id;
  });
}

export const useCreateReturn = () => useCallback(createReturn, []);
