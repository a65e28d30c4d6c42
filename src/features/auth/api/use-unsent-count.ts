import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';

/** Edits not on the server yet: signing out would lose them. */
export const countUnsent = (): Promise<number> => db.outbox.where('status').anyOf('pending', 'sending').count();

export function useUnsentCount(): number {
  return useLiveQuery(countUnsent, [], 0);
}
