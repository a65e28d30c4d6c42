import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveCloseCode } from '../../api/ws.ts';
import { Problem } from '../lib/problem.ts';
import { SESSION_ENDED_MESSAGE } from '../lib/sessions.ts';

const PING_MS = 30_000;

/** Why a socket is refused, found before the upgrade; or whose it is. */
type Admission =
  | { userId: string; businessId: string; sessionId?: string }
  | { refused: (typeof LiveCloseCode)[keyof typeof LiveCloseCode]; reason: string };

const admissions = new WeakMap<FastifyRequest, Admission>();

/**
 * The access token of the subprotocol pair `bearer`, `<token>` (Sec-WebSocket-Protocol: bearer, <token>).
 * The server answers with the protocol `bearer` (server/plugins/external/websocket.ts).
 */
export function bearerProtocolToken(header: string | undefined): string | undefined {
  const protocols = header?.split(',').map((p) => p.trim()) ?? [];
  const at = protocols.indexOf('bearer');
  return at >= 0 ? protocols[at + 1] || undefined : undefined;
}

/**
 * WebSocket /user/{user_id}/ — the user's live channel. Browsers cannot set headers on a WebSocket,
 * so the access token comes as the subprotocol pair `bearer`, `<token>`: never in the URL, where it
 * would land in proxy logs and the browser console. A refused socket is opened and closed at once
 * with a close code the client can act on.
 */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  async function admit(request: FastifyRequest): Promise<Admission> {
    // Runs before validation: the query is still the raw parse.
    if ((request.query as { token?: unknown } | undefined)?.token !== undefined)
      return { refused: LiveCloseCode.tokenInUrl, reason: 'Токен в адресе не принимается: обновите приложение' };
    const token = bearerProtocolToken(request.headers['sec-websocket-protocol']);
    if (!token) return { refused: LiveCloseCode.invalidToken, reason: 'Недействительный токен' };
    const { claims, ended } = await app.checkAccessToken(token);
    if (ended) return { refused: LiveCloseCode.invalidToken, reason: SESSION_ENDED_MESSAGE };
    if (!claims) return { refused: LiveCloseCode.invalidToken, reason: 'Недействительный токен' };
    return claims;
  }

  app.route({
    method: 'GET',
    url: '/user/:user_id/',
    schema: {
      hide: true,
      params: z.object({ user_id: z.string() }),
    },
    // Verifying before the upgrade lets the handler subscribe the socket synchronously, in the
    // same tick as the 101 answer: once the client sees 'open', no message can slip past it.
    preValidation: async (request) => {
      admissions.set(request, await admit(request));
    },
    // A plain HTTP visit (no upgrade) is told what this address is, in the API's error format.
    handler: async () => {
      throw new Problem(426, 'upgrade_required', 'Это адрес канала уведомлений: подключайтесь по WebSocket');
    },
    wsHandler: (socket, request) => {
      const admission = admissions.get(request);
      if (!admission || 'refused' in admission)
        return socket.close(admission?.refused ?? LiveCloseCode.invalidToken, admission?.reason);
      const { userId, businessId, sessionId } = admission;
      // The channel of a member (by their own id or their business's) carries their business's changes.
      if (request.params.user_id !== userId && request.params.user_id !== businessId)
        return socket.close(LiveCloseCode.forbidden, 'Нет доступа к этому каналу');
      // Ended between the check and the upgrade: the hub's close would have missed this socket.
      if (sessionId && app.sessions.hasEnded(sessionId))
        return socket.close(LiveCloseCode.invalidToken, SESSION_ENDED_MESSAGE);

      app.live.add(businessId, socket, sessionId);
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
