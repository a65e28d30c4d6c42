import type { SessionResult } from '../../../sync/session.ts';
import { loadSessionCode, unreachable } from './session-code.ts';

/** «Зарегистрироваться»: a new account, signed in at once; with an invitation's code, in the inviting team. */
export async function signUp(values: {
  login: string;
  password: string;
  first_name: string;
  last_name: string;
  invitation?: string;
}): Promise<SessionResult> {
  const session = await loadSessionCode().catch(() => null);
  return session ? session.signup(values) : unreachable;
}
