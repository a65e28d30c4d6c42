import { dayParam, pageParam, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';

/** /inventory query: page, search and the receipt-date range (docs/screens.md «Адреса»). */
export const inventorySearchSchema = searchSchema({
  page: pageParam,
  search: searchParam,
  date_start: dayParam,
  date_end: dayParam,
});
export type InventorySearch = SearchOf<typeof inventorySearchSchema>;
