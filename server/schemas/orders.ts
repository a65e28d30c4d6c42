import { z } from 'zod';
import { orderLineBooks, orderStages, type orderLines, type orders } from '../db/schema/orders.ts';
import { assemblyStateOf, assemblyStates } from './order-assembly.ts';

/*
 * Marketplace orders as the intake keeps them (docs/rules.md «Заказы маркетплейсов»): the rows sync mirrors into the
 * PWA and /api/v1/orders/ answers, one shape each.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const orderSchema = z
  .object({
    id: z.uuid(),
    store_id: z.uuid().describe('Магазин (markets.id)'),
    marketplace: z.string().describe('OZON, WILDBERRIES или YM'),
    posting_number: z
      .string()
      .describe('Номер отправления OZON, сборочного задания Wildberries, заказа Яндекс Маркета'),
    status: z.string().describe('Статус словами маркетплейса'),
    stage: z
      .enum(orderStages)
      .describe(
        'new — ещё не в сборке; awaiting_packaging — ждёт сборки (единицы в резерве); awaiting_deliver, delivering, delivered — передан (продан); cancelled — отменён',
      ),
    ordered_at: z.string().nullable(),
    changed_at: z.string().describe('Когда маркетплейс последний раз изменил статус'),
    shipped_at: z.string().nullable().describe('Когда передан (дата продажи); null — ещё не передан'),
    cancelled_after_handover: z
      .boolean()
      .describe('Отменён после передачи: позиции остаются проданными, возврат придёт через «Возвраты»'),
    before_intake: z.boolean().describe('Передан до того, как магазин начал принимать заказы: учёт его не трогает'),
    problem: z.string().nullable().describe('Что не так с заказом, по-русски; null — всё в порядке'),
    assembled_at: z.string().nullable().describe('Когда маркетплейс принял «Собрано»; null — ещё не принял'),
    assembly_error: z
      .string()
      .nullable()
      .describe('Почему маркетплейс отказал в «Собрано», по-русски; null — отказа не было'),
    assembly_state: z
      .enum(assemblyStates)
      .nullable()
      .describe(
        'null — «Собрано» не нажимали; pending — передаётся маркетплейсу; done — принято; refused — отказ (assembly_error)',
      ),
    label_ready: z.boolean().describe('Этикетка маркетплейса получена: GET /orders/{id}/label/ отдаёт PDF'),
    version: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'Order' });

export const orderLineSchema = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    line_key: z.string(),
    offer_id: z.string().describe('Артикул продавца'),
    external_product_id: z.string().nullable().describe('ID товара маркетплейса (OZON sku, WB nmId, YM marketSku)'),
    name: z.string(),
    quantity: z.number().int(),
    price: z.number().describe('Цена за единицу, ₽'),
    product_mp_id: z.uuid().nullable().describe('Карточка магазина; null — не связана'),
    product_id: z.uuid().nullable().describe('Складской товар; null — не связан'),
    books: z
      .enum(orderLineBooks)
      .describe(
        'unlinked — не связан с товаром; reserved — единицы в резерве; sold — продано; released — резерв снят (отмена до передачи); waiting_stock — передан, но на складе не хватает shortage единиц; skipped — учёт не трогает',
      ),
    reserve_id: z.uuid().nullable(),
    realization_id: z.uuid().nullable(),
    shortage: z.number().int().describe('Сколько единиц не хватило при передаче (books = waiting_stock)'),
    version: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'OrderLine' });

export const orderToWire = (row: typeof orders.$inferSelect): z.infer<typeof orderSchema> => ({
  id: row.id,
  store_id: row.storeId,
  marketplace: row.marketplace,
  posting_number: row.postingNumber,
  status: row.status,
  stage: row.stage,
  ordered_at: iso(row.orderedAt),
  changed_at: row.changedAt.toISOString(),
  shipped_at: iso(row.shippedAt),
  cancelled_after_handover: row.cancelledAfterHandover,
  before_intake: row.beforeIntake,
  problem: row.problem,
  assembled_at: iso(row.assembledAt),
  assembly_error: row.assemblyError,
  assembly_state: assemblyStateOf(row.assembly),
  label_ready: row.labelKey !== null,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

export const orderLineToWire = (row: typeof orderLines.$inferSelect): z.infer<typeof orderLineSchema> => ({
  id: row.id,
  order_id: row.orderId,
  line_key: row.lineKey,
  offer_id: row.offerId,
  external_product_id: row.externalProductId,
  name: row.name,
  quantity: row.quantity,
  price: row.price,
  product_mp_id: row.productMpId,
  product_id: row.productId,
  books: row.books,
  reserve_id: row.reserveId,
  realization_id: row.realizationId,
  shortage: row.shortage,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

export const orderWithLinesSchema = orderSchema
  .extend({ lines: z.array(orderLineSchema) })
  .meta({ id: 'OrderWithLines' });

export const ordersQuery = z.object({
  store_id: z.uuid().optional().describe('Только заказы этого магазина (markets.id)'),
  stage: z
    .enum([...orderStages, 'shipped', 'all'])
    .default('all')
    .describe('Этап; shipped — переданные (awaiting_deliver, delivering, delivered); all — все'),
  search: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\0]*$/, 'недопустимый символ')
    .default('')
    .describe('Подстрока номера отправления, артикула или названия позиции'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export const ordersPage = z
  .object({ count: z.number().int(), results: z.array(orderWithLinesSchema) })
  .meta({ id: 'OrdersPage' });

export const orderLinkBody = z
  .strictObject({
    store_id: z.uuid().describe('Магазин, в заказах которого встретился артикул'),
    offer_id: z.string().trim().min(1).max(200).describe('Артикул продавца из заказа'),
    product_id: z.uuid().describe('Складской товар, с которым связать артикул'),
  })
  .meta({ id: 'OrderLink' });

export const intakeStateSchema = z
  .object({
    store_id: z.uuid(),
    order_intake: z.boolean(),
    order_intake_interval: z.number().int(),
    error: z.string().nullable(),
    last_run_at: z.string().nullable().describe('Когда заказы магазина читались последний раз'),
    last_ok_at: z.string().nullable().describe('Когда последний раз прочитаны без ошибки'),
    next_run_at: z.string().nullable(),
  })
  .meta({ id: 'OrderIntakeState' });

export const intakeRunBody = z.strictObject({ store_id: z.uuid() });
