import { db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { maskKey, type StoreMarketplace } from './marketplaces.ts';
import { defaultIntakeInterval } from './order-intake.ts';
import { apiCall } from '../../../sync/contract.ts';
import { marketMessages } from '../../../../domain/market-rules.ts';

export interface MarketInput {
  market_id: string;
  name: string;
  description: string;
  access_token: string;
  marketplace: StoreMarketplace;
  /** Orders reserve and sell by themselves; on unless turned off (a new store takes orders by default). */
  order_intake?: boolean;
  /** How often the server reads the store's orders, seconds. */
  order_intake_interval?: number;
}

export type FieldErrors = Partial<Record<keyof MarketInput, string>>;

/**
 * docs/rules.md «Проверки ввода и пределы»: market_id and name are required; market_id is unique among the user's
 * stores.
 */
export async function validateMarket(input: MarketInput, { creating }: { creating: boolean }): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (creating && !input.market_id.trim()) errors.market_id = 'Укажите идентификатор магазина';
  else if (creating && /[/\\?#\s]/.test(input.market_id.trim()))
    errors.market_id = 'Идентификатор магазина — без пробелов и символов / \\ ? #';
  else if (creating && (await db.markets.where('market_id').equals(input.market_id.trim()).count()) > 0)
    errors.market_id = marketMessages.idTaken;
  if (!input.name.trim()) errors.name = 'Укажите название';
  return errors;
}

/** Creates the store on the device at once (with its own id) and queues POST /api/v1/markets/add/. */
export async function createMarket(input: MarketInput): Promise<void> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const body = {
    id,
    market_id: input.market_id.trim(),
    name: input.name.trim(),
    description: input.description,
    marketplace: input.marketplace,
    order_intake: input.order_intake ?? true,
    order_intake_interval: input.order_intake_interval ?? defaultIntakeInterval,
    ...(input.access_token ? { access_token: input.access_token } : {}),
  };
  await queueCreate(
    'markets',
    {
      ...body,
      access_token: input.access_token ? maskKey(input.access_token) : '',
      has_access_token: Boolean(input.access_token),
      order_intake_error: null,
      created_at: now,
      updated_at: now,
      version: 0,
    },
    apiCall('POST', '/markets/add/', { body }),
  );
}
