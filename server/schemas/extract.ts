import { z } from 'zod';
import { jobStatuses, storeMarketplaces } from '../db/schema/index.ts';
import type { JobRow } from '../repositories/jobs.ts';

export const extractProductsBody = z
  .array(
    z.strictObject({
      marketplace: z.enum(storeMarketplaces).describe("OZON, WILDBERRIES или YM; магазины с '-' загружать неоткуда"),
      market_id: z.string().trim().min(1).max(100).describe('ID магазина, как в /api/v1/markets/'),
    }),
  )
  .min(1)
  .max(100)
  .meta({ id: 'ExtractProductsRequest' });

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
