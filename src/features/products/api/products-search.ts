import { z } from 'zod';
import { pageParam, searchParam } from '../../../lib/search-params.ts';

/**
 * /products query: page, search, order_by (defaults page 1, order by name: docs/screens.md «Форматы и постоянные»). Anything
 * malformed in a shared or hand-edited address falls back to the default instead of failing.
 */
export const productsSearchSchema = z.object({
  page: pageParam,
  search: searchParam,
  order_by: z.enum(['name', '-name', 'count', '-count']).catch('name').default('name'),
});
export type ProductsSearch = z.infer<typeof productsSearchSchema>;

/** /product/{id}?td=N: the starting tab, 0–7, and 8 for the stock history (docs/screens.md «Адреса»). */
export const productSearchSchema = z.object({
  td: z.coerce.number().int().min(0).max(8).catch(0).default(0),
});
export type ProductSearch = z.infer<typeof productSearchSchema>;
