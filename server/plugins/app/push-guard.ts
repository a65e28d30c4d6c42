import fp from 'fastify-plugin';
import { guardPushEntry, QueueableRoutes } from '../../sync/queueable.ts';

/**
 * Keeps sync push a closed door: the allow-list its entries are checked against, and the guard
 * that refuses, inside a push, every route the router matched that is not a queueable write
 * (sign-in, sync itself, reads, unknown paths), so pushes cannot nest or reach the auth routes.
 */
export default fp(async (app) => {
  app.decorate('queueableRoutes', new QueueableRoutes());
  app.addHook('onRequest', guardPushEntry);
});
