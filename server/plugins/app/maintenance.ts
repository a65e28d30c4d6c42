import fp from 'fastify-plugin';

const HOUR = 60 * 60 * 1000;
/** A device may send an entry, lose the answer and stay offline for weeks before it retries. */
const IDEMPOTENCY_KEEP_MS = 30 * 24 * HOUR;

/** Hourly clean-up of bookkeeping rows that only matter for a while. */
export default fp(async (app) => {
  const { repos, config } = app;
  const sweep = async () => {
    try {
      await repos.idempotency.purgeOlderThan(new Date(Date.now() - IDEMPOTENCY_KEEP_MS));
      await repos.authAttempts.purgeOlderThan(new Date(Date.now() - config.login.windowSeconds * 1000));
    } catch (err) {
      app.log.warn({ err }, 'maintenance sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
