import type { components } from '../../api/schema.gen.ts';
import { api, problemOf } from './api-client.ts';
import { endpoints } from './contract.ts';
import { drainOutbox } from './push-worker.ts';
import { join, rememberBusiness, type SessionResult } from './session.ts';
import { businessIdFromToken } from './tokens.ts';
import { pushOverHttp } from './transports.ts';

export type Team = components['schemas']['Team'];
export type TeamMember = components['schemas']['Member'];
export type Invitation = components['schemas']['Invitation'];
export type CreatedInvitation = components['schemas']['CreatedInvitation'];
export type InvitationRequest = components['schemas']['InvitationRequest'];
export type MemberChange = components['schemas']['MemberChange'];
export type MemberMovement = components['schemas']['MemberMovement'];

/** What a team call came to: its answer, or the server's Russian reason (or the network's). */
export type TeamOutcome<T> = { ok: true; data: T } | { ok: false; error: string; status: number; code: string };

export const TEAM_OFFLINE = 'Управление командой доступно только при подключении к сети';

const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const unreachable = { ok: false, error: TEAM_OFFLINE, status: 0, code: 'offline' } as const;

/**
 * The team is managed online only (issue 24): nothing here is queued or mirrored, since a change of the team ends
 * sign-ins on the server at once. Offline every call answers TEAM_OFFLINE without trying.
 */
async function teamCall<T>(
  request: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<TeamOutcome<T>> {
  if (offlineNow()) return unreachable;
  try {
    const { data, error, response } = await request();
    if (response.ok) return { ok: true, data: data as T };
    const problem = problemOf(error, response.status);
    return { ok: false, error: problem.detail, status: response.status, code: problem.code };
  } catch {
    return unreachable;
  }
}

/** The business, its members and the open invitations (the owner's). */
export const loadTeam = () => teamCall<Team>(() => api().GET(endpoints.team));

/** A new name of the business; the device names it so from now on (the profile, a refused edit's reason). */
export async function renameBusiness(name: string): Promise<TeamOutcome<null>> {
  const outcome = await teamCall<null>(() => api().PATCH(endpoints.teamBusiness, { body: { name } }));
  const id = businessIdFromToken();
  if (outcome.ok && id) await rememberBusiness({ id, name: name.trim() }).catch(() => undefined);
  return outcome;
}

/** A one-time code for a new member; the answer is the only time the code is seen. */
export const inviteMember = (invitation: InvitationRequest) =>
  teamCall<CreatedInvitation>(() => api().POST(endpoints.teamInvitations, { body: invitation }));

export const revokeInvitation = (id: string) =>
  teamCall<null>(() => api().DELETE(endpoints.teamInvitation, { params: { path: { id } } }));

/** A new role or leave to see costs: the member's sign-ins end, and they sign in again with it. */
export const changeMember = (userId: string, change: MemberChange) =>
  teamCall<TeamMember>(() =>
    api().PATCH(endpoints.teamMember, { params: { path: { user_id: userId } }, body: change }),
  );

/** The member leaves the team: their sign-ins end and they go back to a business of their own. */
export const removeMember = (userId: string) =>
  teamCall<null>(() => api().DELETE(endpoints.teamMember, { params: { path: { user_id: userId } } }));

/** The latest stock movements the member made, newest first. */
export const memberMovements = (userId: string, limit = 50) =>
  teamCall<MemberMovement[]>(() =>
    api().GET(endpoints.teamMemberMovements, { params: { path: { user_id: userId }, query: { limit } } }),
  );

/**
 * Joins the team of an invitation, signed in (./session.ts join): edits waiting on the device go to the present
 * business first, then the device works in the new one.
 */
export function joinTeam(code: string): Promise<SessionResult> {
  if (offlineNow())
    return Promise.resolve({
      ok: false,
      problem: { status: 0, code: 'offline', detail: 'Вступить в команду можно только при подключении к сети' },
    });
  return join(code.trim(), () => drainOutbox(pushOverHttp));
}
