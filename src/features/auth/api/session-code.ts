import type { SessionResult } from '../../../sync/session.ts';

/**
 * The session code (and the device database it reads and clears) loads when the user acts, not
 * with the form: a first visit paints the login screen without it. Typing starts the download.
 */
export const loadSessionCode = () => import('../../../sync/session.ts');

/** What a tap answers when the session code itself could not be fetched: no network on a first visit. */
export const unreachable: SessionResult = {
  ok: false,
  problem: { status: 0, code: 'offline', detail: 'Нет связи с сервером. Проверьте подключение.' },
};

/** The user is about to type: fetch the session code now, so the tap does not wait for it. */
export function prepareSession(): void {
  void loadSessionCode().catch(() => undefined);
}
