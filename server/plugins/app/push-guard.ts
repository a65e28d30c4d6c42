import fp from 'fastify-plugin';
import { Problem } from '../../lib/problem.ts';
import { WriteSlots } from '../../lib/write-slots.ts';
import { guardPushEntry, QueueableRoutes } from '../../sync/queueable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * On the embedded database only: the server-wide share of pushes applied at once. PGlite runs one
     * transaction at a time, so pushes of several users taking turns commit by commit kept health and reads
     * waiting seconds behind them (issue 23); a push past the share waits briefly, then hears 503.
     */
    embeddedPushes?: WriteSlots;
  }
}

const embeddedBusy = () =>
  new Problem(
    503,
    'push_busy',
    'Сервер сейчас применяет изменения других устройств: отправка повторится через пару секунд',
    undefined,
    { 'retry-after': '2' },
  );

/**
 * Keeps sync push a closed door: the allow-list its entries are checked against, and the guard
 * that refuses, inside a push, every route the router matched that is not a queueable write
 * (sign-in, sync itself, reads, unknown paths), so pushes cannot nest or reach the auth routes.
 * On the embedded database it also holds the cap of pushes applied at once.
 */
export default fp(async (app) => {
  app.decorate('queueableRoutes', new QueueableRoutes());
  app.addHook('onRequest', guardPushEntry);
  const { concurrency, waitMs } = app.config.embeddedPush;
  app.decorate(
    'embeddedPushes',
    app.database.kind === 'pglite' ? new WriteSlots(concurrency, waitMs, embeddedBusy) : undefined,
  );
});
