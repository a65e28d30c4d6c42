import { z } from 'zod';
import { storeMarketplaces } from '../db/schema/index.ts';
import { maskSecret, MASK_PREFIX, type SecretBox } from '../lib/secret-box.ts';
import type { MarketRow } from '../repositories/markets.ts';

const marketId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^/\\?#\s]+$/, 'без пробелов и символов / \\ ? #')
  .describe('ID магазина на маркетплейсе (Client-Id OZON, ID кабинета); после создания не меняется');
const name = z.string().trim().min(1).max(200);
const description = z.string().max(2000);
const marketplace = z.enum(storeMarketplaces).describe("OZON, WILDBERRIES, YM или '-' (без маркетплейса)");
const accessToken = z
  .string()
  .max(4000)
  .describe(
    `Ключ API маркетплейса. В ответах — маска «${MASK_PREFIX}1234». Маска или отсутствие поля при изменении сохраняют прежний ключ, пустая строка удаляет его`,
  );

const orderIntake = z
  .boolean()
  .describe('Заказы магазина сами резервируют и продают товар (docs/rules.md «Заказы маркетплейсов»)');
const orderIntakeInterval = z
  .number()
  .int()
  .min(30)
  .max(3600)
  .describe('Как часто читать заказы магазина, секунд (30–3600)');

export const marketIdParams = z.object({ market_id: z.string().min(1).max(100) });

export const createMarketBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    market_id: marketId,
    name,
    description: description.default(''),
    access_token: accessToken.optional(),
    marketplace: marketplace.default('-'),
    order_intake: orderIntake.default(true),
    order_intake_interval: orderIntakeInterval.default(60),
  })
  .meta({ id: 'MarketCreate' });

export const updateMarketBody = z
  .strictObject({
    id: z.uuid().optional(),
    market_id: z.string().trim().optional().describe('Должен совпадать с адресом: ID магазина не меняется'),
    name: name.optional(),
    description: description.optional(),
    access_token: accessToken.nullable().optional(),
    marketplace: marketplace.optional(),
    order_intake: orderIntake.optional(),
    order_intake_interval: orderIntakeInterval.optional(),
  })
  .meta({ id: 'MarketUpdate' });

export const marketSchema = z
  .object({
    id: z.uuid(),
    market_id: z.string(),
    name: z.string(),
    description: z.string(),
    marketplace: marketplace,
    access_token: z.string().describe('Маска ключа или пустая строка, если ключ не задан'),
    has_access_token: z.boolean(),
    order_intake: orderIntake,
    order_intake_interval: orderIntakeInterval,
    order_intake_error: z
      .string()
      .nullable()
      .describe('Почему последний приём заказов не удался (например, ключ API отклонён); null — всё в порядке'),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Market' });

export type MarketResponse = z.infer<typeof marketSchema>;

export function marketToWire(row: MarketRow, { secrets }: { secrets: SecretBox }): MarketResponse {
  return {
    id: row.id,
    market_id: row.marketId,
    name: row.name,
    description: row.description,
    marketplace: row.marketplace,
    access_token: row.accessTokenEnc ? maskSecret(secrets.open(row.accessTokenEnc)) : '',
    has_access_token: row.accessTokenEnc !== null,
    order_intake: row.orderIntake,
    order_intake_interval: row.orderIntakeInterval,
    order_intake_error: row.orderIntakeError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** What a PATCH's access_token means: undefined keeps the stored key. */
export function nextAccessToken(value: string | null | undefined, secrets: SecretBox): string | null | undefined {
  if (value === undefined || value === null || value.startsWith(MASK_PREFIX)) return undefined;
  return value === '' ? null : secrets.seal(value);
}
