import fp from 'fastify-plugin';
import { LiveCloseCode } from '../../../api/ws.ts';
import { UserPageCache } from '../../lib/user-page-cache.ts';
import { LiveHub } from '../../live/hub.ts';
import { PgLiveBus } from '../../live/pg-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
    /**
     * Read answers per user, trusted only under the change marker a request reads; the hub's `changes`
     * messages drop them early (server/lib/user-page-cache.ts).
     */
    pageCache: UserPageCache;
  }
}

const PAGE_CACHE_MAX_AGE_MS = 30_000;
/**
 * How often the sign-ins of this instance's sockets are checked in the database: an ended one is
 * announced at once between instances, and this catches an announcement missed (a bus reconnecting,
 * instances with no bus), so a socket outlives its sign-in by 5 s at most.
 */
const SOCKET_SESSIONS_CHECK_MS = 2500;

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
  hub.onSessionEnded((sessionId) => app.sessions.markEnded(sessionId));
  app.decorate('pageCache', pageCache);
  const checkSockets = async () => {
    try {
      hub.endSessionsHere(await app.repos.sessions.endedAmong(hub.sessionIds()));
    } catch (err) {
      app.log.warn({ err }, "live: checking the sockets' sign-ins failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void checkSockets(), SOCKET_SESSIONS_CHECK_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    hub.closeAll(LiveCloseCode.goingAway, 'server restarting');
  });
  app.addHook('onClose', async () => hub.close());
});
