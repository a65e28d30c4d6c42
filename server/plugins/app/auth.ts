import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

/** Access tokens are self-contained JWTs: checking one needs no database round trip. */
export default fp(async (app) => {
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
    const userId = await verifyAccessToken(token, app.config.jwtSecret);
    if (!userId) throw unauthorized('Сессия истекла или токен недействителен: войдите снова', 'token_invalid');
    request.userId = userId;
  });
});
