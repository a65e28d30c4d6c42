import { useSyncExternalStore } from 'react';
import { ACCESS_KEY, getAccessToken, membershipFromToken, type Membership } from '../sync/tokens.ts';
import type { Sheet } from './export/sheet.ts';

/*
 * What the signed-in member may do, as the server's authorization matrix (server/lib/access-policy.ts) decides
 * it: the screens offer only what the server would let through. The server stays the judge — a refused edit
 * comes back as refused whatever a screen showed — and src/lib/permissions.test.ts checks every action here
 * against the server's own table, call by call.
 */

/**
 * The things a screen offers, each standing for the calls it makes (listed in the test).
 * Stock work — receipts, returns, write-offs, markdowns, reserves, other realizations, new and edited
 * products — is every member's; selling, grouping, stores, marketplace loads, the stock push and order
 * links are the owner's and the managers'; a store's key and the team are the owner's alone.
 */
export type Action =
  | 'receipts'
  | 'returns'
  | 'disposals'
  | 'markdowns'
  | 'reserves'
  | 'otherRealizations'
  | 'productCreate'
  | 'productEdit'
  | 'productDelete'
  | 'productGroup'
  | 'productUngroup'
  | 'sales'
  | 'marketCreate'
  | 'marketEdit'
  | 'marketDelete'
  | 'marketKey'
  | 'stockPush'
  | 'stockPushSettings'
  | 'ordersLink'
  | 'ordersIntakeRun'
  | 'importProducts'
  | 'importReturns'
  | 'refreshStatuses'
  | 'assembly'
  | 'counts'
  | 'countDelete'
  | 'team';

const everyMember: ReadonlySet<Action> = new Set<Action>([
  'receipts',
  'returns',
  'disposals',
  'markdowns',
  'reserves',
  'otherRealizations',
  'productCreate',
  'productEdit',
  // Assembling a marketplace order on the floor: the packer scans it and says «Собрано».
  'assembly',
  // Stock counts (инвентаризация): counting and posting are every member's; deleting a draft is not.
  'counts',
]);

/** Adding a store takes its marketplace key, so it is the owner's too. */
const ownerOnly: ReadonlySet<Action> = new Set<Action>(['marketCreate', 'marketKey', 'team']);

/**
 * Whether the member may do it. Without a membership (no sign-in on this device: only tests draw screens so)
 * nothing is held back — the server decides.
 */
export function can(membership: Membership | null, action: Action): boolean {
  if (!membership || membership.role === 'owner') return true;
  if (ownerOnly.has(action)) return false;
  return membership.role === 'manager' || everyMember.has(action);
}

/** Whether cost prices and sums reach this member (the server leaves them out of every answer when not). */
export const seesCosts = (membership: Membership | null): boolean => membership?.canSeeCosts ?? true;

/** The membership as read from storage, kept while the token's claims stay the same (a refresh re-issues it). */
let cached: { token: string | null; membership: Membership | null } = { token: null, membership: null };
function snapshot(): Membership | null {
  const token = typeof localStorage === 'undefined' ? null : getAccessToken();
  if (token !== cached.token) {
    const next = membershipFromToken(token);
    const same =
      next !== null &&
      cached.membership !== null &&
      next.userId === cached.membership.userId &&
      next.businessId === cached.membership.businessId &&
      next.role === cached.membership.role &&
      next.canSeeCosts === cached.membership.canSeeCosts;
    cached = { token, membership: same ? cached.membership : next };
  }
  return cached.membership;
}

function subscribe(listener: () => void): () => void {
  // Another tab signing in or out; this tab's own sign-in remounts the screens.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === ACCESS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The signed-in member (from the access token, offline too); null when no one is signed in. */
export const useMembership = (): Membership | null => useSyncExternalStore(subscribe, snapshot, () => null);

/** Whether the signed-in member may do it (see can). */
export const useCan = (action: Action): boolean => can(useMembership(), action);

/** Whether the signed-in member sees cost prices and sums (see seesCosts). */
export const useSeesCosts = (): boolean => seesCosts(useMembership());

/** For data functions outside React (exports): the signed-in member now. */
export const currentMembership = (): Membership | null => snapshot();

/**
 * A spreadsheet as this member may save it: without costs, every money column (and its total) is left out — the
 * rows have no such values to fill them with.
 */
export function sheetForMember(sheet: Sheet, membership: Membership | null = currentMembership()): Sheet {
  if (seesCosts(membership)) return sheet;
  const kept = sheet.columns.map((c) => c.kind !== 'money');
  const pick = <T>(cells: readonly T[]) => cells.filter((_, i) => kept[i]);
  return {
    ...sheet,
    meta: sheet.meta?.filter((m) => m.kind !== 'money'),
    columns: pick(sheet.columns),
    rows: sheet.rows.map(pick),
    totals: sheet.totals && pick(sheet.totals),
  };
}
