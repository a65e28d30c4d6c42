import { z } from 'zod';
import type { PostingStatusRow } from '../repositories/postings.ts';
import { productMpSchema, productWhSchema } from './products.ts';

/*
 * The shipping and delivery figures (docs/rules.md «Достаточность»): GET /api/v1/products_mp_status/ and the mirrored
 * posting_statuses rows.
 */

export const sufficiencyFilters = ['enough', 'not_enough', 'all'] as const;

export const productsMpStatusQuery = z.object({
  product_id: z
    .uuid()
    .optional()
    .describe(
      'Только этот складской товар — даже если у него ничего не ждёт сборки и не едет; чужой или удалённый — 404',
    ),
  sufficiency: z
    .enum(sufficiencyFilters)
    .default('all')
    .describe('enough — достаточность 0 и больше (хватает), not_enough — меньше 0 (не хватает), all — все'),
  search: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ')
    .default('')
    .describe('Подстрока названия товара или артикула (offer_id) его карточек, без учёта регистра'),
});

const postingItemSchema = z
  .object({
    quantity: z.number().int().describe('Единиц карточки в отправлениях этого этапа'),
    product_mp: productMpSchema.describe('Карточка маркетплейса, как её показывает API'),
    linked_wh_products: z
      .array(productWhSchema)
      .describe('Складской товар карточки (карточка принадлежит ровно одному)'),
    fetched_at: z.string().describe('Когда статусы магазина карточки загружены'),
  })
  .meta({ id: 'PostingStatusItem' });

export const detailedStatusSchema = z
  .object({
    awaiting_packaging: z.array(postingItemSchema).describe('Ждут сборки: по строке на карточку'),
    awaiting_deliver: z.array(postingItemSchema).describe('Ждут отгрузки: по строке на карточку'),
    delivering: z.array(postingItemSchema).describe('Доставляются: по строке на карточку'),
    inventory: z
      .array(
        z.object({
          product: z.uuid().describe('ID складского товара'),
          count: z.number().describe('Остаток на складе: Σ остатков партий'),
        }),
      )
      .describe('Остаток каждого товара из списка'),
    reserve: z
      .array(
        z.object({
          product: z.uuid().describe('ID складского товара'),
          count: z.number().int().describe('Единиц осталось в партии'),
          price: z.number().describe('Цена партии за единицу, ₽'),
        }),
      )
      .describe(
        'Партии товаров с остатком в порядке FIFO (дата поступления, затем id): по ним считается цена доставляемого',
      ),
  })
  .meta({ id: 'DetailedStatus' });

export const productSufficiencySchema = z
  .object({
    product: productWhSchema,
    articles: z.array(z.string()).describe('offer_id карточек товара'),
    primary_image: z.string().nullable().describe('Картинка товара или его первой карточки с картинкой'),
    count: z.number().describe('Остаток на складе'),
    awaiting_packaging: z.number().int().describe('Ждут сборки, Σ по карточкам товара'),
    awaiting_deliver: z.number().int().describe('Ждут отгрузки'),
    delivering: z.number().int().describe('Доставляются'),
    sufficiency: z.number().describe('0, если ничего не ждёт сборки; иначе остаток − ждущие сборки'),
    enough: z.boolean().describe('sufficiency ≥ 0: хватает'),
    delivery_price: z
      .number()
      .nullable()
      .describe(
        'Цена доставляемого: партии по FIFO по своей цене за единицу, пока не покрыто delivering; null («?»), если доставляется что-то, а партий с остатком нет; 0, если ничего не доставляется',
      ),
    delivering_uncovered: z
      .number()
      .int()
      .describe('Доставляемых единиц, которых партии не покрыли (в delivery_price не вошли)'),
    fetched_at: z.string().nullable().describe('Самая поздняя загрузка статусов среди карточек товара'),
  })
  .meta({ id: 'ProductSufficiency' });

export const productsMpStatusSchema = z
  .array(
    z
      .object({
        detailed_status: detailedStatusSchema,
        products: z.array(productSufficiencySchema).describe('По строке на складской товар, по названию'),
        total: z
          .object({
            delivering: z.number().int().describe('Доставляется единиц по всем товарам списка'),
            delivery_price: z.number().describe('Σ известных delivery_price'),
            complete: z
              .boolean()
              .describe('false, если у части доставляемого цены нет (delivering_uncovered > 0 у какого-то товара)'),
          })
          .describe('Итоговая строка: доставляемое и его сумма'),
        stores: z
          .array(
            z.object({
              marketplace: z.string(),
              market_id: z.string(),
              name: z.string(),
              fetched_at: z
                .string()
                .nullable()
                .describe('Последнее успешное обновление статусов магазина; null — ещё не обновлялись'),
            }),
          )
          .describe("Магазины пользователя с маркетплейсом (не '-')"),
        fetched_at: z
          .string()
          .nullable()
          .describe(
            'Самое раннее из последних обновлений магазинов (насколько свежи данные в целом); null — какой-то магазин ещё не обновлялся',
          ),
      })
      .meta({ id: 'ProductsMpStatus' }),
  )
  .describe('Один элемент: его detailed_status — отгрузки и доставки пользователя')
  .meta({ id: 'ProductsMpStatusList' });

export type ProductsMpStatusWire = z.infer<typeof productsMpStatusSchema>;

/** A posting_statuses row as sync pull mirrors it: one listing's figures of its store's latest snapshot. */
export function postingStatusToWire(row: PostingStatusRow) {
  return {
    id: row.id,
    product_mp_id: row.productMpId,
    awaiting_packaging: row.awaitingPackaging,
    awaiting_deliver: row.awaitingDeliver,
    delivering: row.delivering,
    fetched_at: row.fetchedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}
