import fp from 'fastify-plugin';
import { OrderBooks } from '../../orders/books.ts';
import { OrderIntakeLoop } from '../../orders/intake-loop.ts';
import { OrderWriter } from '../../orders/order-writer.ts';
import type { StoreIntakeDeps } from '../../orders/store-intake.ts';
import type { MarketRow } from '../../repositories/markets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orderIntake: {
      /** This instance's intake loop; absent where jobs do not run (then other instances take the stores in). */
      loop?: OrderIntakeLoop;
      /** Look for due stores now. */
      poke(): void;
      /** Writes a store's orders and moves their books (the link call applies waiting orders with it). */
      writerFor(userId: string, store: MarketRow): OrderWriter;
    };
  }
}

/**
 * The order intake (docs/rules.md «Заказы маркетплейсов»): marketplace orders reserve, sell and release stock by
 * themselves. Registered after catalog-import (its adapters and their shared pacers) and live.
 */
export default fp(async (app) => {
  const { repos } = app;
  const books = new OrderBooks({
    orders: repos.orders,
    reserves: repos.reserves,
    realizations: repos.realizations,
    stock: app.stock,
  });
  const deps: StoreIntakeDeps = {
    db: app.database.db,
    catalog: repos.catalog,
    orders: repos.orders,
    intake: repos.orderIntake,
    postings: repos.postings,
    books,
    secrets: app.secrets,
    live: app.live,
    adapters: app.marketplaces,
    overlapSeconds: app.config.orderIntake.overlapSeconds,
    firstRunDays: app.config.orderIntake.firstRunDays,
  };
  const settings = app.config.orderIntake;
  const loop = settings.enabled
    ? new OrderIntakeLoop(deps, {
        tickMs: settings.tickMs,
        leaseSeconds: settings.leaseSeconds,
        concurrency: settings.concurrency,
        log: app.log,
      })
    : undefined;
  app.decorate('orderIntake', {
    loop,
    poke: () => loop?.poke(),
    writerFor: (userId: string, store: MarketRow) =>
      new OrderWriter(deps, userId, store, { firstRun: false, windowStart: new Date(0) }),
  });
  if (loop) {
    app.addHook('onReady', async () => loop.start());
    app.addHook('preClose', async () => loop.stop());
  }
});
