import { z } from 'zod';
import { reserveStatuses } from '../db/schema/stock.ts';
import { outflowDateField, outflowDateRules } from './outflow-date.ts';
import { unitCount } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const count = unitCount.min(1).describe('Сколько единиц отложить, шт.; не больше свободного остатка');
const price = moneyAmount.describe('Цена продажи за единицу, ₽: с ней резерв станет реализацией');

export const reserveIdParams = z.object({ id: z.uuid().describe('ID резерва') });
export const reserveProductParams = z.object({ product_id: z.uuid().describe('ID складского товара') });

export const reserveCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    count,
    price,
    product: z.uuid().describe('ID складского товара'),
    date: outflowDateField(
      'Когда резерв сделан, если его вносят задним числом: ГГГГ-ММ-ДД или дата и время ISO 8601, не позже сегодняшнего дня; без поля — сейчас. Резерв откладывает единицы, которые по FIFO идут после отложенных другими резервами; если их партия поступила позже этой даты (товара тогда ещё не было) — 409 before_receipt',
    ),
  })
  .describe(
    'Резерв откладывает единицы товара: пока он активен, их нельзя списать, уценить или продать. Больше свободного остатка (остаток минус другие активные резервы) — 409 insufficient_stock с доступным количеством. Резерв прошлого дня можно внести с date.',
  )
  .meta({ id: 'ReserveCreate' });

export const reserveUpdateBody = z
  .strictObject({
    count: count.optional(),
    price: price.optional(),
    status: z
      .enum(reserveStatuses)
      .optional()
      .describe(
        'Переходы: active → released (резерв снят, единицы снова свободны) или active → realized (продан: создаётся реализация на count единиц по цене price, единицы списываются из партий по FIFO). released и realized окончательные: другой переход — 409 invalid_transition, правка количества или цены — 409 reserve_closed.',
      ),
    date: outflowDateField(
      `Дата продажи резерва, если её вносят задним числом; только вместе с переходом в realized (иначе — 400 date_without_sale) и не раньше самого резерва (иначе — 409 before_reserve): ${outflowDateRules}`,
    ),
  })
  .meta({ id: 'ReserveUpdate' });
