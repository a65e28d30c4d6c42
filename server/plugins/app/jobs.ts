import fp from 'fastify-plugin';
import { JobQueue } from '../../jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Background jobs (marketplace imports). Features register their handlers; the worker starts once the app is ready. */
export default fp(async (app) => {
  const { jobs: options } = app.config;
  const queue = new JobQueue(app.repos.jobs, app.live, { ...options, log: app.log });
  app.decorate('jobs', queue);
  if (options.enabled) app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
});
