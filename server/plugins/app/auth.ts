import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/problem.ts';
import { SESSION_ENDED_MESSAGE, SessionStates } from '../../lib/sessions.ts';
import { verifyAccessToken, type AccessClaims } from '../../lib/tokens.ts';
import { pushEntryUser } from '../../sync/push-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    userId: string | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** Which sign-ins are still open, as this instance knows them (ended ones are told by app.live). */
    sessions: SessionStates;
    /**
     * The claims of an access token that is valid and whose sign-in is still open; null otherwise, with
     * `ended` true when only the ended sign-in stands in the way.
     */
    checkAccessToken(token: string): Promise<{ claims: AccessClaims | null; ended: boolean }>;
  }
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/**
 * Access tokens already verified, until they expire. Verifying the HMAC through WebCrypto took
 * about a tenth of the server's CPU on a busy list (tests/bench/products-pg.ts), while a device
 * sends the same token with every request. An entry is dropped at the token's `exp`, exactly
 * when verification would start refusing it, so the answer never differs. Whether its sign-in is
 * still open is asked apart, every time (server/lib/sessions.ts).
 */
class VerifiedTokens {
  private readonly entries = new Map<string, AccessClaims>();
  constructor(private readonly max: number) {}

  get(token: string): AccessClaims | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (Math.floor(Date.now() / 1000) < entry.expiresAt) return entry;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, claims: AccessClaims): void {
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, claims);
  }
}

/**
 * Access tokens are self-contained JWTs; the one thing asked of the database is whether the token's
 * sign-in has been ended, and that answer is cached for at most 2 s (server/lib/sessions.ts).
 */
export default fp(async (app) => {
  const verified = new VerifiedTokens(10_000);
  const sessions = new SessionStates((sessionId) => app.repos.sessions.isOpen(sessionId));
  app.decorate('sessions', sessions);

  async function checkAccessToken(token: string): Promise<{ claims: AccessClaims | null; ended: boolean }> {
    let claims = verified.get(token);
    if (!claims) {
      const fresh = await verifyAccessToken(token, app.config.jwtSecret);
      if (!fresh) return { claims: null, ended: false };
      verified.set(token, fresh);
      claims = fresh;
    }
    // A token without `sid` predates sessions and lives out its short exp (server/lib/tokens.ts).
    if (claims.sessionId && !(await sessions.isOpen(claims.sessionId))) return { claims: null, ended: true };
    return { claims, ended: false };
  }
  app.decorate('checkAccessToken', checkAccessToken);

  app.decorateRequest('userId', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    // A push entry acts for the user the push authenticated when it started, even if the token
    // has expired since: the device queued those edits while it was signed in.
    const pushing = pushEntryUser();
    if (pushing) {
      request.userId = pushing;
      return;
    }
    const token = bearerOf(request);
    if (!token) throw unauthorized('Войдите в систему: запрос без токена доступа', 'token_missing');
    const { claims, ended } = await checkAccessToken(token);
    if (ended) throw unauthorized(SESSION_ENDED_MESSAGE, 'token_invalid');
    if (!claims) throw unauthorized('Сессия истекла или токен недействителен: войдите снова', 'token_invalid');
    request.userId = claims.userId;
  });
});
