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
    const batch = (await db.mirrored('batches').get(batchId)) as unknown as Batch | undefined;
    if (!batch) return null;
    const [rows, lots] = await Promise.all([
      db.mirrored('other_realizations').where('batch_id').equals(batchId).toArray() as unknown as Promise<OtherRealization[]>,
      db.mirrored('lots').where('batch_id').equals(batchId)
        .primaryKeys(),
    ]);
    return { batch, rows, lotIds: lots.map(String) };
  }, [batchId]);
}
