import { z } from 'zod';
import { serverOwned } from './common.ts';
import { authorshipKeys } from './authorship.ts';
import { otherRealizationMarketplaces } from '../db/schema/stock.ts';
import { otherRealizationSchema } from './stock-rows.ts';
import { note, unitCount } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const marketplace = z.enum(otherRealizationMarketplaces).describe('Куда ушёл товар: OZON, WB, YM или Other');
const count = unitCount.min(1).describe('Количество, шт.; больше 0');
const realizationPrice = moneyAmount.describe('Цена реализации за единицу, ₽');

export const otherRealizationIdParams = z.object({ id: z.uuid().describe('ID прочей реализации') });

export const otherRealizationBatchBody = z
  .strictObject({
    batch: z
      .array(
        z.strictObject({
          id: z.uuid().nullish().describe('ID существующей реализации — изменить её; новый ID или пусто — создать'),
          product_id: z.uuid().describe('ID складского товара'),
          count,
          marketplace,
          realization_price: realizationPrice,
          description: note.default('').describe('Примечание'),
        }),
      )
      .min(1)
      .max(1000),
  })
  .describe(
    'Строки документа прочих реализаций. Новая строка списывает товар из партий по FIFO (price — себестоимость единицы списанного), существующая списывается заново с новым количеством. Все строки сохраняются вместе или ни одна; нехватка товара — 409 insufficient_stock с доступным количеством.',
  )
  .meta({ id: 'OtherRealizationBatchRequest' });

export const otherRealizationBatchResponse = z
  .object({ results: z.array(otherRealizationSchema).describe('В порядке строк запроса') })
  .meta({ id: 'OtherRealizationBatchResult' });

export const otherRealizationListQuery = z.object({ product_id: z.uuid().describe('ID складского товара') });

export const otherRealizationUpdateBody = z
  .strictObject({
    id: z.uuid().describe('ID прочей реализации'),
    product_id: z
      .uuid()
      .optional()
      .describe('Другой товар: единицы возвращаются в партии прежнего и списываются у нового'),
    product: z
      .uuid()
      .optional()
      .describe('То же, что product_id (так поле названо в строке документа); если указаны оба, должны совпадать'),
    count: count.optional().describe('Новое количество: единицы списываются заново по FIFO'),
    marketplace: marketplace.nullable().optional().describe('OZON, WB, YM, Other или null (не указан)'),
    realization_price: realizationPrice.optional(),
    description: note.optional(),
    release: z.boolean().optional().describe('Реализация проведена'),
    ...serverOwned([
      '_id',
      'user_id',
      'batch_id',
      'version',
      'created_at',
      'updated_at',
      'deleted_at',
      ...authorshipKeys,
    ] as const),
    ...serverOwned(
      ['price'] as const,
      'себестоимость единицы сервер считает по партиям, из которых списан товар (FIFO)',
    ),
    ...serverOwned(
      ['date'] as const,
      'дата строки — дата её документа, меняется через PATCH /api/v1/batch/{batch_id}/',
    ),
  })
  .describe(
    'Строку можно прислать целиком, как её вернул GET: поля, которые задаёт сервер, игнорируются; незнакомое поле — 400.',
  )
  .meta({ id: 'OtherRealizationUpdate' });
