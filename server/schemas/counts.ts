import { z } from 'zod';
import type { countLines, counts } from '../db/schema/index.ts';
import { countScopes, countStatuses, type CountResult } from '../db/schema/counts.ts';
import { authorshipFields, authorshipOf } from './authorship.ts';

/*
 * Stock counts (docs/rules.md «Инвентаризация») and their lines, as every call answers them and as sync mirrors
 * them into the PWA: one shape per table, whichever way a row reached the device.
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
const iso = (d: Date) => d.toISOString();
const meta = {
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  ...authorshipFields,
};
const metaOf = (row: {
  createdAt: Date;
  updatedAt: Date;
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
}) => ({ created_at: iso(row.createdAt), updated_at: iso(row.updatedAt), version: row.version, ...authorshipOf(row) });

const countName = z.string().trim().max(200, 'Название — не длиннее 200 символов');
const productIds = z
  .array(z.uuid().describe('ID складского товара'))
  .max(5000, 'В инвентаризации — не больше 5000 товаров')
  .describe('Товары выборочной инвентаризации (scope selection); для scope all — пустой список');

export const countResultSchema = z
  .object({
    product_id: z.uuid(),
    expected: z.number().int().describe('Остаток по учёту, шт.: сумма остатков живых партий'),
    counted: z.number().int().describe('Насчитано, шт.: сумма строк подсчёта всех участников'),
    difference: z.number().int().describe('Разница, шт.: насчитано минус по учёту'),
    cost: z
      .number()
      .describe(
        'Разница в деньгах, ₽, со знаком разницы: недостача — по себестоимости партий FIFO, излишек — по цене последнего поступления',
      ),
  })
  .meta({ id: 'CountResult' });

export const countSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    scope: z.enum(countScopes).describe('all — весь склад; selection — выбранные товары'),
    product_ids: z.array(z.uuid()),
    status: z.enum(countStatuses).describe('draft — идёт подсчёт; posted — проведена, больше не меняется'),
    posted_at: z.string().nullable(),
    results: z.array(countResultSchema).describe('Итоги проведения по товарам; пусто, пока черновик'),
    ...meta,
  })
  .meta({ id: 'Count' });

export const countLineSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    count_id: z.uuid(),
    product_id: z.uuid(),
    quantity: z.number().int(),
    shelf: z.string(),
    ...meta,
  })
  .meta({ id: 'CountLine' });

export const countDetailSchema = countSchema
  .extend({
    lines: z.array(countLineSchema).describe('Живые строки подсчёта всех участников'),
    figures: z
      .array(countResultSchema)
      .describe(
        'По каждому товару области или посчитанному: у черновика — по остаткам сейчас, у проведённой — сохранённые итоги',
      ),
  })
  .meta({ id: 'CountDetail' });

export const countListSchema = z.array(countSchema).describe('Сначала новые').meta({ id: 'CountList' });

export const countToWire = (row: Row<typeof counts>): z.infer<typeof countSchema> => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  scope: row.scope,
  product_ids: row.productIds,
  status: row.status,
  posted_at: row.postedAt ? iso(row.postedAt) : null,
  results: row.results,
  ...metaOf(row),
});

export const countLineToWire = (row: Row<typeof countLines>): z.infer<typeof countLineSchema> => ({
  id: row.id,
  user_id: row.userId,
  count_id: row.countId,
  product_id: row.productId,
  quantity: row.quantity,
  shelf: row.shelf,
  ...metaOf(row),
});

export type { CountResult };

export const countIdParams = z.object({ id: z.uuid().describe('ID инвентаризации') });
export const countLineIdParams = z.object({ id: z.uuid().describe('ID строки подсчёта') });

export const countCreateBody = z
  .strictObject({
    id: z.uuid().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    name: countName.default('').describe('Название, например «Склад, ноябрь»'),
    scope: z.enum(countScopes).describe('all — весь склад; selection — выбранные товары'),
    product_ids: productIds.optional(),
  })
  .describe(
    'Новая инвентаризация (черновик). Для scope selection нужен хотя бы один товар. Повтор с тем же id и телом отвечает той же записью.',
  )
  .meta({ id: 'CountCreate' });

export const countUpdateBody = z
  .strictObject({
    name: countName.optional(),
    product_ids: productIds
      .optional()
      .describe('Новый список товаров выборочной инвентаризации; товар со строками подсчёта убрать нельзя'),
  })
  .meta({ id: 'CountUpdate' });

export const countPostBody = z.strictObject({}).meta({ id: 'CountPost' });

const quantity = z
  .number({ error: 'Количество — целое число не меньше 0' })
  .int('Количество — целое число не меньше 0')
  .min(0, 'Количество — целое число не меньше 0')
  .max(1_000_000_000, 'Слишком большое количество')
  .describe('Насчитано, шт.');
const shelf = z.string().trim().max(100, 'Место — не длиннее 100 символов').describe('Где посчитано («А-03»)');

export const countLineCreateBody = z
  .strictObject({
    id: z.uuid().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    count_id: z.uuid().describe('ID инвентаризации'),
    product_id: z.uuid().describe('ID складского товара'),
    quantity,
    shelf: shelf.default(''),
  })
  .describe(
    'Строка подсчёта одного участника: итог по товару — сумма всех его строк. Повтор с тем же id и телом отвечает той же записью.',
  )
  .meta({ id: 'CountLineCreate' });

export const countLineUpdateBody = z
  .strictObject({ quantity: quantity.optional(), shelf: shelf.optional() })
  .meta({ id: 'CountLineUpdate' });
