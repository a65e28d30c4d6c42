import { z } from 'zod';

export const pullQuery = z.object({
  since: z.coerce.number().int().min(0).default(0).describe('Курсор: версия, после которой нужны изменения'),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const pullResponse = z
  .object({
    cursor: z.number().int().describe('Передайте как since в следующем запросе'),
    has_more: z.boolean(),
    changes: z.array(
      z.object({
        table: z.string(),
        id: z.string(),
        version: z.number().int(),
        deleted: z.boolean(),
        row: z.record(z.string(), z.unknown()).nullable().describe('Строка в том же виде, что отвечает её REST-вызов; null для удалённой'),
      }),
    ),
  })
  .meta({ id: 'SyncPull' });

const pushEntry = z.strictObject({
  id: z.string().min(1).max(200).describe('Идентификатор записи очереди: повтор с тем же id применяется один раз'),
  group: z.string().max(200).nullable().optional().describe('Записи одной группы применяются вместе или не применяются'),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().regex(/^\/api\/v1\//, 'путь должен начинаться с /api/v1/').max(2000),
  body: z.unknown().optional(),
});

export const pushBody = z.array(pushEntry).min(1).max(1000).meta({ id: 'SyncPushRequest' });

export const pushResponse = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        status: z.number().int().describe('HTTP-статус записи; 424 — не применена из-за ошибки другой записи группы'),
        body: z.unknown(),
      }),
    ),
  })
  .meta({ id: 'SyncPushResult' });

export type PushEntry = z.infer<typeof pushEntry>;
