import { z } from 'zod';
import { jobStatuses, storeMarketplaces } from '../db/schema/index.ts';
import type { StockPushLogRow, StockPushRun } from '../repositories/stock-push.ts';
import type { StorePreview } from '../stock-push/preview.ts';

/** The marketplace's own refusal, its code and text as it answered; the Russian explanation is `error`. */
const marketplaceError = z
  .string()
  .nullable()
  .describe('Ответ маркетплейса как есть (код и текст, обычно по-английски); null — маркетплейс не отказывал');

const marketId = z.string().trim().min(1).max(100).describe('ID магазина, как в /api/v1/markets/');

export const stockPushPreviewQuery = z.strictObject({
  market_id: marketId.optional().describe('Только этот магазин; без него — все подключённые'),
});

const previewItem = z.object({
  product_mp_id: z.uuid(),
  product_id: z.uuid(),
  name: z.string(),
  offer_id: z.string().describe('Артикул в магазине'),
  on_hand: z.number().int().describe('Остаток на складе'),
  reserved: z.number().int().describe('В активных резервах'),
  awaiting_packaging: z.number().int().describe('Ждёт сборки по всем карточкам товара'),
  available: z.number().int().describe('Будет передано: остаток − резервы − ждёт сборки, не меньше 0'),
  marketplace_stock: z
    .number()
    .int()
    .nullable()
    .describe('Остаток на складе маркетплейса сейчас; null — маркетплейс не сообщил'),
  change: z.number().int().nullable().describe('available − marketplace_stock; null, если текущий остаток неизвестен'),
});

export const stockPushPreviewSchema = z
  .object({
    stores: z.array(
      z.object({
        market_id: z.string(),
        name: z.string(),
        marketplace: z.enum(storeMarketplaces),
        warehouse: z
          .object({ id: z.string(), name: z.string() })
          .nullable()
          .describe('Куда пойдут остатки; null — маркетплейс не ответил'),
        error: z
          .string()
          .nullable()
          .describe('Почему маркетплейс не удалось спросить (ключ, склад): что это значит и что делать, по-русски'),
        marketplace_error: marketplaceError,
        items: z.array(previewItem),
      }),
    ),
  })
  .meta({ id: 'StockPushPreview' });

export const stockPushStartBody = z
  .strictObject({
    market_ids: z.array(marketId).min(1).max(100).optional().describe('Магазины; без поля — все подключённые'),
  })
  .meta({ id: 'StockPushStart' });

export const stockPushStarted = z.object({ job_id: z.uuid() }).meta({ id: 'StockPushStarted' });

export const stockPushLogQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Сколько последних передач, 1–100'),
});

export const stockPushJobParams = z.object({ job_id: z.uuid() });

/** One store's outcome of a push, as the job stores it in its result and the log answers it. */
export const stockPushStoreResult = z.object({
  market_id: z.string(),
  marketplace: z.string(),
  name: z.string(),
  warehouse: z.string().nullable(),
  sent: z.number().int(),
  failed: z.number().int(),
  error: z
    .string()
    .nullable()
    .describe('Почему магазин не принял остатки целиком (ключ, склад): что это значит и что делать, по-русски'),
  marketplace_error: marketplaceError,
});

const runSchema = z.object({
  job_id: z.uuid(),
  status: z.enum(jobStatuses),
  progress: z.number().int(),
  trigger: z.enum(['manual', 'auto']).describe('manual — кнопкой «Отправить», auto — автоматически после изменений'),
  created_at: z.string(),
  updated_at: z.string(),
  error: z.string().nullable().describe('Почему задача не выполнена, по-русски'),
  sent: z.number().int().describe('Принято маркетплейсами'),
  failed: z.number().int().describe('Не принято: причины — в items'),
  stores: z.array(stockPushStoreResult).describe('По магазину; пусто, пока задача не закончилась'),
});

export const stockPushRunsSchema = z.object({ runs: z.array(runSchema) }).meta({ id: 'StockPushRuns' });

export const stockPushRunSchema = runSchema
  .extend({
    items: z.array(
      z.object({
        market_id: z.string(),
        marketplace: z.string(),
        store_name: z.string(),
        warehouse_id: z.string().nullable(),
        product_mp_id: z.uuid(),
        product_id: z.uuid().nullable(),
        offer_id: z.string(),
        name: z.string(),
        quantity: z.number().int().describe('Отправленное количество'),
        ok: z.boolean(),
        error: z
          .string()
          .nullable()
          .describe('Почему товар не принят: что это значит и что делать, по-русски; null — принят'),
        marketplace_error: marketplaceError,
        sent_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'StockPushRun' });

export const stockPushSettingsSchema = z.object({ auto_push: z.boolean() }).meta({ id: 'StockPushSettings' });

export const stockPushSettingsBody = z
  .strictObject({ auto_push: z.boolean().describe('Передавать остатки автоматически после изменений') })
  .meta({ id: 'StockPushSettingsUpdate' });

export function previewToWire(previews: StorePreview[]): z.infer<typeof stockPushPreviewSchema> {
  return {
    stores: previews.map((p) => ({
      market_id: p.store.marketId,
      name: p.store.name,
      marketplace: p.store.marketplace,
      warehouse: p.warehouse,
      error: p.error,
      marketplace_error: p.marketplaceError,
      items: p.listings.map((l) => ({
        product_mp_id: l.productMpId,
        product_id: l.productId,
        name: l.name,
        offer_id: l.offerId,
        on_hand: l.onHand,
        reserved: l.reserved,
        awaiting_packaging: l.awaitingPackaging,
        available: l.available,
        marketplace_stock: l.current,
        change: l.current === null ? null : l.available - l.current,
      })),
    })),
  };
}

export function runToWire(run: StockPushRun): z.infer<typeof runSchema> {
  type Store = z.infer<typeof stockPushStoreResult>;
  // Runs finished before marketplace_error existed have stores without it.
  const stores = (
    (run.result as { stores?: Array<Omit<Store, 'marketplace_error'> & Partial<Store>> } | null)?.stores ?? []
  ).map((s) => ({ ...s, marketplace_error: s.marketplace_error ?? null }));
  return {
    job_id: run.jobId,
    status: run.status as z.infer<typeof runSchema>['status'],
    progress: run.progress,
    trigger: run.trigger === 'auto' ? 'auto' : 'manual',
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
    error: run.error,
    sent: run.sent,
    failed: run.failed,
    stores,
  };
}

export function logItemToWire(row: StockPushLogRow): z.infer<typeof stockPushRunSchema>['items'][number] {
  return {
    market_id: row.marketId,
    marketplace: row.marketplace,
    store_name: row.storeName,
    warehouse_id: row.warehouseId,
    product_mp_id: row.productMpId,
    product_id: row.productId,
    offer_id: row.offerId,
    name: row.name,
    quantity: row.quantity,
    ok: row.ok,
    error: row.error,
    marketplace_error: row.marketplaceError,
    sent_at: row.sentAt.toISOString(),
  };
}
