import { useLiveQuery } from 'dexie-react-hooks';
import { useOnline } from '../../../lib/use-online.ts';
import { db } from '../../../db/database.ts';
import { countUnsent } from '../../../sync/unsent-count.ts';

export interface SyncStatus {
  online: boolean;
  unsent: number;
  lastSyncAt: number | null;
}

/**
 * What the header's sync indicator shows, live from the outbox and the sync bookkeeping (refused edits:
 * ./refused-edits.ts).
 */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const unsent = useLiveQuery(() => countUnsent(), [], 0);
  const lastSyncAt = useLiveQuery(
    async () => ((await db.meta.get('last_sync_at'))?.value as number | undefined) ?? null,
    [],
    null,
  );
  return { online, unsent, lastSyncAt };
}
