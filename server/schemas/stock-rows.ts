import { z } from 'zod';
import type {
  batches,
  disposals,
  lots,
  markdowns,
  otherRealizations,
  realizations,
  reserves,
  stockMovements,
} from '../db/schema/index.ts';
import { otherRealizationMarketplaces, realizationStatuses, reserveStatuses } from '../db/schema/stock.ts';
import { movementReasons } from '../repositories/stock.ts';
import { authorshipFields, authorshipOf } from './authorship.ts';

/*
 * The stock rows as every call answers them and as sync mirrors them into the PWA: one shape per
 * table, so a row looks the same whichever way it reached the device.
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
const iso = (d: Date) => d.toISOString();
const meta = { version: z.number().int(), updated_at: z.string(), ...authorshipFields };
const rowMeta = (row: { version: number; updatedAt: Date; createdBy: string | null; updatedBy: string | null }) => ({
  version: row.version,
  updated_at: iso(row.updatedAt),
  ...authorshipOf(row),
});

const postingSchema = z
  .object({
    marketplace: z.string().describe('OZON, WILDBERRIES или YM'),
    store_id: z.uuid().describe('ID магазина (markets.id)'),
    posting_number: z
      .string()
      .describe('Номер отправления (OZON), сборочного задания (Wildberries), заказа (Яндекс Маркет)'),
    order_line_id: z.uuid(),
  })
  .nullable()
  .describe(
    'Заказ маркетплейса, по которому строка создана сама (docs/rules.md «Заказы маркетплейсов»); null — введена вручную',
  );

type PostingColumns = {
  orderLineId: string | null;
  postingMarketplace: string | null;
  postingStoreId: string | null;
  postingNumber: string | null;
};
const postingOf = (row: PostingColumns): z.infer<typeof postingSchema> =>
  row.orderLineId && row.postingStoreId && row.postingNumber
    ? {
        marketplace: row.postingMarketplace ?? '',
        store_id: row.postingStoreId,
        posting_number: row.postingNumber,
        order_line_id: row.orderLineId,
      }
    : null;

export const lotSchema = z
  .object({
    id: z.uuid(),
    _id: z.uuid(),
    product_id: z.uuid(),
    batch_id: z.uuid().nullable(),
    return_id: z.uuid().nullable(),
    count: z.number().int().describe('Остаток партии'),
    count_max: z.number().int().describe('Поступило'),
    price: z.number().describe('Цена за единицу, ₽'),
    created_at: z.string().describe('Дата поступления (дата партии): по ней идёт FIFO'),
    is_return: z.boolean(),
    count_max_edited: z.boolean(),
    price_edited: z.boolean(),
    ...meta,
  })
  .meta({ id: 'Lot' });

export const lotToWire = (row: Row<typeof lots>): z.infer<typeof lotSchema> => ({
  id: row.id,
  _id: row.id,
  product_id: row.productId,
  batch_id: row.batchId,
  return_id: row.returnId,
  count: row.count,
  count_max: row.countMax,
  price: row.price,
  created_at: iso(row.receivedAt),
  is_return: row.isReturn,
  count_max_edited: row.countMaxEdited,
  price_edited: row.priceEdited,
  ...rowMeta(row),
});

export const disposalSchema = z
  .object({
    id: z.uuid(),
    _id: z.uuid(),
    product_id: z.uuid(),
    batch_id: z.uuid().nullable(),
    count: z.number().int(),
    price: z.number().describe('Цена списания за единицу, ₽ (вводится пользователем)'),
    datetime: z.string(),
    description: z.string(),
    ...meta,
  })
  .meta({ id: 'Disposal' });

export const disposalToWire = (row: Row<typeof disposals>): z.infer<typeof disposalSchema> => ({
  id: row.id,
  _id: row.id,
  product_id: row.productId,
  batch_id: row.batchId,
  count: row.count,
  price: row.price,
  datetime: iso(row.datetime),
  description: row.description,
  ...rowMeta(row),
});

export const markdownSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    lot_id: z.uuid().nullable().describe('Партия, из которой взята единица'),
    datetime: z.string(),
    description: z.string(),
    price: z.number(),
    markdown_price: z.number(),
    release: z.boolean().describe('Продана'),
    count: z.number().int().describe('Всегда 1'),
    ...meta,
  })
  .meta({ id: 'Markdown' });

export const markdownToWire = (row: Row<typeof markdowns>): z.infer<typeof markdownSchema> => ({
  id: row.id,
  product_id: row.productId,
  lot_id: row.lotId,
  datetime: iso(row.datetime),
  description: row.description,
  price: row.price,
  markdown_price: row.markdownPrice,
  release: row.release,
  count: row.count,
  ...rowMeta(row),
});

export const otherRealizationSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    batch_id: z.uuid().nullable(),
    date: z.string(),
    description: z.string(),
    marketplace: z.enum(otherRealizationMarketplaces).nullable(),
    count: z.number().int(),
    price: z.number().describe('Себестоимость единицы по списанным партиям, ₽ (считает сервер)'),
    realization_price: z.number(),
    release: z.boolean(),
    ...meta,
  })
  .meta({ id: 'OtherRealization' });

export const otherRealizationToWire = (row: Row<typeof otherRealizations>): z.infer<typeof otherRealizationSchema> => ({
  id: row.id,
  product_id: row.productId,
  batch_id: row.batchId,
  date: iso(row.date),
  description: row.description,
  marketplace: row.marketplace,
  count: row.count,
  price: row.price,
  realization_price: row.realizationPrice,
  release: row.release,
  ...rowMeta(row),
});

export const reserveSchema = z
  .object({
    id: z.uuid(),
    product: z.uuid().describe('ID складского товара'),
    count: z.number().int(),
    price: z.number(),
    status: z
      .enum(reserveStatuses)
      .describe(
        'active — единицы отложены; released — резерв снят; realized — продан (создана реализация). Из active можно перейти в released или realized; эти состояния окончательные',
      ),
    posting: postingSchema,
    ...meta,
  })
  .meta({ id: 'Reserve' });

export const reserveToWire = (row: Row<typeof reserves>): z.infer<typeof reserveSchema> => ({
  id: row.id,
  product: row.productId,
  count: row.count,
  price: row.price,
  status: row.status,
  posting: postingOf(row),
  ...rowMeta(row),
});

export const realizationSchema = z
  .object({
    id: z.uuid(),
    product: z.uuid(),
    count: z.number().int(),
    price: z.number().describe('Себестоимость единицы по списанным партиям, ₽ (считает сервер)'),
    entered_price: z
      .number()
      .nullable()
      .describe(
        'Закупочная цена за единицу, которую ввёл продавец (price запроса), ₽; null — не вводилась. На остатки и себестоимость не влияет',
      ),
    realization_price: z.number().describe('Цена продажи за единицу, ₽'),
    status: z
      .enum(realizationStatuses)
      .describe(
        'completed — продано, единицы списаны; cancelled — отменено, единицы вернулись в партии. Переход только completed → cancelled',
      ),
    datetime: z.string(),
    posting: postingSchema,
    ...meta,
  })
  .meta({ id: 'Realization' });

export const realizationToWire = (row: Row<typeof realizations>): z.infer<typeof realizationSchema> => ({
  id: row.id,
  product: row.productId,
  count: row.count,
  price: row.price,
  entered_price: row.enteredPrice,
  realization_price: row.realizationPrice,
  status: row.status,
  datetime: iso(row.datetime),
  posting: postingOf(row),
  ...rowMeta(row),
});

export const batchSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['purchase', 'return', 'other']),
    date: z.string().describe('Дата партии; для поступлений это дата поступления её партий товара'),
    description: z.string(),
    created_at: z.string(),
    ...meta,
  })
  .meta({ id: 'Batch' });

export const batchToWire = (row: Row<typeof batches>): z.infer<typeof batchSchema> => ({
  id: row.id,
  kind: row.kind,
  date: iso(row.date),
  description: row.description,
  created_at: iso(row.createdAt),
  ...rowMeta(row),
});

export const movementSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    lot_id: z.uuid(),
    delta: z.number().int().describe('Изменение остатка партии, шт.: плюс — приход, минус — расход'),
    reason: z
      .enum(movementReasons)
      .describe(
        'receipt — поступление; correction — правка остатка; removal — удаление партии; disposal, markdown, realization, other_realization — расход; reversal — возврат единиц при правке или удалении расхода',
      ),
    source_table: z.string(),
    source_id: z.uuid(),
    unit_cost: z.number(),
    created_at: z.string(),
    ...meta,
  })
  .meta({ id: 'StockMovement' });

export const movementToWire = (row: Row<typeof stockMovements>): z.infer<typeof movementSchema> => ({
  id: row.id,
  product_id: row.productId,
  lot_id: row.lotId,
  delta: row.delta,
  reason: row.reason as z.infer<typeof movementSchema>['reason'],
  source_table: row.sourceTable,
  source_id: row.sourceId,
  unit_cost: row.unitCost,
  created_at: iso(row.createdAt),
  ...rowMeta(row),
});
