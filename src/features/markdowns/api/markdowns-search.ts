import { z } from 'zod';

/** /markdown query: page, search, and show = unsold (default) | all. Junk falls back to defaults. */
export const markdownsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  search: z.string().max(200).catch('').default(''),
  show: z.enum(['unsold', 'all']).catch('unsold').default('unsold'),
});
export type MarkdownsSearch = z.infer<typeof markdownsSearchSchema>;
