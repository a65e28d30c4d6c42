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

/**
 * The body of a list delete: clients send the list of ids itself (docs/architecture.md «Контракт»); the
 * object form `{ [key]: [...] }` keeps working for existing callers. Either way the handler gets the list.
 */
export function listDeleteBody<K extends string, T extends z.ZodType>(key: K, item: T, what: string, rules: string) {
  const list = z.array(item).min(1).max(500).describe(what);
  return z
    .union([list, z.strictObject({ [key]: list } as Record<K, typeof list>)], {
      error: `ожидался список (${what}) или объект { ${key}: [...] }`,
    })
    .describe(`Список или { ${key}: [...] }. ${rules}`)
    .transform((body) => (Array.isArray(body) ? body : (body as Record<K, z.output<typeof list>>)[key]));
}

/**
 * Fields the server owns (ids it derives, versions, timestamps, computed figures) as its answers
 * carry them: a client may send a row back as it got it; these values are accepted and ignored.
 * Any other unknown field is still refused (strict objects).
 */
export function serverOwned<K extends string>(keys: readonly K[], why = 'задаёт сервер') {
  return Object.fromEntries(
    keys.map((key) => [key, z.unknown().optional().describe(`Игнорируется: ${why}`)]),
  ) as Record<K, z.ZodOptional<z.ZodUnknown>>;
}
