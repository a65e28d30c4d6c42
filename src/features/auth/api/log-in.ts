import type { SessionResult } from '../../../sync/session.ts';
import { loadSessionCode, unreachable } from './session-code.ts';

/** «Войти»: the server checks the pair; on success the device keeps the session's tokens. */
export async function logIn(loginName: string, password: string): Promise<SessionResult> {
  const session = await loadSessionCode().catch(() => null);
  return session ? session.login(loginName, password) : unreachable;
}
