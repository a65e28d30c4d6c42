/** «Убрать»: the member's sign-ins end and their unsent edits will be refused. */
export { removeMember } from '../../../sync/team.ts';
