import { useCallback } from 'react';
import { stockMessages } from '../../../../domain/stock-rules.ts';
import { db } from '../../../db/database.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueGroup } from '../../../sync/outbox.ts';
import { receivedRows, returnBatch } from './receipt-rows.ts';
import { isToInventory } from './returns-search.ts';
import type { Return } from './types.ts';

export type ReceiveAtOutcome = { ok: true } | { ok: false; error: string };

/**
 * /return/{return_id}/to/{to}: the return received at the chosen lot's price — to_inventory as a
 * return lot (status ready), anything else received and written off (disposal) — by
 * PATCH /api/v1/returns/{return_id}/{to}/{inventory_id}/ with no body. Queued (a group of its own, so
 * it never folds into another edit), with the rows it makes: the server names them by the return's
 * id, so the device shows the received stock at once.
 */
export function receiveReturnAt(returnId: string, to: string, lotId: string): Promise<ReceiveAtOutcome> {
  return serial(async () => {
    const [row, lot] = await Promise.all([db.rows('returns').get(returnId), db.rows('lots').get(lotId)]);
    if (!row) return { ok: false, error: 'Возврат не найден' };
    if (row.processed) return { ok: false, error: stockMessages.returnProcessed };
    if (!row.product_id) return { ok: false, error: stockMessages.returnUnmatched };
    if (!lot || lot.product_id !== row.product_id) return { ok: false, error: 'Партия не найдена' };
    // A lot without a price is one the member may not see the price of: the server prices the return and checks it.
    if (typeof lot.price === 'number' && !(lot.price > 0))
      return { ok: false, error: 'У выбранной партии цена 0 ₽: выберите другую партию' };
    const now = new Date().toISOString();
    const status = isToInventory(to) ? 'ready' : 'disposal';
    // The server gives the document, the lot and the write-off the return's own id, so the device writes them now.
    const ids = { batchId: returnId, lotId: returnId, disposalId: status === 'disposal' ? returnId : undefined };
    const received = {
      returnId,
      productId: row.product_id,
      status,
      count: row.count,
      price: lot.price,
      markdownPrice: row.markdown_price,
      description: row.description,
    } as const;
    const changes: Partial<Return> = {
      status,
      price: lot.price,
      processed: true,
      final_moment: now,
      batch_id: returnId,
      updated_at: now,
    };
    await queueGroup([
      {
        ...apiCall('PATCH', '/returns/{return_id}/{to}/{inventory_id}/', {
          params: { return_id: returnId, to, inventory_id: lotId },
        }),
        table: 'returns',
        rowId: returnId,
        changes: [
          returnBatch(returnId, now, now),
          ...receivedRows(received, ids, now, now),
          { table: 'returns', id: returnId, changes },
        ],
      },
    ]);
    return { ok: true };
  });
}

export const useReceiveReturnAt = () => useCallback(receiveReturnAt, []);
