import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params.ts';

const present = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false' && v !== 0 && v !== '0';

/**
 * /product/{id}/inventory/new?backToInventoryList: present (any value but false/0) means «back
 * to /inventory afterwards» (docs/screens.md «Адреса»).
 */
export const receiveSearchSchema = searchSchema({
  backToInventoryList: searchField<unknown, boolean>(present),
});
export type ReceiveSearch = SearchOf<typeof receiveSearchSchema>;
