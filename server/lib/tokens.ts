import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const issuer = 'ostatok';

/**
 * An access token of the user; `sessionId` (claim `sid`, the refresh family's id) ties it to one
 * sign-in, so ending that sign-in ends its access tokens too (server/lib/sessions.ts).
 */
export async function signAccessToken(
  userId: string,
  secret: Uint8Array,
  ttlSeconds: number,
  sessionId?: string,
): Promise<string> {
  return (
    new SignJWT({ typ: 'access', ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setIssuedAt()
      // Unique even when issued twice in one second: a refresh always yields a new token.
      .setJti(randomUUID())
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret)
  );
}

export interface AccessClaims {
  userId: string;
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
    return { userId: payload.sub, expiresAt: payload.exp, ...(sessionId ? { sessionId } : {}) };
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
