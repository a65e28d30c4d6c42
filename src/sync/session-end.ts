import { db, type OstatokDatabase } from '../db/database.ts';
import { queueWritesSettled } from './outbox.ts';

/**
 * The server refused the refresh token: the session is really over. Whatever the user was typing
 * must not go with it. A table cell saves when it loses focus (src/ui/blur-field.tsx), so the
 * focused field is blurred and its save allowed to reach the outbox before the page is left; the
 * outbox stays on the device, and signing in again as the same user sends it (src/sync/session.ts).
 */
export async function saveEditsThenLeave(leave = () => location.assign('/auth?expired=1')): Promise<void> {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement) focused.blur();
  await queueWritesSettled();
  leave();
}

const REASON_KEY = 'session_end_reason';

/**
 * Why the server ended the sign-in when the owner did it (a removal from the team, a new role): shown on the
 * sign-in screen the app lands on, so the person is told, not just signed out.
 */
export function rememberSessionEnd(problem: { code?: unknown; detail?: unknown } | null): void {
  if ((problem?.code === 'member_removed' || problem?.code === 'role_changed') && typeof problem.detail === 'string')
    localStorage.setItem(REASON_KEY, problem.detail);
}

export const sessionEndReason = (): string | null => localStorage.getItem(REASON_KEY);

export const forgetSessionEnd = (): void => localStorage.removeItem(REASON_KEY);

/** What the device keeps of the session itself: who signed in, and to which business (./session.ts). */
const SESSION_META = new Set(['user_id', 'person_id', 'business']);

/**
 * Removed from the team: the device forgets the team's data at this first contact, not at the next sign-in.
 * Only the edits still queued stay (the next sign-in keeps them as refused, naming the team: ./session.ts) and
 * who was signed in, which that needs.
 */
export async function forgetTeamData(database: OstatokDatabase = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    for (const table of database.tables) {
      if (table.name === database.outbox.name) continue;
      if (table.name === database.meta.name)
        await table
          .where('key')
          .noneOf([...SESSION_META])
          .delete();
      else await table.clear();
    }
  });
}
