import { useLiveQuery } from 'dexie-react-hooks';
import { countUnsent } from '../../../sync/outbox.ts';

export { countUnsent };

/** Edits not on the server yet: signing out would lose them. */
export function useUnsentCount(): number {
  return useLiveQuery(() => countUnsent(), [], 0);
}
