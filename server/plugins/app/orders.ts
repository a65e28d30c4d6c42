import fp from 'fastify-plugin';
import { assemblyAdapterFor } from '../../marketplaces/assembly.ts';
import { PacerPool } from '../../marketplaces/pacing.ts';
import { SharedPacerStore } from '../../marketplaces/shared-pacing.ts';
import type { AssemblyAdapter, MarketplaceCode } from '../../marketplaces/types.ts';
import { ORDER_ASSEMBLY, OrderAssembly } from '../../orders/assemble-order.ts';
import { OrderBooks } from '../../orders/books.ts';
import { OrderIntakeLoop } from '../../orders/intake-loop.ts';
import { OrderWriter } from '../../orders/order-writer.ts';
import type { StoreIntakeDeps } from '../../orders/store-intake.ts';
import type { MarketRow } from '../../repositories/markets.ts';
import { OrderAssemblyRepository } from '../../repositories/order-assembly.ts';

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
    /** «Собрано» and the marketplace's label (docs/rules.md «Сборка заказов»). */
    orderAssembly: OrderAssembly;
  }
}

/**
 * The order intake (docs/rules.md «Заказы маркетплейсов»): marketplace orders reserve, sell and release stock by
 * themselves; and their assembly («Сборка заказов»), whose job hands an order over through the same books.
 * Registered after catalog-import (its adapters and their shared pacers), live and jobs; uploads (the labels' store)
 * is read only when a job runs or a label is asked for, after every plugin loaded.
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

  // The assembly calls count a seller's quota in the database with every other marketplace call (shared pacers).
  const pacerStore = new SharedPacerStore(repos.pacers);
  app.addHook('onClose', async () => pacerStore.close());
  const pacing = new PacerPool(pacerStore);
  const { ozonUrl, wildberriesMarketplaceUrl, yandexMarketUrl } = app.config.marketplaces;
  const baseUrls: Record<MarketplaceCode, string | undefined> = {
    OZON: ozonUrl,
    WILDBERRIES: wildberriesMarketplaceUrl,
    YM: yandexMarketUrl,
  };
  const assemblyAdapters = Object.fromEntries(
    (Object.keys(baseUrls) as MarketplaceCode[]).map((mp) => [
      mp,
      assemblyAdapterFor(mp, { baseUrl: baseUrls[mp], pacing }),
    ]),
  ) as Record<MarketplaceCode, AssemblyAdapter>;
  const assembly = new OrderAssembly({
    db: app.database.db,
    assembly: new OrderAssemblyRepository(app.database.db),
    orders: repos.orders,
    catalog: repos.catalog,
    books,
    secrets: app.secrets,
    live: app.live,
    get uploads() {
      return app.uploads;
    },
    jobs: app.jobs,
    adapters: assemblyAdapters,
  });
  app.decorate('orderAssembly', assembly);
  app.jobs.register(ORDER_ASSEMBLY, assembly.handler());

  if (loop) {
    app.addHook('onReady', async () => loop.start());
    app.addHook('preClose', async () => loop.stop());
  }
});
