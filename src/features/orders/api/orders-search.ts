import { oneOf, pageParam, searchField, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';
import { stageTabs } from './order-types.ts';

/** A store id (markets.id) as the address may hold it; anything else is «every store». */
const storeParam = searchField<string | undefined, string | undefined>((value) =>
  typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined,
);

/**
 * /orders query: `store` (absent — every store), `stage` (the tab; «Ждут сборки» by default), `q` (posting number,
 * article, product or line name) and the page; junk falls back to the defaults.
 */
export const ordersSearchSchema = searchSchema({
  store: storeParam,
  stage: oneOf(stageTabs, 'awaiting_packaging'),
  q: searchParam,
  page: pageParam,
});
export type OrdersSearch = SearchOf<typeof ordersSearchSchema>;

/** /orders/pick-list query: the store of /orders it was opened from, if one was chosen. */
export const pickListSearchSchema = searchSchema({ store: storeParam });
export type PickListSearch = SearchOf<typeof pickListSearchSchema>;
