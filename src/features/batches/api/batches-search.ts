import { dayParam, pageParam, searchField, searchSchema, type SearchOf } from '../../../lib/search-params.ts';
import { memberParam } from '../../../ui/members.tsx';

/** true/false, also as text from a hand-typed address; anything else is "not set". */
const flag = searchField<boolean | 'true' | 'false', boolean | undefined>((v) =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined,
);

/**
 * /inventory/batches query (docs/screens.md «Адреса»): is_return=true — returns, is_other=true — write-offs and
 * other realizations, both false — purchases; neither given — the user is asked which; member — the documents one
 * member made.
 */
export const batchesSearchSchema = searchSchema({
  is_return: flag,
  is_other: flag,
  date_start: dayParam,
  date_end: dayParam,
  member: memberParam,
  page: pageParam,
});
export type BatchesSearch = SearchOf<typeof batchesSearchSchema>;

export type BatchMode = 'purchase' | 'return' | 'other';
export const modeOf = (s: Pick<BatchesSearch, 'is_return' | 'is_other'>): BatchMode =>
  s.is_return ? 'return' : s.is_other ? 'other' : 'purchase';
export const modeChosen = (s: Pick<BatchesSearch, 'is_return' | 'is_other'>) =>
  s.is_return !== undefined || s.is_other !== undefined;
export const searchOfMode = (mode: BatchMode) => ({ is_return: mode === 'return', is_other: mode === 'other' });
