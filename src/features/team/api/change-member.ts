/** A member's new role or leave to see costs (their sign-ins end: they sign in again with it). */
export { changeMember } from '../../../sync/team.ts';
