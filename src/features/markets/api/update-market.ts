import type { Market } from '../../../db/database.ts';
import { queueUpdate } from '../../../sync/outbox.ts';
import type { MarketInput } from './create-market.ts';
import { maskKey } from './marketplaces.ts';
import { apiCall } from '../../../sync/contract.ts';

/**
 * Saves the fields that changed (on blur or with "Обновить"). The key is sent only when the user
 * typed a new one: the form shows the server's mask, which must never be sent back as a key.
 */
export async function updateMarket(market: Market, input: Partial<MarketInput>): Promise<void> {
  const body: Record<string, string | number | boolean> = {};
  if (input.name !== undefined && input.name.trim() !== market.name) body.name = input.name.trim();
  if (input.description !== undefined && input.description !== market.description) body.description = input.description;
  if (input.marketplace !== undefined && input.marketplace !== market.marketplace) body.marketplace = input.marketplace;
  if (input.access_token !== undefined && input.access_token !== market.access_token)
    body.access_token = input.access_token;
  if (input.order_intake !== undefined && input.order_intake !== market.order_intake)
    body.order_intake = input.order_intake;
  if (input.order_intake_interval !== undefined && input.order_intake_interval !== market.order_intake_interval)
    body.order_intake_interval = input.order_intake_interval;
  if (Object.keys(body).length === 0) return;
  const local: Record<string, unknown> = { ...body, updated_at: new Date().toISOString() };
  if (typeof body.access_token === 'string') {
    local.access_token = body.access_token ? maskKey(body.access_token) : '';
    local.has_access_token = body.access_token !== '';
  }
  await queueUpdate(
    'markets',
    market.id,
    local,
    apiCall('PATCH', '/markets/{market_id}/', { params: { market_id: market.market_id }, body }),
  );
}
