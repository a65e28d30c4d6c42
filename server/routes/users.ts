import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { conflict, unauthorized } from '../lib/problem.ts';
import { newRefreshToken, sha256, signAccessToken } from '../lib/tokens.ts';
import { bearer, problems } from '../schemas/common.ts';
import { loginBody, refreshBody, signupBody, toUser, tokenPair, userSchema } from '../schemas/users.ts';
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
    '/signup/',
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
      const user = await repos.users.create({ login, passwordHash: await hashPassword(password), firstName: first_name, lastName: last_name });
      reply.code(201);
      return toUser(user);
    },
  );

  app.post(
    '/login/',
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
      await limiter.check(login, request.ip);
      const user = await repos.users.findByLogin(login);
      const ok = await verifyPassword(password, user?.passwordHash ?? dummyPasswordHash);
      await limiter.record(login, request.ip, ok && !!user);
      if (!user || !ok) throw unauthorized('Неверный логин или пароль', 'invalid_credentials');
      return issueTokens(user.id);
    },
  );

  app.post(
    '/refresh/',
    {
      // The old refresh token is the secret: a retried refresh with the same key gets the same new pair
      // instead of tripping reuse detection when the first answer was lost on a flaky network.
      config: { idempotencyScope: (request) => `refresh:${sha256((request.body as { refresh?: string })?.refresh ?? '')}` },
      schema: {
        tags: ['users'],
        summary: 'Обновление токенов (старый refresh_token больше не действует)',
        body: refreshBody,
        response: { 200: tokenPair, ...problems(400, 401) },
      },
    },
    async (request) => {
      const token = await repos.refreshTokens.findByHash(sha256(request.body.refresh));
      const invalid = () => unauthorized('Сессия завершена: войдите снова', 'refresh_invalid');
      if (!token || token.revokedAt || token.expiresAt < new Date()) throw invalid();
      if (token.usedAt || !(await repos.refreshTokens.markUsed(token.id))) {
        // A rotated token came back: someone holds a copy. End that whole sign-in; the revocation
        // must be committed even though the request is refused.
        await repos.refreshTokens.revokeFamily(token.familyId);
        throw invalid().committingChanges();
      }
      return issueTokens(token.userId, token.familyId);
    },
  );

  app.get(
    '/me/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['users'], summary: 'Текущий пользователь', security: bearer, response: { 200: userSchema, ...problems(401) } },
    },
    async (request) => {
      const user = await repos.users.findById(request.userId!);
      if (!user) throw unauthorized('Пользователь не найден: войдите снова', 'user_gone');
      return toUser(user);
    },
  );
};

export default usersRoutes;
