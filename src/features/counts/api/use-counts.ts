import { useLiveQuery } from 'dexie-react-hooks';
import { countsTable } from './count-tables.ts';
import type { Count } from './types.ts';

/** Every count on the device, newest first; undefined while loading. */
export function useCounts(): Count[] | undefined {
  return useLiveQuery(async () => {
    const rows = await countsTable().toArray();
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  }, []);
}
