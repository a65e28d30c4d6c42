import { oneOf, pageParam, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';
import { memberParam } from '../../../ui/members.tsx';

/**
 * /markdown query: page, search, show = unsold (default) | all, and member — one member's markdowns. Junk falls back
 * to defaults.
 */
export const markdownsSearchSchema = searchSchema({
  page: pageParam,
  search: searchParam,
  show: oneOf(['unsold', 'all'], 'unsold'),
  member: memberParam,
});
export type MarkdownsSearch = SearchOf<typeof markdownsSearchSchema>;
