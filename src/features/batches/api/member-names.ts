/** Who made the rows: the business's members by name, kept on the device (src/sync/member-names.ts). */
export { loadMemberNames, useMemberNames, type MemberNames } from '../../../sync/member-names.ts';
