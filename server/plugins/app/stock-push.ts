import fp from 'fastify-plugin';
import { AutoPush } from '../../stock-push/auto-push.ts';
import { STOCK_PUSH, stockPushHandler } from '../../stock-push/job.ts';

/**
 * The stock push job (server/stock-push/) on the catalog import's adapters, and the automatic push:
 * every `changes` message — a write committed here or, through LISTEN/NOTIFY, on another instance —
 * joins the user's burst, pushed after a quiet time or at the latest a maximum wait after it began.
 * Registered after catalog-import (its adapters) and jobs.
 */
export default fp(async (app) => {
  const deps = { repo: app.repos.stockPush, secrets: app.secrets, adapters: app.marketplaces };
  app.jobs.register(STOCK_PUSH, stockPushHandler(deps));
  // Without a job worker on this instance a queued push would only wait: nothing to debounce for.
  if (!app.config.jobs.enabled) return;
  const auto = new AutoPush({
    repo: app.repos.stockPush,
    jobs: app.jobs,
    log: app.log,
    debounceMs: app.config.stockPush.debounceMs,
    maxWaitMs: app.config.stockPush.maxWaitMs,
  });
  app.live.onChanges((userId) => auto.changed(userId));
  app.addHook('preClose', async () => auto.stop());
});
