import { setMeta } from '../db/meta.ts';
import { MEMBER_NAMES_KEY, type StoredMemberNames } from '../sync/member-names.ts';
import { ACCESS_KEY, REFRESH_KEY, membershipFromToken, type Membership, type Role } from '../sync/tokens.ts';

/*
 * For component tests: the device signed in as a member of some role, with an access token shaped as the
 * server issues it (server/lib/tokens.ts claims sub, bid, role, costs) but unsigned — the app only reads its
 * claims, and such a test has no server to show it to.
 */

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export function roleToken(
  role: Role,
  { userId = crypto.randomUUID(), businessId = crypto.randomUUID(), costs = false } = {},
) {
  const claims = { typ: 'access', sub: userId, bid: businessId, role, costs };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

/** Stores such a token (and a refresh token beside it) and answers the membership the app reads from it. */
export function signInAsRole(role: Role, options: Parameters<typeof roleToken>[1] = {}): Membership {
  const token = roleToken(role, options);
  localStorage.setItem(ACCESS_KEY, token);
  localStorage.setItem(REFRESH_KEY, 'refresh');
  return membershipFromToken(token)!;
}

/** The member names the device keeps (src/sync/member-names.ts), as if read for this membership's business. */
export async function seedMemberNames(
  membership: Membership,
  people: { id: string; first_name: string; last_name?: string; role?: Role }[],
): Promise<void> {
  const members = people.map((p) => ({
    user_id: p.id,
    first_name: p.first_name,
    last_name: p.last_name ?? '',
    login: `${p.id}@example.ru`,
    role: p.role ?? 'warehouse',
  }));
  const known = Object.fromEntries(members.map((m) => [m.user_id, `${m.first_name} ${m.last_name}`.trim()]));
  const value: StoredMemberNames = { business_id: membership.businessId, members, known, fetched_at: Date.now() };
  await setMeta(MEMBER_NAMES_KEY, value);
}
