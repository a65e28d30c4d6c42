import { useMemberNames, type MemberNames } from '../../../sync/member-names.ts';

/** Who started a count: the business's members by name, kept on the device (src/sync/member-names.ts). */
export const useCountMemberNames = (): MemberNames | undefined => useMemberNames();
