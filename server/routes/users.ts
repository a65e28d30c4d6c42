import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { conflict, unauthorized } from '../lib/problem.ts';
import { sha256, verifyAccessToken } from '../lib/tokens.ts';
import { tokenIssuer } from '../lib/token-issuer.ts';
import { bearerOf } from '../plugins/app/auth.ts';
import { bearer, problems } from '../schemas/common.ts';
import { loginBody, logoutBody, refreshBody, signupBody, toUser, tokenPair, userSchema } from '../schemas/users.ts';
import type { RefreshTokenRow } from '../repositories/refresh-tokens.ts';
import type { UserRow } from '../repositories/users.ts';
import { sessionEndedBy } from '../lib/sessions.ts';
import { acceptInvitation } from '../team/accept-invitation.ts';
import { z } from 'zod';
import { loginLimiter } from '../lib/login-limiter.ts';

type TokenPair = z.infer<typeof tokenPair>;

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, config } = app;
  const limiter = loginLimiter(repos.authAttempts, config.login);

  const issueTokens = tokenIssuer(repos, config);

  /** The person, with the business they work in and their role there. */
  async function profile(user: UserRow) {
    const member = await repos.team.membershipOf(user.id);
    const business = member && (await repos.team.business(member.businessId));
    return {
      ...toUser(user),
      ...(member && business ? { business, role: member.role, can_see_costs: member.canSeeCosts } : {}),
    };
  }

  app.post(
    '/signup',
    {
      config: { idempotencyScope: () => 'signup' },
      schema: {
        tags: ['users'],
        summary: 'Регистрация',
        body: signupBody,
        response: { 201: userSchema, ...problems(400, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const { login, password, first_name, last_name, invitation } = request.body;
      if (await repos.users.findByLogin(login)) throw conflict('login_taken', 'Этот логин уже занят');
      const user = await repos.users.create({
        login,
        passwordHash: await hashPassword(password),
        firstName: first_name,
        lastName: last_name,
      });
      // Everyone founds a business of their own, and works in it unless invited into another.
      await repos.team.found(user.id, `${first_name} ${last_name}`.trim() || login);
      if (invitation) await acceptInvitation(repos, invitation, user.id);
      reply.code(201);
      return profile(user);
    },
  );

  app.post(
    '/login',
    {
      // Attempts must be recorded even when the login is refused, so no request transaction here;
      // and no replay either: a replayed answer would hand out tokens without a password.
      config: { transaction: false },
      schema: {
        tags: ['users'],
        summary: 'Вход: выдаёт access_token и refresh_token',
        description: 'Не больше LOGIN_MAX_FAILURES неудачных попыток на логин за окно; дальше 429 с Retry-After.',
        body: loginBody,
        response: { 200: tokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const { login, password } = request.body;
      const outcome = await limiter.begin(login, request.ip);
      const user = await repos.users.findByLogin(login);
      const ok = await verifyPassword(password, user?.passwordHash ?? dummyPasswordHash);
      await outcome(ok && !!user);
      if (!user || !ok) throw unauthorized('Неверный логин или пароль', 'invalid_credentials');
      return issueTokens(user.id);
    },
  );

  /**
   * The answer a retried refresh of an already rotated token gets again: only with the same
   * Idempotency-Key (or none both times), within the retry window, and while the pair it handed out
   * is unused. Anything else presenting a rotated token is a reuse.
   */
  async function replayOfRotation(token: RefreshTokenRow, scope: string, key: string) {
    if (!token.usedAt) return undefined;
    if (Date.now() - token.usedAt.getTime() > config.refreshRetryWindowSeconds * 1000) {
      // The window has closed: the copy of the pair has nothing left to answer.
      await repos.refreshTokens.deleteSealedPair(token.tokenHash);
      return undefined;
    }
    const stored = (await repos.idempotency.find(scope, key))?.body as { sealed?: unknown } | undefined;
    if (typeof stored?.sealed !== 'string') return undefined;
    let pair: TokenPair;
    try {
      pair = JSON.parse(app.secrets.open(stored.sealed)) as TokenPair;
    } catch (err) {
      // Sealed under another ENCRYPTION_KEY (instances configured apart): the pair cannot be handed
      // out, so the retry is refused like a reuse, never answered 500.
      app.log.error({ err }, 'refresh replay: the sealed pair does not open; is ENCRYPTION_KEY the same everywhere?');
      return undefined;
    }
    const issued = await repos.refreshTokens.findByHash(sha256(pair.refresh_token));
    return issued && !issued.usedAt && !issued.revokedAt ? pair : undefined;
  }

  app.post(
    '/refresh',
    {
      // Replay is handled by the route itself, under the token's row lock (see replayOfRotation).
      config: { idempotencyScope: () => null },
      schema: {
        tags: ['users'],
        summary: 'Обновление токенов (старый refresh_token больше не действует)',
        description:
          'Повтор обновления с тем же refresh_token и тем же Idempotency-Key (или без ключа оба раза) в течение REFRESH_RETRY_WINDOW_SECONDS (не больше 30 с) после первого получает ту же пару, пока она не использована. Иначе старый refresh_token — повторное использование: сеанс завершается (401) на всех экземплярах сервера.',
        body: refreshBody,
        response: { 200: tokenPair, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const tokenHash = sha256(request.body.refresh);
      // A retry after a lost answer carries the same key as the first try (the client derives it
      // from the refresh token); a refresh without one uses the same default key every time.
      const scope = `refresh:${tokenHash}`;
      const key = (request.headers['idempotency-key'] as string | undefined) ?? 'default';
      const token = await repos.refreshTokens.lockByHash(tokenHash);
      const invalid = () => unauthorized('Сессия завершена: войдите снова', 'refresh_invalid');
      if (token?.revokedAt) {
        // Ended by the owner (a removal, a new role): the app shows why on the sign-in screen.
        const reason = await repos.sessions.endReason(token.familyId);
        if (reason) throw unauthorized(sessionEndedBy[reason], reason);
      }
      if (!token || token.revokedAt || token.expiresAt < new Date()) throw invalid();
      if (token.usedAt) {
        const replay = await replayOfRotation(token, scope, key);
        if (replay) {
          reply.header('idempotent-replayed', 'true');
          return replay;
        }
        // A rotated token came back: someone holds a copy. End that whole sign-in; the revocation
        // must be committed even though the request is refused.
        const userId = (await repos.sessions.revoke(token.familyId)) ?? token.userId;
        app.announceEndedSessions(request, [{ userId, sessionId: token.familyId }]);
        throw invalid().committingChanges();
      }
      await repos.refreshTokens.markUsed(token.id);
      // The pair an earlier rotation handed out is this token: a retry of that rotation is a reuse now.
      await repos.refreshTokens.deleteEarlierSealedPairs(token.familyId, token.id);
      const pair = await issueTokens(token.userId, token.familyId);
      // Kept for a retry whose answer was lost, only while the retry window is open (the maintenance
      // sweep deletes it then); sealed, as a live token pair is a secret at rest.
      if (config.refreshRetryWindowSeconds > 0)
        await repos.idempotency.save({
          scope,
          key,
          userId: token.userId,
          requestHash: '',
          status: 200,
          body: { sealed: app.secrets.seal(JSON.stringify(pair)) },
        });
      return pair;
    },
  );

  app.post(
    '/logout',
    {
      // Each revocation commits by itself and is announced at once; a repeat finds nothing left to do.
      config: { transaction: false },
      schema: {
        tags: ['users'],
        summary: 'Выход: завершает сеанс на сервере',
        description:
          'Завершает сеанс токена доступа и сеанс переданного refresh_token (если он того же пользователя): refresh_token больше не действует, токены доступа сеанса перестают приниматься в течение нескольких секунд на всех экземплярах, его живой канал закрывается. Выход, отложенный без сети, может прийти только с refresh_token, когда токен доступа уже истёк. Повтор отвечает 204.',
        security: bearer,
        body: logoutBody,
        response: { 204: z.null(), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const access = bearerOf(request);
      // Only the signature and expiry: a session already ended is what a repeat presents.
      const claims = access ? await verifyAccessToken(access, config.jwtSecret) : null;
      const refresh = request.body.refresh
        ? await repos.refreshTokens.findByHash(sha256(request.body.refresh))
        : undefined;
      if (!claims && !refresh) {
        if (!access && !request.body.refresh)
          throw unauthorized('Войдите в систему: запрос без токена доступа', 'token_missing');
        throw unauthorized('Сессия истекла или токен недействителен: войдите снова', 'token_invalid');
      }
      const ending = new Map<string, string>();
      if (claims?.sessionId) ending.set(claims.sessionId, claims.userId);
      if (refresh && (!claims || refresh.userId === claims.userId)) ending.set(refresh.familyId, refresh.userId);
      for (const [sessionId, userId] of ending) {
        await repos.sessions.revoke(sessionId);
        app.live.endSession(userId, sessionId);
      }
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Текущий пользователь',
        security: bearer,
        response: { 200: userSchema, ...problems(401) },
      },
    },
    async (request) => {
      const user = await repos.users.findById(request.member!.userId);
      if (!user) throw unauthorized('Пользователь не найден: войдите снова', 'user_gone');
      return profile(user);
    },
  );
};

export default usersRoutes;
