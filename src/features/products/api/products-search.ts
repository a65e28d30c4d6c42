import {
  integerParam,
  oneOf,
  pageParam,
  searchParam,
  searchSchema,
  type SearchOf,
} from '../../../lib/search-params.ts';

/**
 * /products query: page, search, order_by (defaults page 1, order by name: docs/screens.md «Форматы и постоянные»).
 * Anything
 * malformed in a shared or hand-edited address falls back to the default instead of failing.
 */
export const productsSearchSchema = searchSchema({
  page: pageParam,
  search: searchParam,
  order_by: oneOf(['name', '-name', 'count', '-count'], 'name'),
});
export type ProductsSearch = SearchOf<typeof productsSearchSchema>;

/** /product/{id}?td=N: the starting tab, 0–7, and 8 for the stock history (docs/screens.md «Адреса»). */
export const productSearchSchema = searchSchema({
  td: integerParam(0, 8, 0),
});
export type ProductSearch = SearchOf<typeof productSearchSchema>;
