import { z } from 'zod';
import { pageParam, searchParam } from '../../../lib/search-params.ts';

/** /markdown query: page, search, and show = unsold (default) | all. Junk falls back to defaults. */
export const markdownsSearchSchema = z.object({
  page: pageParam,
  search: searchParam,
  show: z.enum(['unsold', 'all']).catch('unsold').default('unsold'),
});
export type MarkdownsSearch = z.infer<typeof markdownsSearchSchema>;
