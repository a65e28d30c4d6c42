import { z } from 'zod';
import { reserveStatuses } from '../db/schema/stock.ts';
import { moneyAmount, unitCount } from './stock-query.ts';

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
  })
  .describe(
    'Резерв откладывает единицы товара: пока он активен, их нельзя списать, уценить или продать. Больше свободного остатка (остаток минус другие активные резервы) — 409 insufficient_stock с доступным количеством.',
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
  })
  .meta({ id: 'ReserveUpdate' });
