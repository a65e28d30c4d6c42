import type { Market } from '../../../db/database.ts';
import { queueDelete } from '../../../sync/outbox.ts';
import { marketPath } from './marketplaces.ts';

export async function deleteMarket(market: Market): Promise<void> {
  await queueDelete('markets', market.id, { method: 'DELETE', path: marketPath(market.market_id) });
}
