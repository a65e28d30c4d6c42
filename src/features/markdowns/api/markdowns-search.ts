import { oneOf, pageParam, searchParam, searchSchema, type SearchOf } from '../../../lib/search-params.ts';

/** /markdown query: page, search, and show = unsold (default) | all. Junk falls back to defaults. */
export const markdownsSearchSchema = searchSchema({
  page: pageParam,
  search: searchParam,
  show: oneOf(['unsold', 'all'], 'unsold'),
});
export type MarkdownsSearch = SearchOf<typeof markdownsSearchSchema>;
