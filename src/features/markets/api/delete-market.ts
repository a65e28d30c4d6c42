import type { Market } from '../../../db/database.ts';
import { queueDelete } from '../../../sync/outbox.ts';
import { apiCall } from '../../../sync/contract.ts';

export async function deleteMarket(market: Market): Promise<void> {
  await queueDelete(
    'markets',
    market.id,
    apiCall('DELETE', '/markets/{market_id}/', { params: { market_id: market.market_id } }),
  );
}
