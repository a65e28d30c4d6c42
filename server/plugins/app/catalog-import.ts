import fp from 'fastify-plugin';
import { CATALOG_IMPORT, catalogImportHandler } from '../../import/catalog.ts';
import { POSTING_STATUS, postingStatusHandler } from '../../import/postings.ts';
import { RETURNS_IMPORT, returnsImportHandler } from '../../import/returns.ts';
import { OzonAdapter } from '../../marketplaces/ozon.ts';
import { PacerPool } from '../../marketplaces/pacing.ts';
import { SharedPacerStore } from '../../marketplaces/shared-pacing.ts';
import { WildberriesAdapter } from '../../marketplaces/wildberries.ts';
import type { MarketplaceAdapter, MarketplaceCode } from '../../marketplaces/types.ts';
import { YandexMarketAdapter } from '../../marketplaces/yandex-market.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketplace adapters, one per marketplace for the app's lifetime: their pacers count each seller's quota. */
    marketplaces: Record<MarketplaceCode, MarketplaceAdapter>;
  }
}

/**
 * The marketplace import jobs: catalogs, returns and posting statuses. The adapters live as long as
 * the app and serve all three: their rate pacers count one seller's requests across all of that
 * seller's imports, as the marketplaces do (OZON's limit is per Client-Id across all methods; WB's
 * Content quota also pays for the returns import's card lookups).
 */
export default fp(async (app) => {
  const { ozonUrl, wildberriesUrl, wildberriesAnalyticsUrl, wildberriesMarketplaceUrl, yandexMarketUrl, pageSize } =
    app.config.marketplaces;
  const stock = app.config.stockPush;
  // One pool of pacers for every marketplace call the app makes: a seller's quota is counted once, and
  // counted in the database, so every instance of the server spends it together.
  const pacerStore = new SharedPacerStore(app.repos.pacers);
  const pacing = new PacerPool(pacerStore);
  // A take still waiting when the app closes must not wake to a closed database: it ends, unsent.
  app.addHook('onClose', async () => pacerStore.close());
  const adapters = {
    OZON: new OzonAdapter({
      pacing,
      baseUrl: ozonUrl,
      pageSize,
      postingsPageSize: pageSize,
      stocksPerMinute: stock.ozonPerMinute,
      stockMinuteMs: stock.minuteMs,
      stockBatchSize: stock.batchSize,
    }),
    WILDBERRIES: new WildberriesAdapter({
      pacing,
      baseUrl: wildberriesUrl,
      analyticsUrl: wildberriesAnalyticsUrl,
      marketplaceUrl: wildberriesMarketplaceUrl,
      pageSize,
      ordersRequestsPerMinute: stock.wbPerMinute,
      ordersBurst: stock.wbBurst,
      marketplaceMinuteMs: stock.minuteMs,
      stockBatchSize: stock.batchSize,
    }),
    YM: new YandexMarketAdapter({
      pacing,
      baseUrl: yandexMarketUrl,
      pageSize,
      stockSkusPerMinute: stock.ymSkusPerMinute,
      stockMinuteMs: stock.minuteMs,
      stockBatchSize: stock.batchSize,
    }),
  };
  // The stock push (plugins/app/stock-push.ts) uses the same adapters, so one seller's quotas are counted once.
  app.decorate('marketplaces', adapters);
  app.jobs.register(
    CATALOG_IMPORT,
    catalogImportHandler({
      db: app.database.db,
      catalog: app.repos.catalog,
      secrets: app.secrets,
      live: app.live,
      adapters,
    }),
  );
  app.jobs.register(
    RETURNS_IMPORT,
    returnsImportHandler({
      db: app.database.db,
      catalog: app.repos.catalog,
      returns: app.repos.returnsImport,
      secrets: app.secrets,
      live: app.live,
      adapters,
    }),
  );
  app.jobs.register(
    POSTING_STATUS,
    postingStatusHandler({
      db: app.database.db,
      catalog: app.repos.catalog,
      postings: app.repos.postings,
      secrets: app.secrets,
      live: app.live,
      adapters,
    }),
  );
});
