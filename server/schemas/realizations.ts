import { z } from 'zod';
import { realizationStatuses } from '../db/schema/stock.ts';
import { outflowDateField, outflowDateRules } from './outflow-date.ts';
import { unitCount } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const count = unitCount.min(1).describe('Сколько продано, шт.; больше 0');
const realizationPrice = moneyAmount.describe('Цена продажи за единицу, ₽');
const enteredPrice = moneyAmount
  .optional()
  .describe(
    'Закупочная цена за единицу, как её ввёл продавец, ₽: хранится и возвращается в entered_price. Себестоимость в ответе (price) сервер считает сам по партиям, из которых списан товар (FIFO), и её этим полем не задать',
  );

export const realizationIdParams = z.object({ id: z.uuid().describe('ID реализации') });
export const realizationProductParams = z.object({ product_id: z.uuid().describe('ID складского товара') });

export const realizationCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    count,
    price: enteredPrice,
    realization_price: realizationPrice,
    product: z.uuid().describe('ID складского товара'),
    date: outflowDateField(`Дата продажи, если её вносят задним числом (в ответе — datetime): ${outflowDateRules}`),
  })
  .describe(
    'Продажа: единицы списываются из самых ранних партий (FIFO), price в ответе — их средняя себестоимость; price из запроса хранится отдельно, в entered_price. Больше свободного остатка — 409 insufficient_stock с доступным количеством. Продажу прошлого дня можно внести с date.',
  )
  .meta({ id: 'RealizationCreate' });

export const realizationUpdateBody = z
  .strictObject({
    count: count
      .optional()
      .describe(
        'Новое количество: единицы возвращаются в свои партии и списываются заново по FIFO, себестоимость пересчитывается',
      ),
    price: enteredPrice,
    realization_price: realizationPrice.optional(),
    status: z
      .enum(realizationStatuses)
      .optional()
      .describe(
        'Единственный переход — completed → cancelled: продажа отменяется, единицы возвращаются ровно в те партии, из которых были списаны. Отменённая продажа больше не меняется: 409 invalid_transition для статуса, 409 realization_cancelled для остальных полей.',
      ),
  })
  .meta({ id: 'RealizationUpdate' });
