import type { SessionResult } from '../../../sync/session.ts';
import { unreachable } from './session-code.ts';

/**
 * Joining the team of an invitation once signed in (/join, «У меня уже есть аккаунт»). The team's code loads when it
 * is needed, not with the login form.
 */
export async function joinTeam(code: string): Promise<SessionResult> {
  const team = await import('../../../sync/team.ts').catch(() => null);
  return team ? team.joinTeam(code) : unreachable;
}
