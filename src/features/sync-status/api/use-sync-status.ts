import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { db, type OutboxEntry } from '../../../db/database.ts';
import { countUnsent } from '../../../sync/outbox.ts';

export interface SyncStatus {
  online: boolean;
  unsent: number;
  rejected: OutboxEntry[];
  lastSyncAt: number | null;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** What the header's sync indicator shows, live from the outbox and the sync bookkeeping. */
export function useSyncStatus(): SyncStatus {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const unsent = useLiveQuery(() => countUnsent(), [], 0);
  // A row written by another entry's call (a batch line) is refused with that call: listed once, as the call.
  const rejected = useLiveQuery(
    () =>
      db.outbox
        .where('status')
        .equals('rejected')
        .filter((e) => !e.carrier)
        .sortBy('seq'),
    [],
    [],
  );
  const lastSyncAt = useLiveQuery(async () => ((await db.meta.get('last_sync_at'))?.value as number | undefined) ?? null, [], null);
  return { online, unsent, rejected, lastSyncAt };
}
