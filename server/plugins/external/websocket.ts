import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { LiveCloseCode } from '../../../api/ws.ts';

/** The subprotocol a live channel client names before its access token (server/routes/live.ts). */
const BEARER = 'bearer';

export default fp(async (app) => {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: 64 * 1024,
      // A browser fails the handshake unless the server picks one of the protocols it offered; the
      // token that follows `bearer` is a credential, never echoed back.
      handleProtocols: (protocols) => (protocols.has(BEARER) ? BEARER : false),
    },
    // On shutdown tell clients it is a restart (1001), so they reconnect instead of treating it as an error.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(LiveCloseCode.goingAway, 'server restarting');
      this.websocketServer.close(() => done());
    },
  });
});
