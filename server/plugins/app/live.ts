import fp from 'fastify-plugin';
import { LiveCloseCode } from '../../../api/ws.ts';
import { UserPageCache } from '../../lib/user-page-cache.ts';
import { LiveHub } from '../../live/hub.ts';
import { PgLiveBus } from '../../live/pg-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
    /** Read answers per user, dropped by the hub's `changes` messages (server/lib/user-page-cache.ts). */
    pageCache: UserPageCache;
  }
}

const PAGE_CACHE_MAX_AGE_MS = 30_000;

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
  const pageCache = new UserPageCache(app.config.pageCacheBytes, PAGE_CACHE_MAX_AGE_MS);
  hub.onChanges((userId) => pageCache.invalidate(userId));
  app.decorate('pageCache', pageCache);
  app.addHook('preClose', async () => hub.closeAll(LiveCloseCode.goingAway, 'server restarting'));
  app.addHook('onClose', async () => hub.close());
});
