import { queueUpdate } from '../../../sync/outbox.ts';
import type { Markdown } from './types.ts';

export type MarkdownFields = Partial<Pick<Markdown, 'price' | 'markdown_price' | 'description' | 'release'>>;

/**
 * PATCH /api/v1/markdowns/{id}/ with the fields that changed. Prices must be numbers ≥ 0. A
 * `release` change gets its own entry: it must not fold into a create still waiting, which has no
 * such field on the server.
 */
export async function updateMarkdown(row: Markdown, fields: MarkdownFields): Promise<{ ok: true } | { ok: false; error: string }> {
  for (const name of ['price', 'markdown_price'] as const) {
    const v = fields[name];
    if (v !== undefined && (!Number.isFinite(v) || v < 0))
      return { ok: false, error: `${name === 'price' ? 'Себестоимость' : 'Цена уценки'}: укажите число не меньше 0` };
  }
  const body = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && v !== row[k as keyof Markdown]));
  if (Object.keys(body).length === 0) return { ok: true };
  const group = 'release' in body ? crypto.randomUUID() : null;
  await queueUpdate('markdowns', row.id, body, { method: 'PATCH', path: `/api/v1/markdowns/${row.id}/`, body, group });
  return { ok: true };
}
