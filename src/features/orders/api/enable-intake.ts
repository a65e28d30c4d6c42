import { db, type OstatokDatabase } from '../../../db/database.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueUpdate } from '../../../sync/outbox.ts';

/**
 * «Включить» on /orders: the store's orders start reserving and selling stock by themselves (docs/rules.md «Заказы
 * маркетплейсов»). Queued like any store edit, so it works offline; the note goes at once.
 */
export async function enableOrderIntake(
  storeId: string,
  database: OstatokDatabase = db,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const store = await database.markets.get(storeId);
  if (!store) return { ok: false, error: 'Магазин не найден на устройстве: возможно, он удалён.' };
  if (store.order_intake) return { ok: true };
  await queueUpdate(
    'markets',
    store.id,
    { order_intake: true, updated_at: new Date().toISOString() },
    apiCall('PATCH', '/markets/{market_id}/', { params: { market_id: store.market_id }, body: { order_intake: true } }),
    database,
  );
  return { ok: true };
}
