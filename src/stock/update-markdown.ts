import { queueDelete, queueUpdate } from '../sync/outbox.ts';
import { checkPrice, type Check } from './rules.ts';
import { serial } from './serial.ts';
import type { Markdown } from './types.ts';
import { apiCall } from '../sync/contract.ts';

export type MarkdownFields = Partial<Pick<Markdown, 'price' | 'markdown_price' | 'description' | 'release'>>;

const priceLabels = [
  ['price', 'Цена'],
  ['markdown_price', 'Цена уценки'],
] as const;

/**
 * PATCH /api/v1/markdowns/{id}/ with the changed fields. `release` is not a create field: it gets
 * its own entry rather than folding into a create still waiting (the server would ignore it there).
 */
export function updateMarkdown(row: Markdown, fields: MarkdownFields): Promise<Check> {
  return serial(async () => {
    for (const [name, label] of priceLabels) {
      const value = fields[name];
      if (value === undefined) continue;
      const check = checkPrice(value, label);
      if (!check.ok) return check;
    }
    const body = Object.fromEntries(
      Object.entries(fields).filter(([k, v]) => v !== undefined && v !== row[k as keyof Markdown]),
    );
    if (Object.keys(body).length === 0) return { ok: true };
    const group = 'release' in body ? crypto.randomUUID() : null;
    await queueUpdate('markdowns', row.id, body, {
      ...apiCall('PATCH', '/markdowns/{id}/', { params: { id: row.id }, body }),
      group,
    });
    return { ok: true };
  });
}

export const deleteMarkdown = (row: Pick<Markdown, 'id'>) =>
  serial(() => queueDelete('markdowns', row.id, apiCall('DELETE', '/markdowns/{id}/', { params: { id: row.id } })));
