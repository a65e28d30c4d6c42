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
