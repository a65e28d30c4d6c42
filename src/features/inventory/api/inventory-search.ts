import { z } from 'zod';
import { isDateInRange } from '../../../lib/dates.ts';

/** A YYYY-MM-DD day inside the pickers' range, or '' (no bound); junk in the address becomes ''. */
const day = z
  .string()
  .refine((v) => v === '' || isDateInRange(v))
  .catch('')
  .default('');

/** /inventory query: page, search and the receipt-date range (docs/screens.md «Адреса»). */
export const inventorySearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  search: z.string().max(200).catch('').default(''),
  date_start: day,
  date_end: day,
});
export type InventorySearch = z.infer<typeof inventorySearchSchema>;
