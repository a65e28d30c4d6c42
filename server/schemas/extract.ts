import { z } from 'zod';
import { jobStatuses, storeMarketplaces } from '../db/schema/index.ts';
import type { JobRow } from '../repositories/jobs.ts';

/** A store to load from, as the import calls name it. */
const storeToLoad = {
  marketplace: z.enum(storeMarketplaces).describe("OZON, WILDBERRIES или YM; магазины с '-' загружать неоткуда"),
  market_id: z.string().trim().min(1).max(100).describe('ID магазина, как в /api/v1/markets/'),
};

export const extractProductsBody = z
  .array(z.strictObject(storeToLoad))
  .min(1)
  .max(100)
  .meta({ id: 'ExtractProductsRequest' });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидалась дата ГГГГ-ММ-ДД')
  .refine((text) => {
    const at = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text && at.getUTCFullYear() >= 2000;
  }, 'такой даты нет (ожидалась дата ГГГГ-ММ-ДД не раньше 2000 года)');

/** POST /api/v1/extract/returns/: one store's returns of a period. */
export const extractReturnsBody = z
  .strictObject({
    ...storeToLoad,
    date_start: day.describe('Начало периода, ГГГГ-ММ-ДД, включительно'),
    date_end: day.describe('Конец периода, ГГГГ-ММ-ДД, включительно'),
  })
  .meta({ id: 'ExtractReturnsRequest' });

export const extractProductsResponse = z
  .object({
    job_ids: z
      .array(z.uuid())
      .describe('По задаче на магазин, в порядке запроса (повторы одного магазина — одна задача)'),
    jobs: z.array(z.object({ job_id: z.uuid(), marketplace: z.string(), market_id: z.string() })),
  })
  .meta({ id: 'ExtractProductsAccepted' });

export const jobIdParams = z.object({ id: z.uuid() });

export const jobSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    status: z.enum(jobStatuses),
    progress: z.number().int().describe('0–100'),
    attempts: z.number().int(),
    result: z.unknown().describe('Итог задачи; у загрузки каталога — store, offers, added, updated'),
    error: z.string().nullable().describe('Сообщение последней ошибки, по-русски, если она от маркетплейса'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Job' });

export function jobToWire(row: JobRow): z.infer<typeof jobSchema> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    result: row.result ?? null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
