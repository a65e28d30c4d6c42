import { loadSessionCode } from './session-code.ts';

/** «Выйти»: the session ends and nothing of this user stays on the device. */
export async function logOut(): Promise<void> {
  await (await loadSessionCode()).logout();
}
