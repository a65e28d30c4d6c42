import { z } from 'zod';
import { mirroredTableNames } from '../sync/tables.ts';

/** The device's history window (docs/sync-protocol.md «Окно истории»); without it, the whole history. */
const historyFrom = z.iso
  .datetime({ offset: true, error: 'history_from — дата и время ISO 8601, например 2026-01-05T00:00:00Z' })
  .transform((s) => new Date(s))
  .optional()
  .describe(
    'Начало окна истории устройства: строки продаж (realizations, по datetime) и движений (stock_movements, по created_at) раньше него не приходят, если не изменены после него',
  );

export const pullQuery = z.object({
  since: z.coerce.number().int().min(0).default(0).describe('Курсор: версия, после которой нужны изменения'),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  table: z
    .enum(mirroredTableNames, { error: `неизвестная таблица; допустимы: ${mirroredTableNames.join(', ')}` })
    .optional()
    .describe('Только эта таблица (например, чтобы загрузить её заново с since=0)'),
  format: z
    .enum(['rows', 'columns'], { error: 'неизвестный формат; допустимы: rows, columns' })
    .default('rows')
    .describe('rows — изменения списком (SyncPull); columns — по таблицам, имена полей один раз (SyncPullColumns)'),
  history_from: historyFrom,
});

export const digestQuery = z.object({ history_from: historyFrom });

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
        row: z
          .record(z.string(), z.unknown())
          .nullable()
          .describe('Строка в том же виде, что отвечает её REST-вызов; null для удалённой'),
      }),
    ),
  })
  .meta({ id: 'SyncPull' });

export const pullColumnsResponse = z
  .object({
    cursor: z.number().int().describe('Передайте как since в следующем запросе'),
    has_more: z.boolean(),
    tables: z.array(
      z.object({
        table: z.string(),
        columns: z.array(z.string()).describe('Поля строки после id и версии, по порядку её значений'),
        derived: z
          .array(z.enum(['id', '_id', 'version']))
          .describe('Поля, равные id изменения (id, _id) или его версии (version): в rows их нет'),
        rows: z
          .array(z.array(z.unknown()))
          .describe(
            '[id, version, …значения полей columns] и, если у строки есть поля сверх columns, последним — объект с ними',
          ),
        deleted: z.array(z.tuple([z.string(), z.number().int()])).describe('[id, version] удалённых строк'),
      }),
    ),
  })
  .meta({ id: 'SyncPullColumns' });

const tableDigest = z.object({
  count: z.number().int().describe('Число строк (без удалённых)'),
  max_version: z.number().int().describe('Наибольшая версия среди них; 0, если строк нет'),
  sum_version: z.string().regex(/^\d+$/).describe('Сумма их версий, десятичной строкой (может превысить 2^53)'),
});

export const digestResponse = z
  .object({
    cursor: z
      .number()
      .int()
      .describe(
        'Наибольшая версия пользователя по всем таблицам, удалённые строки тоже: устройство сверяется, только догнав её',
      ),
    tables: z.record(z.string(), tableDigest).describe('По каждой зеркалируемой таблице'),
  })
  .meta({ id: 'SyncDigest' });

export type TableDigest = z.infer<typeof tableDigest>;

const pushEntry = z.strictObject({
  id: z.string().min(1).max(200).describe('Идентификатор записи очереди: повтор с тем же id применяется один раз'),
  group: z
    .string()
    .max(200)
    .nullable()
    .optional()
    .describe('Записи одной группы применяются вместе или не применяются'),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .regex(/^\/api\/v1\//, 'путь должен начинаться с /api/v1/')
    .max(2000),
  body: z.unknown().optional(),
});

/** The client sends at most 200 entries a push; more than 500 is refused whole. */
export const pushBody = z
  .array(pushEntry)
  .min(1)
  .max(500, 'не больше 500 записей за раз')
  .meta({ id: 'SyncPushRequest' });

export const pushResponse = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        status: z
          .number()
          .int()
          .describe(
            'HTTP-статус записи; 424 — не применена из-за ошибки другой записи группы; 400 push_path_forbidden — путь не из списка изменений, которые можно ставить в очередь; 503 push_deadline — не успели применить, отправьте ещё раз',
          ),
        body: z.unknown(),
      }),
    ),
  })
  .meta({ id: 'SyncPushResult' });

export type PushEntry = z.infer<typeof pushEntry>;
