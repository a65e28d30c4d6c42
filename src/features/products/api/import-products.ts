import { db } from '../../../db/database.ts';
import { queueCall } from '../../../sync/outbox.ts';
import { apiCall } from '../../../sync/contract.ts';

/**
 * «Загрузить с маркетплейсов»: one POST /api/v1/extract/products/many for every store linked to a
 * marketplace (docs/architecture.md «Вызовы»: '-' is refused). Offline it waits in the outbox like any edit; the
 * server's
 * progress and result come over the live channel. Answers false when there is no such store.
 */
export async function importFromMarketplaces(): Promise<boolean> {
  const stores = (await db.markets.toArray())
    .filter((m) => m.marketplace !== '-')
    .sort((a, b) => a.created_at.localeCompare(b.created_at)); // as the stores list shows them
  if (stores.length === 0) return false;
  const body = stores.map((m) => ({ marketplace: m.marketplace, market_id: m.market_id }));
  // Filed under the first store: the call changes no row on the device, it only starts a job.
  await queueCall('markets', stores[0]!.id, apiCall('POST', '/extract/products/many', { body }));
  return true;
}
