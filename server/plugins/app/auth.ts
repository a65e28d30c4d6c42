import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { unauthorized } from '../../lib/problem.ts';
import { verifyAccessToken } from '../../lib/tokens.ts';
import { pushEntryUser } from '../../sync/push-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    userId: string | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
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
 * when verification would start refusing it, so the answer never differs.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { userId: string; expiresAt: number }>();
  constructor(private readonly max: number) {}

  get(token: string): string | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (Math.floor(Date.now() / 1000) < entry.expiresAt) return entry.userId;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, userId: string): void {
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { userId, expiresAt: exp });
  }
}

/** Access tokens are self-contained JWTs: checking one needs no database round trip. */
export default fp(async (app) => {
  const verified = new VerifiedTokens(10_000);
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
    const known = verified.get(token);
    if (known) {
      request.userId = known;
      return;
    }
    const userId = await verifyAccessToken(token, app.config.jwtSecret);
    if (!userId) throw unauthorized('Сессия истекла или токен недействителен: войдите снова', 'token_invalid');
    verified.set(token, userId);
    request.userId = userId;
  });
});
