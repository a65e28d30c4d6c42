import { z } from 'zod';

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().describe('Сообщение для пользователя, по-русски'),
    code: z.string().describe('Стабильный код ошибки для программ'),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });

/** Problem responses for OpenAPI: each route lists the statuses it can answer besides success. */
export const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, problemSchema])) as Record<number, typeof problemSchema>;

export const uuid = () => z.uuid();
export const isoDate = (d: Date) => d.toISOString();
export const bearer = [{ bearer: [] }];
