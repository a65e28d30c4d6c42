import { useEffect, useState } from 'react';
import { localDatabaseExists } from '../../../db/local-database-exists.ts';

/*
 * The count needs the device database, and so Dexie and the outbox code. A device that has never
 * signed in has no database and nothing unsent: the login form then paints without that code.
 */
const loadOutbox = () => import('../../../sync/unsent-count.ts');

/** Edits not on the server yet, read at the moment of asking. */
export async function countUnsent(): Promise<number> {
  if (!(await localDatabaseExists())) return 0;
  return (await loadOutbox()).countUnsent();
}

/** Edits not on the server yet, kept current: signing out would lose them. */
export function useUnsentCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void (async () => {
      if (!(await localDatabaseExists())) return;
      const [{ liveQuery }, outbox] = await Promise.all([import('dexie'), loadOutbox()]);
      if (stopped) return;
      subscription = liveQuery(() => outbox.countUnsent()).subscribe({ next: setCount, error: () => setCount(0) });
    })();
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return count;
}
