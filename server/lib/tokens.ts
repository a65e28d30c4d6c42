import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from './roles.ts';

const issuer = 'ostatok';

/** Who a token acts for: the person, the business they work in, and as what (server/lib/roles.ts). */
export interface Membership {
  userId: string;
  businessId: string;
  role: Role;
  /** Cost prices and sums shown (always true but for the warehouse role without the owner's leave). */
  canSeeCosts: boolean;
}

/**
 * An access token of a member; `sessionId` (claim `sid`, the refresh family's id) ties it to one sign-in, so
 * ending that sign-in ends its access tokens too (server/lib/sessions.ts). The membership rides in the token:
 * a change of role or a removal ends the member's sign-ins, so no token outlives the membership it states.
 */
export async function signAccessToken(
  member: Membership,
  secret: Uint8Array,
  ttlSeconds: number,
  sessionId?: string,
): Promise<string> {
  return (
    new SignJWT({
      typ: 'access',
      bid: member.businessId,
      role: member.role,
      costs: member.canSeeCosts,
      ...(sessionId ? { sid: sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.userId)
      .setIssuer(issuer)
      .setIssuedAt()
      // Unique even when issued twice in one second: a refresh always yields a new token.
      .setJti(randomUUID())
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret)
  );
}

export interface AccessClaims extends Membership {
  /**
   * The sign-in the token belongs to. Absent in tokens issued before sessions existed: those stay
   * valid until their own `exp` (at most ACCESS_TOKEN_TTL_SECONDS, 15 min by default), as nothing
   * ties them to a sign-in that could be ended.
   */
  sessionId?: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The claims of a valid access token, or null for anything else (expired, forged, a refresh token). */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    // A token from before teams (no `bid`, at most ACCESS_TOKEN_TTL_SECONDS old) is its owner's, in their business.
    const role = typeof payload.role === 'string' && isRole(payload.role) ? payload.role : 'owner';
    return {
      userId: payload.sub,
      businessId: typeof payload.bid === 'string' ? payload.bid : payload.sub,
      role,
      canSeeCosts: role !== 'warehouse' || payload.costs === true,
      expiresAt: payload.exp,
      ...(sessionId ? { sessionId } : {}),
    };
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
