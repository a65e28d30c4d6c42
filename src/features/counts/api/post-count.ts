import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxEntry } from '../../../db/database.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCall } from '../../../sync/outbox.ts';
import { serial } from '../../../stock/serial.ts';

/*
 * «Провести»: one queued call, POST counts/{id}/post/. The server books the differences and answers the posted
 * count, which replaces the device's row; until then the count is «Проводится…» and takes no more counting.
 */

const isPostOf = (countId: string) => (e: OutboxEntry) =>
  e.method === 'POST' && e.path.endsWith(`/counts/${encodeURIComponent(countId)}/post/`);

async function postEntries(countId: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[table+row_id]').equals(['counts', countId]).sortBy('seq');
  return entries.filter(isPostOf(countId));
}

/** Whether a post of the count waits in the queue or is on its way. */
export async function isPosting(countId: string): Promise<boolean> {
  return (await postEntries(countId)).some((e) => e.status === 'pending' || e.status === 'sending');
}

export interface PostState {
  posting: boolean;
  /** The server's reason when it refused the latest post (409 and the like), in Russian. */
  refused: string | null;
}

/** Live: whether the count is being posted, or why its last post was refused. */
export function usePostState(countId: string): PostState | undefined {
  return useLiveQuery(async () => {
    const entries = await postEntries(countId);
    const last = entries.at(-1);
    return {
      posting: entries.some((e) => e.status === 'pending' || e.status === 'sending'),
      refused: last?.status === 'rejected' ? (last.error ?? 'Сервер отказал') : null,
    };
  }, [countId]);
}

/** Queues the post; false when one is already waiting. */
export function postCount(countId: string): Promise<boolean> {
  return serial(async () => {
    if (await isPosting(countId)) return false;
    await queueCall('counts', countId, apiCall('POST', '/counts/{id}/post/', { params: { id: countId }, body: {} }));
    return true;
  });
}
