import { authoredHere } from '../../../sync/authorship.ts';
import { businessIdFromToken } from '../../../sync/tokens.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import type { Count } from './types.ts';

export interface NewCount {
  name: string;
  scope: 'all' | 'selection';
  productIds: string[];
}

/** «Новая инвентаризация»: made on the device (its id too) and queued, so it opens offline at once. Answers its id. */
export async function createCount({ name, scope, productIds }: NewCount): Promise<string> {
  const id = crypto.randomUUID();
  const trimmed = name.trim();
  const body =
    scope === 'selection'
      ? { id, name: trimmed, scope, product_ids: productIds }
      : { id, name: trimmed, scope, product_ids: [] as string[] };
  const now = new Date().toISOString();
  const row: Count = {
    ...body,
    user_id: businessIdFromToken() ?? '',
    status: 'draft',
    posted_at: null,
    results: [],
    created_at: now,
    updated_at: now,
    version: 0,
    ...authoredHere(),
  };
  await queueCreate('counts', { ...row }, apiCall('POST', '/counts/', { body }));
  return id;
}
