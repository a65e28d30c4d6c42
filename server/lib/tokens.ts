import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const issuer = 'ostatok';

export async function signAccessToken(userId: string, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return (
    new SignJWT({ typ: 'access' })
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

/** The user id of a valid access token, or null for anything else (expired, forged, a refresh token). */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer, algorithms: ['HS256'] });
    return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
