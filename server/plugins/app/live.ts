import fp from 'fastify-plugin';
import { LiveCloseCode } from '../../../api/ws.ts';
import { LiveHub } from '../../live/hub.ts';
import { PgLiveBus } from '../../live/pg-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** The live channel hub; on PostgreSQL it spans every instance through LISTEN/NOTIFY. */
export default fp(async (app) => {
  const { database } = app;
  let bus: PgLiveBus | undefined;
  if (database.kind === 'postgres' && database.url) {
    bus = new PgLiveBus(database.url, app.log);
    await bus.start();
  }
  const hub = new LiveHub(bus);
  app.decorate('live', hub);
  app.addHook('preClose', async () => hub.closeAll(LiveCloseCode.goingAway, 'server restarting'));
  app.addHook('onClose', async () => hub.close());
});
