import { z } from 'zod';
import { pageParam, searchParam } from '../../../lib/search-params.ts';
import { sufficiencyFilters } from './shipping-rows.ts';

/** /shipping-delivery query: the sufficiency filter (enough, not_enough, all), search and page; junk falls back to defaults. */
export const shippingSearchSchema = z.object({
  sufficiency: z.enum(sufficiencyFilters).catch('all').default('all'),
  search: searchParam,
  page: pageParam,
});
export type ShippingSearch = z.infer<typeof shippingSearchSchema>;
