import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { LiveCloseCode } from '../../../api/ws.ts';

export default fp(async (app) => {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // On shutdown tell clients it is a restart (1001), so they reconnect instead of treating it as an error.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(LiveCloseCode.goingAway, 'server restarting');
      this.websocketServer.close(() => done());
    },
  });
});
