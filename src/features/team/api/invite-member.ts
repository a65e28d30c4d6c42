import { inviteMember as invite } from '../../../sync/team.ts';
import type { InvitedRole } from './labels.ts';

export const DEFAULT_EXPIRY_HOURS = 72;

/** «Пригласить»: a one-time code; leave to see costs is asked only of the warehouse role (others always see them). */
export const inviteMember = (values: { role: InvitedRole; canSeeCosts: boolean; expiresInHours: number }) =>
  invite({
    role: values.role,
    can_see_costs: values.role === 'warehouse' && values.canSeeCosts,
    expires_in_hours: values.expiresInHours,
  });

/** The link the invited person opens: the join screen with the code filled in. */
export const invitationLink = (code: string, origin = window.location.origin) =>
  `${origin}/join?code=${encodeURIComponent(code)}`;
