import { z } from 'zod';
import { isDateInRange } from './dates.ts';

/*
 * The query parameters the list screens share (docs/screens.md «Адреса»). A shared or hand-edited
 * address may hold anything: junk falls back to the default instead of failing the route.
 */

export const pageParam = z.coerce.number().int().min(1).catch(1).default(1);
export const searchParam = z.string().max(200).catch('').default('');
/** A YYYY-MM-DD day inside the pickers' range, or '' (no bound). */
export const dayParam = z
  .string()
  .refine((v) => v === '' || isDateInRange(v))
  .catch('')
  .default('');
