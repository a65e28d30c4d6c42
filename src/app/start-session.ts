import { loadCurrentUser } from '../sync/session.ts';
import { startSync } from '../sync/sync-engine.ts';

/** While the signed-in frame is shown: who the user is, and sync with the live channel. Answers the stop. */
export function startSession(): () => void {
  void loadCurrentUser();
  return startSync();
}
