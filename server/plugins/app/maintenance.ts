import fp from 'fastify-plugin';

const HOUR = 60 * 60 * 1000;
/** A device may send an entry, lose the answer and stay offline for weeks before it retries. */
const IDEMPOTENCY_KEEP_MS = 30 * 24 * HOUR;
/** How often the sealed token pairs of closed refresh retry windows are looked for (at most). */
const SEALED_PAIR_SWEEP_MAX_MS = 5000;
/** How often the embedded database's statistics are looked at, and how many row writes make them stale. */
const STATISTICS_CHECK_MS = 30_000;
const STATISTICS_STALE_WRITES = 1000;

/**
 * Hourly clean-up of bookkeeping rows that only matter for a while; and, every few seconds, the
 * sealed token pairs kept for a retried refresh once their retry window has closed: a live pair at
 * rest is worth stealing (the key may sit beside the database), so none outlives its window by more
 * than one sweep.
 */
export default fp(async (app) => {
  const { repos, config } = app;
  const windowMs = config.refreshRetryWindowSeconds * 1000;
  const sweep = async () => {
    try {
      await repos.idempotency.purgeOlderThan(new Date(Date.now() - IDEMPOTENCY_KEEP_MS));
      await repos.authAttempts.purgeOlderThan(new Date(Date.now() - config.login.windowSeconds * 1000));
      await repos.refreshTokens.purgeSealedPairs(new Date(Date.now() - windowMs));
    } catch (err) {
      app.log.warn({ err }, 'maintenance sweep failed');
    }
  };
  // Only the last hour's rows, found through the creation index; the hourly sweep takes any older.
  const sweepSealedPairs = async () => {
    try {
      await repos.refreshTokens.purgeSealedPairs(new Date(Date.now() - windowMs), new Date(Date.now() - HOUR));
    } catch (err) {
      app.log.warn({ err }, 'sealed pair sweep failed');
    }
  };
  // The embedded database has no autovacuum to keep the planner's statistics (repositories/statistics.ts).
  const refreshStatistics = async () => {
    try {
      await repos.statistics.refreshIfStale(STATISTICS_STALE_WRITES);
    } catch (err) {
      app.log.warn({ err }, 'statistics refresh failed');
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    if (app.database.kind === 'pglite') {
      // Not awaited: a start must not wait for it.
      void refreshStatistics();
      timers.push(setInterval(() => void refreshStatistics(), STATISTICS_CHECK_MS));
    }
    timers.push(setInterval(() => void sweep(), HOUR));
    const every = Math.min(SEALED_PAIR_SWEEP_MAX_MS, Math.max(1000, windowMs));
    timers.push(setInterval(() => void sweepSealedPairs(), every));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => timers.forEach(clearInterval));
});
