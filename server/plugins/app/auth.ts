import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/problem.ts';
import { SESSION_ENDED_MESSAGE, SessionStates } from '../../lib/sessions.ts';
import { accessOf } from '../../lib/access-policy.ts';
import { problemSchema } from '../../schemas/common.ts';
import { allows, refusalOf, rolesFor } from '../../lib/roles.ts';
import { verifyAccessToken, type AccessClaims, type Membership } from '../../lib/tokens.ts';
import { pushEntryMember } from '../../sync/push-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The business the signed-in member works in, whose rows the request reads and writes; null on public routes. */
    businessId: string | null;
    /** Who is signed in, in which business, as what; set by `authenticate`, null on public routes. */
    member: Membership | null;
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
    /**
     * Announces sign-ins this request ended (every instance refuses their tokens and closes their sockets) once
     * its transaction has committed: announced earlier, another instance could read them back as open.
     */
    announceEndedSessions(request: FastifyRequest, ended: Array<{ userId: string; sessionId: string }>): void;
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

  app.decorateRequest('businessId', null);
  app.decorateRequest('member', null);

  /** The authorization matrix (server/lib/access-policy.ts), for REST calls and push entries alike. */
  function admit(request: FastifyRequest, member: Membership) {
    const access = accessOf(request.method, request.routeOptions.url ?? '');
    if (!allows(access, member.role)) throw forbidden(refusalOf(access), 'role_forbidden');
    request.member = member;
    request.businessId = member.businessId;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    // A push entry acts for the member the push authenticated when it started, even if the token
    // has expired since: the device queued those edits while it was signed in.
    const pushing = pushEntryMember();
    if (pushing) return admit(request, pushing);
    const token = bearerOf(request);
    if (!token) throw unauthorized('Войдите в систему: запрос без токена доступа', 'token_missing');
    const { claims, ended } = await checkAccessToken(token);
    if (ended) throw unauthorized(SESSION_ENDED_MESSAGE, 'token_invalid');
    if (!claims) throw unauthorized('Сессия истекла или токен недействителен: войдите снова', 'token_invalid');
    admit(request, claims);
  });

  const endedBy = new WeakMap<object, Array<{ userId: string; sessionId: string }>>();
  app.decorate(
    'announceEndedSessions',
    (request: FastifyRequest, ended: Array<{ userId: string; sessionId: string }>) => {
      endedBy.set(request, [...(endedBy.get(request) ?? []), ...ended]);
    },
  );
  // onSend runs after the request's transaction has committed (server/plugins/app/transactional-writes.ts).
  app.addHook('onSend', async (request, reply) => {
    const ended = endedBy.get(request);
    if (!ended || reply.statusCode >= 500) return;
    for (const { userId, sessionId } of ended) app.live.endSession(userId, sessionId);
  });

  // Each operation states who may call it, in the OpenAPI document too.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.websocket) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as Record<string, unknown>;
    if (!schema.security) return;
    const access = accessOf(methods[0]!, route.url);
    schema['x-roles'] = rolesFor(access);
    // A call some roles may not make documents their refusal.
    const response = schema.response as Record<number, unknown> | undefined;
    if (access !== 'member' && response && !response[403]) response[403] = problemSchema;
  });
});
