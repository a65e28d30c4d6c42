import { z } from 'zod';
import { listDeleteBody } from './common.ts';
import { disposalSchema } from './stock-rows.ts';
import { outflowDateField, outflowDateRules } from './outflow-date.ts';
import { note, paging, unitCount } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const count = unitCount.min(1).describe('Сколько списать, шт.; больше 0');
const price = moneyAmount.describe('Цена списания за единицу, ₽ (вводится пользователем; по умолчанию в форме 0)');

export const disposalIdParams = z.object({ id: z.uuid().describe('ID списания') });
export const disposalProductParams = z.object({ product_id: z.uuid().describe('ID складского товара') });
export const disposalListQuery = z.object({ ...paging });

export const disposalListSchema = z
  .object({ results: z.array(disposalSchema).describe('Сначала последние'), total: z.number().int() })
  .meta({ id: 'DisposalList' });

export const disposalCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    product_id: z.uuid().describe('ID складского товара'),
    count,
    price,
    description: note.default('').describe('Примечание'),
    lot_id: z.uuid().nullish().describe('Списать только из этой партии; без неё — из самых ранних партий (FIFO)'),
    date: outflowDateField(`Дата списания, если его вносят задним числом (в ответе — datetime): ${outflowDateRules}`),
  })
  .describe(
    'Списание: единицы берутся из партий товара, начиная с самых ранних поступлений (или из указанной партии). Нельзя списать больше свободного остатка (остаток минус активные резервы): 409 insufficient_stock с доступным количеством. Списание прошлого дня можно внести с date.',
  )
  .meta({ id: 'DisposalCreate' });

export const disposalUpdateBody = z
  .strictObject({
    product_id: z
      .uuid()
      .optional()
      .describe('Другой товар: единицы возвращаются в партии прежнего и списываются у нового'),
    count: count
      .optional()
      .describe('Новое количество: единицы возвращаются в свои партии и списываются заново по FIFO'),
    price: price.optional(),
    description: note.optional(),
  })
  .meta({ id: 'DisposalUpdate' });

export const disposalDeleteBody = listDeleteBody(
  'ids',
  z.uuid(),
  'ID списаний',
  'Удаляются все списания списка или ни одно; их единицы возвращаются ровно в те партии, из которых были списаны.',
).meta({ id: 'DisposalDelete' });

export const disposalDeletedSchema = z.object({ deleted_ids: z.array(z.uuid()) }).meta({ id: 'DisposalDeleted' });
