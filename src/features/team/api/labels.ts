export { roleLabel } from '../../../lib/role-labels.ts';

/** The roles an invitation or a change may give: the owner is the one who founded the business. */
export const invitedRoles = ['manager', 'warehouse'] as const;
export type InvitedRole = (typeof invitedRoles)[number];

export { movementReason } from '../../../stock/movement-reasons.ts';

/** A member as the owner knows them: the name, or the login when no name was given. */
export { displayName as memberName } from '../../../sync/member-names.ts';
