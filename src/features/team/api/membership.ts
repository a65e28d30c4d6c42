import { membershipFromToken, type Membership } from '../../../sync/tokens.ts';

/** Who is signed in and as what, from the access token: known offline too. */
export const currentMembership = (): Membership | null => membershipFromToken();

/** The team is the owner's to see and manage. */
export const isOwner = (): boolean => currentMembership()?.role === 'owner';
