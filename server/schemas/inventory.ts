import { z } from 'zod';
import { listDeleteBody } from './common.ts';
import type { LotWithProduct } from '../repositories/lots.ts';
import { lotSchema, lotToWire, movementSchema } from './stock-rows.ts';
import { dateInput, dateUntil, flag, paging, unitCount, uuidList } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const clientId = z.uuid().describe('Идентификатор, созданный клиентом (офлайн-создание)');

export const lotIdParams = z.object({ id: z.uuid().describe('ID партии') });
// The contract names it {id}, as PATCH /api/v1/inventory/{id}/ does (there the id of a lot; docs/architecture.md
// «Вызовы»).
export const productLotsParams = z.object({ id: z.uuid().describe('ID складского товара') });

export const inventoryListQuery = z.object({
  ...paging,
  search: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ')
    .default('')
    .describe('Подстрока названия товара или артикула (offer_id) без учёта регистра'),
  date_from: dateInput.optional().describe('Поступили не раньше: ГГГГ-ММ-ДД или ISO 8601'),
  date_to: dateUntil.optional().describe('Поступили не позже: ГГГГ-ММ-ДД (включая весь день) или ISO 8601'),
  ids: uuidList.optional().describe('Только эти партии: ID через запятую (до 500)'),
  is_return: flag.optional().describe('true — только партии из возвратов, false — только без них'),
});

export const productLotsQuery = z.object({
  just_not_sold_out: flag.default(false).describe('true — только партии с остатком больше 0'),
});

/** A lot with what the inventory screens show of its product. */
export const lotWithProductSchema = lotSchema
  .extend({
    name: z.string().describe('Название товара'),
    images: z.array(z.string()).describe('Картинки товара (свои или главные картинки карточек маркетплейсов)'),
  })
  .meta({ id: 'LotWithProduct' });

export const inventoryItemSchema = lotWithProductSchema
  .extend({ articles: z.array(z.string()).describe('Артикулы (offer_id) карточек товара') })
  .meta({ id: 'InventoryItem' });

export const inventoryListSchema = z
  .object({ results: z.array(inventoryItemSchema).describe('Сначала последние поступления'), total: z.number().int() })
  .meta({ id: 'InventoryList' });

export const inventorySumSchema = z
  .object({
    count: z.number().int().describe('Сумма остатков всех партий, шт.'),
    price: z.number().describe('Сумма остаток × цена по всем партиям, ₽'),
  })
  .meta({ id: 'InventorySum' });

export const lotCreateBody = z
  .strictObject({
    id: clientId.optional(),
    product_id: z.uuid().describe('ID складского товара'),
    count: unitCount.min(1).describe('Поступило, шт. (остаток партии равен этому числу)'),
    price: moneyAmount.describe('Цена за единицу, ₽'),
    date: dateInput.optional().describe('Дата поступления (по умолчанию — сейчас): по ней идёт FIFO'),
  })
  .describe('Прямое поступление товара без документа поступления')
  .meta({ id: 'LotCreate' });

export const lotUpdateBody = z
  .strictObject({
    product_id: z.uuid().optional().describe('Только ID товара этой партии: перенести партию к другому товару нельзя'),
    count: unitCount.min(0).optional().describe('Остаток партии, шт.: от 0 до поступившего (count_max)'),
    price: moneyAmount.optional().describe('Цена за единицу, ₽'),
  })
  .meta({ id: 'LotUpdate' });

export const lotDeleteBody = listDeleteBody(
  'ids',
  z.uuid(),
  'ID партий',
  'Удаляются все партии списка или ни одна. Партию, из которой уже списывали, уценяли или продавали, удалить нельзя (409 lot_has_outflows).',
).meta({ id: 'LotDelete' });

export const inventoryBatchBody = z
  .strictObject({
    batch: z
      .array(
        z.strictObject({
          id: clientId
            .nullish()
            .describe('ID существующей партии — изменить её; новый ID или пусто — оприходовать новую партию'),
          product_id: z.uuid().describe('ID складского товара'),
          count: unitCount.describe('Поступило, шт.; больше 0'),
          price: moneyAmount.describe('Цена за единицу, ₽; больше 0'),
        }),
      )
      .min(1)
      .max(1000),
  })
  .describe(
    'Строки документа поступления. Новая строка — новая партия (count_max = count). Строка с ID существующей партии меняет её поступление и цену (флаги count_max_edited и price_edited). Все строки сохраняются вместе или ни одна; строка с количеством или ценой 0 — 422 с номером строки.',
  )
  .meta({ id: 'InventoryBatchRequest' });

export const inventoryBatchResponse = z
  .object({ results: z.array(lotSchema).describe('Партии в порядке строк запроса') })
  .meta({ id: 'InventoryBatchResult' });

export const movementsParams = z.object({ id: z.uuid().describe('ID складского товара') });
export const movementsQuery = z.object({
  ...paging,
  before: z.iso
    .datetime({ offset: true, error: 'before — дата и время ISO 8601, например 2026-01-05T00:00:00Z' })
    .transform((s) => new Date(s))
    .optional()
    .describe('Только движения, записанные раньше этого момента (история старше окна устройства)'),
});
export const movementListSchema = z
  .object({ results: z.array(movementSchema).describe('Сначала последние'), total: z.number().int() })
  .meta({ id: 'StockMovementList' });

export function lotWithProductToWire(row: LotWithProduct): z.infer<typeof lotWithProductSchema> {
  return { ...lotToWire(row), name: row.name, images: row.images };
}

export function inventoryItemToWire(row: LotWithProduct): z.infer<typeof inventoryItemSchema> {
  return { ...lotWithProductToWire(row), articles: row.articles };
}
