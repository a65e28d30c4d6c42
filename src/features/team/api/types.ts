export type {
  CreatedInvitation,
  Invitation,
  MemberMovement,
  Team,
  TeamMember,
  TeamOutcome,
} from '../../../sync/team.ts';
export type { Role } from '../../../sync/tokens.ts';
