import { z } from 'zod';

const present = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false' && v !== 0 && v !== '0';

/**
 * /product/{id}/inventory/new?backToInventoryList: present (any value but false/0) means «back
 * to /inventory afterwards» (docs/screens.md «Адреса»).
 */
export const receiveSearchSchema = z.object({
  backToInventoryList: z.unknown().optional().transform(present).catch(false),
});
export type ReceiveSearch = z.infer<typeof receiveSearchSchema>;
