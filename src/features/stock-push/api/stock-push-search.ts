import { searchField, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';

/** «Только изменения»: on unless the address says false (a hand-typed address may say anything). */
const onlyChanges = searchField<boolean | 'true' | 'false', boolean>((v) => !(v === false || v === 'false'));

/** /stock-push query: the search (name or article) and «Только изменения»; junk falls back to defaults. */
export const stockPushSearchSchema = searchSchema({
  search: searchParam,
  only_changes: onlyChanges,
});
export type StockPushSearch = SearchOf<typeof stockPushSearchSchema>;
