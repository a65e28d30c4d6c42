import { z } from 'zod';
import type { MarkdownWithProduct } from '../repositories/markdowns.ts';
import { markdownSchema, markdownToWire } from './stock-rows.ts';
import { outflowDateField, outflowDateRules } from './outflow-date.ts';
import { dateInput, dateUntil, flag, note, paging } from './stock-query.ts';
import { moneyAmount } from './money.ts';

const price = moneyAmount.describe('Цена до уценки за единицу, ₽');
const markdownPrice = moneyAmount.describe('Цена после уценки, ₽');

export const markdownIdParams = z.object({ id: z.uuid().describe('ID уценки') });

export const markdownListQuery = z.object({
  ...paging,
  date_start: dateInput.optional().describe('Уценены не раньше: ГГГГ-ММ-ДД или ISO 8601'),
  date_end: dateUntil.optional().describe('Уценены не позже: ГГГГ-ММ-ДД (включая весь день) или ISO 8601'),
  release: flag.optional().describe('true — только проданные, false — только непроданные; без параметра — все'),
  product_id: z.uuid().optional().describe('Только уценки этого складского товара'),
  search: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ')
    .default('')
    .describe('Подстрока названия товара или артикула (offer_id) без учёта регистра'),
});

export const markdownItemSchema = markdownSchema
  .extend({
    name: z.string().describe('Название товара'),
    images: z.array(z.string()).describe('Картинки товара (свои или главные картинки карточек маркетплейсов)'),
    articles: z.array(z.string()).describe('Артикулы (offer_id) карточек товара'),
    batch_date: z.string().nullable().describe('Дата поступления партии, из которой взята единица'),
  })
  .meta({ id: 'MarkdownItem' });

export const markdownListSchema = z
  .object({ results: z.array(markdownItemSchema).describe('Сначала последние'), total: z.number().int() })
  .meta({ id: 'MarkdownList' });

export const markdownCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    product_id: z.uuid().describe('ID складского товара'),
    description: note.default('').describe('Примечание (дефект, причина уценки)'),
    price,
    markdown_price: markdownPrice,
    lot_id: z.uuid().nullish().describe('Взять единицу из этой партии; без неё — из самой ранней (FIFO)'),
    date: outflowDateField(`Дата уценки, если её вносят задним числом (в ответе — datetime): ${outflowDateRules}`),
  })
  .describe(
    'Уценка — одна единица товара, взятая из партии (самой ранней или указанной) и отложенная на продажу по сниженной цене. Нет свободной единицы — 409 insufficient_stock. Уценку прошлого дня можно внести с date.',
  )
  .meta({ id: 'MarkdownCreate' });

export const markdownUpdateBody = z
  .strictObject({
    description: note.optional(),
    price: price.optional(),
    markdown_price: markdownPrice.optional(),
    release: z
      .boolean()
      .optional()
      .describe('Уценённая единица продана; на остаток не влияет — она уже взята из партии'),
  })
  .meta({ id: 'MarkdownUpdate' });

export function markdownItemToWire(row: MarkdownWithProduct): z.infer<typeof markdownItemSchema> {
  return {
    ...markdownToWire(row),
    name: row.name,
    images: row.images,
    articles: row.articles,
    batch_date: row.batchDate ? row.batchDate.toISOString() : null,
  };
}
