import { z } from 'zod';
import { dayParam, pageParam, searchParam } from '../../../lib/search-params.ts';

/** /inventory query: page, search and the receipt-date range (docs/screens.md «Адреса»). */
export const inventorySearchSchema = z.object({
  page: pageParam,
  search: searchParam,
  date_start: dayParam,
  date_end: dayParam,
});
export type InventorySearch = z.infer<typeof inventorySearchSchema>;
