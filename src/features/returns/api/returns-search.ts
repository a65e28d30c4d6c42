import { z } from 'zod';

/** The status filter of /returns: all (but deleted), one status, or the deleted ones (to restore). */
export const returnFilters = ['all', 'ready', 'markdown', 'disposal', 'deleted'] as const;
export type ReturnFilter = (typeof returnFilters)[number];

export const filterLabels: Record<ReturnFilter, string> = {
  all: 'Все',
  ready: 'Готовые к продаже',
  markdown: 'Уценка',
  disposal: 'Списание',
  deleted: 'Удалённые',
};

/** /returns query: page and status filter. Junk falls back to defaults. */
export const returnsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  status: z.enum(returnFilters).catch('all').default('all'),
});
export type ReturnsSearch = z.infer<typeof returnsSearchSchema>;

/** /return/{return_id}/to/{to}: to_inventory receives, any other word disposes. */
export const isToInventory = (to: string) => to === 'to_inventory';

/** /return/{return_id}/to/{to} path parameters: any id text (an unknown one shows «not found»), `to` one word. */
export const returnToParamsSchema = z.object({
  returnId: z.string().min(1),
  to: z.string().regex(/^[A-Za-z0-9_-]+$/).catch('to_disposal'),
});
