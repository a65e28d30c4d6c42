import { z } from 'zod';
import { isDateInRange } from '../../../lib/dates.ts';

/** true/false, also as text from a hand-typed address; anything else is "not set". */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .catch(undefined);

const day = z
  .string()
  .refine((v) => v === '' || isDateInRange(v))
  .catch('')
  .default('');

/**
 * /inventory/batches query (docs/screens.md «Адреса»): is_return=true — returns, is_other=true — write-offs and
 * other realizations, both false — purchases; neither given — the user is asked which.
 */
export const batchesSearchSchema = z.object({
  is_return: flag,
  is_other: flag,
  date_start: day,
  date_end: day,
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type BatchesSearch = z.infer<typeof batchesSearchSchema>;

export type BatchMode = 'purchase' | 'return' | 'other';
export const modeOf = (s: Pick<BatchesSearch, 'is_return' | 'is_other'>): BatchMode => (s.is_return ? 'return' : s.is_other ? 'other' : 'purchase');
export const modeChosen = (s: Pick<BatchesSearch, 'is_return' | 'is_other'>) => s.is_return !== undefined || s.is_other !== undefined;
export const searchOfMode = (mode: BatchMode) => ({ is_return: mode === 'return', is_other: mode === 'other' });
