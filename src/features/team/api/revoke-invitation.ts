/** «Отозвать»: the code stops working at once. */
export { revokeInvitation } from '../../../sync/team.ts';
