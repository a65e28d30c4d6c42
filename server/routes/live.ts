import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveCloseCode } from '../../api/ws.ts';
import { Problem } from '../lib/problem.ts';
import { verifyAccessToken } from '../lib/tokens.ts';

const PING_MS = 30_000;

/** The token's user (null: no valid token), found before the upgrade. */
const tokenUsers = new WeakMap<FastifyRequest, string | null>();

function tokenOf(request: FastifyRequest): string | undefined {
  // Runs before validation: the query is still the raw parse.
  const { token } = (request.query ?? {}) as { token?: unknown };
  if (typeof token === 'string' && token) return token;
  const protocol = request.headers['sec-websocket-protocol']
    ?.split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith('bearer.'));
  return protocol?.slice('bearer.'.length) || undefined;
}

/**
 * WebSocket /user/{user_id}/ — the user's live channel. Browsers cannot set headers on a
 * WebSocket, so the access token comes as ?token= or as the subprotocol "bearer.<token>".
 * A refused socket is opened and closed at once with a close code the client can act on.
 */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/user/:user_id/',
    schema: {
      hide: true,
      params: z.object({ user_id: z.string() }),
      querystring: z.object({ token: z.string().optional() }),
    },
    // Verifying before the upgrade lets the handler subscribe the socket synchronously, in the
    // same tick as the 101 answer: once the client sees 'open', no message can slip past it.
    preValidation: async (request) => {
      const token = tokenOf(request);
      tokenUsers.set(request, token ? await verifyAccessToken(token, app.config.jwtSecret) : null);
    },
    // A plain HTTP visit (no upgrade) is told what this address is, in the API's error format.
    handler: async () => {
      throw new Problem(426, 'upgrade_required', 'Это адрес канала уведомлений: подключайтесь по WebSocket');
    },
    wsHandler: (socket, request) => {
      const userId = tokenUsers.get(request);
      if (!userId) return socket.close(LiveCloseCode.invalidToken, 'Недействительный токен');
      if (userId !== request.params.user_id) return socket.close(LiveCloseCode.forbidden, 'Нет доступа к этому каналу');

      app.live.add(userId, socket);
      let alive = true;
      socket.on('pong', () => (alive = true));
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
      socket.once('close', () => clearInterval(ping));
    },
  });
};

export default liveRoutes;
