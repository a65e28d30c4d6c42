import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { conflict, unauthorized } from '../lib/problem.ts';
import { newRefreshToken, sha256, signAccessToken } from '../lib/tokens.ts';
import { bearer, problems } from '../schemas/common.ts';
import { loginBody, refreshBody, signupBody, toUser, tokenPair, userSchema } from '../schemas/users.ts';
import type { RefreshTokenRow } from '../repositories/refresh-tokens.ts';
import type { z } from 'zod';

type TokenPair = z.infer<typeof tokenPair>;
import { loginLimiter } from '../lib/login-limiter.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, config } = app;
  const limiter = loginLimiter(repos.authAttempts, config.login);

  async function issueTokens(userId: string, familyId: string = randomUUID()) {
    const refresh = newRefreshToken();
    await repos.refreshTokens.insert({
      userId,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
    });
    return {
      access_token: await signAccessToken(userId, config.jwtSecret, config.accessTokenTtl),
      refresh_token: refresh,
      token_type: 'Bearer' as const,
      expires_in: config.accessTokenTtl,
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
        response: { 201: userSchema, ...problems(400, 409, 413) },
      },
    },
    async (request, reply) => {
      const { login, password, first_name, last_name } = request.body;
      if (await repos.users.findByLogin(login)) throw conflict('login_taken', 'Этот логин уже занят');
      const user = await repos.users.create({
        login,
        passwordHash: await hashPassword(password),
        firstName: first_name,
        lastName: last_name,
      });
      reply.code(201);
      return toUser(user);
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
    if (!token.usedAt || Date.now() - token.usedAt.getTime() > config.refreshRetryWindowSeconds * 1000)
      return undefined;
    const stored = (await repos.idempotency.find(scope, key))?.body as { sealed?: unknown } | undefined;
    if (typeof stored?.sealed !== 'string') return undefined;
    const pair = JSON.parse(app.secrets.open(stored.sealed)) as TokenPair;
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
          'Повтор обновления с тем же refresh_token и тем же Idempotency-Key (или без ключа оба раза) в течение REFRESH_RETRY_WINDOW_SECONDS после первого получает ту же пару, пока она не использована. Иначе старый refresh_token — повторное использование: сеанс завершается (401).',
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
      if (!token || token.revokedAt || token.expiresAt < new Date()) throw invalid();
      if (token.usedAt) {
        const replay = await replayOfRotation(token, scope, key);
        if (replay) {
          reply.header('idempotent-replayed', 'true');
          return replay;
        }
        // A rotated token came back: someone holds a copy. End that whole sign-in; the revocation
        // must be committed even though the request is refused.
        await repos.refreshTokens.revokeFamily(token.familyId);
        throw invalid().committingChanges();
      }
      await repos.refreshTokens.markUsed(token.id);
      const pair = await issueTokens(token.userId, token.familyId);
      // Kept for a retry whose answer was lost; sealed, as a live token pair is a secret at rest.
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
      const user = await repos.users.findById(request.userId!);
      if (!user) throw unauthorized('Пользователь не найден: войдите снова', 'user_gone');
      return toUser(user);
    },
  );
};

export default usersRoutes;
