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
