import { oneOf, pageParam, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';
import { sufficiencyFilters } from './shipping-rows.ts';

/**
 * /shipping-delivery query: the sufficiency filter (enough, not_enough, all), search and page; junk falls back to
 * defaults.
 */
export const shippingSearchSchema = searchSchema({
  sufficiency: oneOf(sufficiencyFilters, 'all'),
  search: searchParam,
  page: pageParam,
});
export type ShippingSearch = SearchOf<typeof shippingSearchSchema>;
