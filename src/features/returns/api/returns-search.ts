import { oneOf, pageParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';
import { memberParam } from '../../../ui/members.tsx';

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

/** /returns query: page, status filter and member (one member's returns). Junk falls back to defaults. */
export const returnsSearchSchema = searchSchema({
  page: pageParam,
  status: oneOf(returnFilters, 'all'),
  member: memberParam,
});
export type ReturnsSearch = SearchOf<typeof returnsSearchSchema>;

/** /return/{return_id}/to/{to}: to_inventory receives, any other word disposes. */
export const isToInventory = (to: string) => to === 'to_inventory';

/** /return/{return_id}/to/{to} path parameters: any id text (an unknown one shows «not found»), `to` one word. */
export const returnToParamsSchema = {
  parse(raw: Record<string, string>): { returnId: string; to: string } {
    if (!raw.returnId) throw new Error('/return/{return_id}/to/{to}: no return id');
    return { returnId: raw.returnId, to: /^[A-Za-z0-9_-]+$/.test(raw.to ?? '') ? raw.to! : 'to_disposal' };
  },
};
