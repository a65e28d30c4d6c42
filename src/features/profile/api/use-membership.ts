import { useLiveQuery } from 'dexie-react-hooks';
import { heldBusiness } from '../../../sync/session.ts';
import { roleLabel } from '../../../lib/role-labels.ts';
import { membershipFromToken } from '../../../sync/tokens.ts';

export interface ProfileMembership {
  /** «Владелец», «Менеджер», «Склад». */
  role: string;
  /** Whether cost prices and sums are shown to this person. */
  canSeeCosts: boolean;
  /** The business's name as the server last gave it; null until it has (offline since the sign-in). */
  businessName: string | null;
}

/**
 * Where the signed-in person works and as what: the role from the access token (offline too), the business's name
 * as the device keeps it (src/sync/session.ts).
 */
export function useMembership(): ProfileMembership | null {
  const membership = membershipFromToken();
  const business = useLiveQuery(() => heldBusiness(), [], null);
  if (!membership) return null;
  return {
    role: roleLabel[membership.role],
    canSeeCosts: membership.canSeeCosts,
    businessName: business?.name ?? null,
  };
}
