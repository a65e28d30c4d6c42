import fp from 'fastify-plugin';
import { CATALOG_IMPORT, catalogImportHandler } from '../../import/catalog.ts';
import { POSTING_STATUS, postingStatusHandler } from '../../import/postings.ts';
import { RETURNS_IMPORT, returnsImportHandler } from '../../import/returns.ts';
import { OzonAdapter } from '../../marketplaces/ozon.ts';
import { WildberriesAdapter } from '../../marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../marketplaces/yandex-market.ts';

/**
 * The marketplace import jobs: catalogs, returns and posting statuses. The adapters live as long as
 * the app and serve all three: their rate pacers count one seller's requests across all of that
 * seller's imports, as the marketplaces do (OZON's limit is per Client-Id across all methods; WB's
 * Content quota also pays for the returns import's card lookups).
 */
export default fp(async (app) => {
  const { ozonUrl, wildberriesUrl, wildberriesAnalyticsUrl, wildberriesMarketplaceUrl, yandexMarketUrl, pageSize } = app.config.marketplaces;
  const adapters = {
    OZON: new OzonAdapter({ baseUrl: ozonUrl, pageSize }),
    WILDBERRIES: new WildberriesAdapter({
      baseUrl: wildberriesUrl,
      analyticsUrl: wildberriesAnalyticsUrl,
      marketplaceUrl: wildberriesMarketplaceUrl,
      pageSize,
    }),
    YM: new YandexMarketAdapter({ baseUrl: yandexMarketUrl, pageSize }),
  };
  app.jobs.register(
    CATALOG_IMPORT,
    catalogImportHandler({ db: app.database.db, catalog: app.repos.catalog, secrets: app.secrets, live: app.live, adapters }),
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
