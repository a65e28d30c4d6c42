/** The session tokens live in localStorage under the names docs/screens.md «Состояние приложения» gives them. */
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';

export const getAccessToken = () => localStorage.getItem(ACCESS_KEY);
export const getRefreshToken = () => localStorage.getItem(REFRESH_KEY);
export const hasSession = () => getAccessToken() !== null;

export function storeTokens(tokens: { access_token: string; refresh_token: string }): void {
  localStorage.setItem(ACCESS_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_KEY, tokens.refresh_token);
}

export function clearTokens(): void {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
}

/** The claims an access token carries (a JWT's payload; the server checks the signature, the app only reads). */
function claimsOf(token: string | null): { sub?: unknown; bid?: unknown; role?: unknown; costs?: unknown } | null {
  try {
    return JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
  } catch {
    return null;
  }
}

/** The user id inside the access token (a JWT's `sub`), for the live channel's path. */
export function userIdFromToken(token: string | null = getAccessToken()): string | null {
  const sub = claimsOf(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/**
 * The business whose data the token opens (`bid`; a token from before teams names none, and then it is the
 * person's own): the device's mirror holds one business's data at a time.
 */
export function businessIdFromToken(token: string | null = getAccessToken()): string | null {
  const bid = claimsOf(token)?.bid;
  return typeof bid === 'string' ? bid : userIdFromToken(token);
}

export type Role = 'owner' | 'manager' | 'warehouse';

export interface Membership {
  userId: string;
  businessId: string;
  role: Role;
  /** Cost prices and sums: the server leaves them out of every answer when false. */
  canSeeCosts: boolean;
}

/**
 * Who is signed in, where, and as what — as the access token states it (it is re-issued whenever that changes:
 * a new role ends the sign-in). Read offline too. A token from before teams is its owner's.
 */
export function membershipFromToken(token: string | null = getAccessToken()): Membership | null {
  const claims = claimsOf(token);
  const userId = userIdFromToken(token);
  if (!claims || !userId) return null;
  const role: Role = claims.role === 'manager' || claims.role === 'warehouse' ? claims.role : 'owner';
  return {
    userId,
    businessId: businessIdFromToken(token) ?? userId,
    role,
    canSeeCosts: role !== 'warehouse' || claims.costs === true,
  };
}
