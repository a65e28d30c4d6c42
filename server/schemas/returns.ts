import { z } from 'zod';
import { authorshipFields, authorshipKeys, authorshipOf } from './authorship.ts';
import type { returns } from '../db/schema/index.ts';
import { returnStatuses } from '../db/schema/returns.ts';
import type { ReturnProduct, ReturnWithProduct } from '../repositories/returns.ts';
import { serverOwned } from './common.ts';
import { batchSchema, lotSchema, lotToWire } from './stock-rows.ts';
import { dateInput, note, paging, unitCount } from './stock-query.ts';
import { moneyAmount } from './money.ts';
import type { LotRow } from '../repositories/stock.ts';

/*
 * Customer returns (docs/rules.md «Возвраты»). One row shape for the calls and the sync mirror
 * (`Return`); the list adds the product as the returns screen shows it and the receipt date.
 */

type Row = (typeof returns)['$inferSelect'];
const iso = (d: Date) => d.toISOString();

const status = z
  .enum(returnStatuses)
  .nullable()
  .describe(
    'ready — готов к продаже, markdown — уценка, disposal — списание, deleted — удалён; null — «нет» (не выбран)',
  );

export const returnSchema = z
  .object({
    id: z.uuid(),
    _id: z.uuid(),
    product_id: z
      .uuid()
      .nullable()
      .describe('Складской товар; null — возврат с маркетплейса, не сопоставленный с товаром (оприходовать нельзя)'),
    marketplace: z
      .string()
      .nullable()
      .describe('Маркетплейс загруженного возврата; null — возврат, заведённый вручную'),
    market_id: z.string().nullable(),
    order_number: z.string().describe('Номер отправления'),
    article: z.string().describe('Артикул'),
    name: z.string().describe('Название с маркетплейса (или товара, если возврат заведён вручную)'),
    returned_at: z
      .string()
      .nullable()
      .describe('Когда покупатель вернул товар (возврат, заведённый вручную, — когда заведён)'),
    marketplace_status: z.string().nullable().describe('Статус возврата на маркетплейсе, только для чтения'),
    count: z.number().int(),
    status,
    processed: z.boolean().describe('Оприходован: больше не меняется'),
    price: z
      .number()
      .describe('Цена единицы, по которой возврат оприходуется (себестоимость партии, по которой он оценён), ₽'),
    markdown_price: z.number().describe('Цена после уценки, ₽ (для статуса markdown)'),
    description: z.string().describe('Примечание'),
    final_moment: z.string().nullable().describe('Дата оприходования; null — не оприходован'),
    batch_id: z.uuid().nullable().describe('Документ возвратов (kind return), в котором оприходован'),
    realization_id: z
      .uuid()
      .nullable()
      .describe(
        'Продажа, которую создал заказ этого возврата (приём заказов, docs/rules.md «Заказы маркетплейсов»): та же продажа остаётся проведённой, возврат приходит отдельно. Заполняет загрузка возвратов, когда продажа есть в учёте; null — возврат заведён вручную или продажи по его заказу нет',
      ),
    created_at: z.string(),
    version: z.number().int(),
    updated_at: z.string(),
    ...authorshipFields,
  })
  .meta({ id: 'Return' });

export const returnToWire = (row: Row): z.infer<typeof returnSchema> => ({
  id: row.id,
  _id: row.id,
  product_id: row.productId,
  marketplace: row.marketplace,
  market_id: row.marketId,
  order_number: row.orderNumber,
  article: row.article,
  name: row.name,
  returned_at: row.returnedAt ? iso(row.returnedAt) : null,
  marketplace_status: row.marketplaceStatus,
  count: row.count,
  status: row.status,
  processed: row.processed,
  price: row.price,
  markdown_price: row.markdownPrice,
  description: row.description,
  final_moment: row.finalMoment ? iso(row.finalMoment) : null,
  batch_id: row.batchId,
  realization_id: row.realizationId,
  created_at: iso(row.createdAt),
  version: row.version,
  updated_at: iso(row.updatedAt),
  ...authorshipOf(row),
});

export const returnProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    images: z.array(z.string()).describe('Картинки товара (свои или главные картинки карточек маркетплейсов)'),
    mp_extra_data: z.object({
      primary_image: z.string().nullable().describe('Главная картинка первой карточки (или первая своя)'),
    }),
  })
  .meta({ id: 'ReturnProduct' });

export const returnProductToWire = (p: ReturnProduct): z.infer<typeof returnProductSchema> => ({
  id: p.id,
  name: p.name,
  images: p.images,
  mp_extra_data: { primary_image: p.primaryImage },
});

export const returnItemSchema = returnSchema
  .extend({
    product: returnProductSchema
      .nullable()
      .describe('null — возврат не сопоставлен с товаром склада: показываются name и article с маркетплейса'),
    batch_date: z.string().nullable().describe('Дата документа возвратов, в котором оприходован'),
  })
  .meta({ id: 'ReturnItem' });

export function returnItemToWire(row: ReturnWithProduct): z.infer<typeof returnItemSchema> {
  return {
    ...returnToWire(row),
    product: row.product ? returnProductToWire(row.product) : null,
    batch_date: row.batchDate ? iso(row.batchDate) : null,
  };
}

export const returnIdParams = z.object({ id: z.uuid().describe('ID возврата') });
export const returnInventoryParams = z.object({ return_id: z.uuid().describe('ID возврата') });
export const returnToParams = z.object({
  return_id: z.uuid().describe('ID возврата'),
  to: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'ожидалось to_inventory или другое слово латиницей')
    .describe('to_inventory — оприходовать на склад; любое другое значение (например, to_disposal) — списать'),
  inventory_id: z.uuid().describe('Партия товара возврата: по её цене оценивается возврат'),
});

export const returnListQuery = z.object({
  ...paging,
  status: z
    .enum([...returnStatuses, 'null'])
    .optional()
    .describe('Только возвраты с этим статусом; null — со статусом «нет». Без него — все, кроме удалённых (deleted)'),
});

export const returnListSchema = z
  .object({
    returns: z.array(returnItemSchema).describe('Сначала последние (по дате возврата)'),
    total: z.number().int(),
  })
  .meta({ id: 'ReturnList' });

const ownFields = serverOwned([
  '_id',
  'product',
  'processed',
  'final_moment',
  'batch_id',
  'batch_date',
  'realization_id',
  'created_at',
  'updated_at',
  'version',
  ...authorshipKeys,
  'marketplace',
  'market_id',
  'order_number',
  'article',
  'name',
  'returned_at',
  'marketplace_status',
  'count',
] as const);

export const returnCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    product_id: z.uuid().describe('ID складского товара'),
    count: unitCount.min(1).describe('Сколько единиц вернули, шт.'),
  })
  .describe('Возврат, заведённый вручную: статус «нет», цена 0')
  .meta({ id: 'ReturnCreate' });

const price = moneyAmount.describe('Цена единицы, ₽: цена партии товара или введённая себестоимость');
const markdownPrice = moneyAmount.describe('Цена после уценки, ₽');

export const returnUpdateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Если указан, должен совпадать с адресом'),
    return_id: z
      .uuid()
      .optional()
      .describe('Так ожидающая правка называет возврат; если указан, должен совпадать с адресом'),
    status: status.optional().describe('deleted — удалить, null — «нет» (восстановить удалённый); «нет» обнуляет цены'),
    price: price.optional(),
    markdown_price: markdownPrice.optional().describe('Цена после уценки, ₽; не больше 0 — берётся равной price'),
    description: note.optional(),
    product_id: z.uuid().optional().describe('Сопоставить возврат с другим складским товаром'),
    ...ownFields,
  })
  .describe('Оприходованный возврат не меняется: 409 return_processed.')
  .meta({ id: 'ReturnUpdate' });

export const receiptItem = z
  .strictObject({
    return_id: z.uuid().optional().describe('Если указан, должен совпадать с ключом'),
    status: z.enum(['ready', 'markdown', 'disposal']).nullable().optional().describe('Без него — статус возврата'),
    price: price.optional().describe('Цена единицы, ₽, больше 0; без неё — цена возврата'),
    product_id: z.uuid().nullable().optional().describe('Складской товар; без него — товар возврата'),
    description: note.optional(),
    markdown_price: markdownPrice.optional().describe('Для markdown — больше 0; без неё — цена уценки возврата'),
    lot_id: z
      .uuid()
      .optional()
      .describe('ID партии-возврата, созданный клиентом (офлайн-оприходование: устройство уже показывает эту партию)'),
    markdown_ids: z
      .array(z.uuid())
      .max(1000)
      .optional()
      .describe('ID уценок (по одной на единицу), созданные клиентом; недостающие создаёт сервер'),
    disposal_id: z.uuid().optional().describe('ID списания, созданный клиентом'),
  })
  .meta({ id: 'ReturnReceiptItem' });

export const returnReceiptBody = z
  .strictObject({
    id: z.uuid().optional().describe('ID документа возвратов, созданный клиентом (офлайн-создание)'),
    date: dateInput.describe(
      'Дата оприходования: дата документа, его партий, уценок и списаний и final_moment возвратов',
    ),
    description: note.default(''),
    batch: z
      .record(z.uuid(), receiptItem)
      .refine((b) => Object.keys(b).length >= 1, 'укажите хотя бы один возврат')
      .refine((b) => Object.keys(b).length <= 1000, 'не больше 1000 возвратов')
      .describe('Возвраты по их ID: статус, цена, товар, примечание, цена после уценки'),
  })
  .describe(
    'Оприходование возвратов одним документом (kind return), всё или ничего: ready — партия-возврат (is_return) на count шт. по price; markdown — партия-возврат и по уценке на каждую единицу (price, markdown_price); disposal — партия-возврат и списание этих единиц по price. Цена должна быть больше 0, у markdown и цена уценки (иначе 422 return_price_missing, в errors — поля batch.{id}.price / batch.{id}.markdown_price). Оприходованный возврат — 409 return_processed; не сопоставленный с товаром — 422 return_unmatched.',
  )
  .meta({ id: 'ReturnReceipt' });

export const returnReceiptResponse = z
  .object({
    batch: batchSchema.describe('Созданный документ возвратов; его строки — GET /api/v1/batch/{batch_id}'),
    returns: z.array(returnSchema).describe('Оприходованные возвраты'),
  })
  .meta({ id: 'ReturnReceiptResult' });

export const returnInventorySchema = z
  .object({
    inventory: z
      .array(lotSchema)
      .describe(
        'Партии товара возврата в порядке FIFO (по их цене оценивается возврат); пусто, если возврат не сопоставлен с товаром',
      ),
    product: returnProductSchema.nullable(),
  })
  .meta({ id: 'ReturnInventory' });

export function returnInventoryToWire(
  lots: LotRow[],
  product: ReturnProduct | undefined,
): z.infer<typeof returnInventorySchema> {
  return { inventory: lots.map(lotToWire), product: product ? returnProductToWire(product) : null };
}

export const returnProcessedSchema = z
  .object({
    return: returnSchema,
    inventory: lotSchema.describe('Партия-возврат, в которую поступили единицы'),
  })
  .meta({ id: 'ReturnProcessed' });
