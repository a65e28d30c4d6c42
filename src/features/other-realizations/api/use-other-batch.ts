import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import type { Batch, OtherRealization } from './types.ts';

export interface OtherBatch {
  batch: Batch;
  rows: OtherRealization[];
  /** Lots of the document, if any: kept as they are when it is updated. */
  lotIds: string[];
}

/** Live: undefined while loading, null when the device has no such batch. */
export function useOtherBatch(batchId: string): OtherBatch | null | undefined {
  return useLiveQuery(async () => {
    const batch = await db.rows('batches').get(batchId);
    if (!batch) return null;
    const [rows, lots] = await Promise.all([
      db.rows('other_realizations').where('batch_id').equals(batchId).toArray(),
      db.rows('lots').where('batch_id').equals(batchId).primaryKeys(),
    ]);
    return { batch, rows, lotIds: lots.map(String) };
  }, [batchId]);
}
