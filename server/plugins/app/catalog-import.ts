import fp from 'fastify-plugin';
import { CATALOG_IMPORT, catalogImportHandler } from '../../import/catalog.ts';
import { OzonAdapter } from '../../marketplaces/ozon.ts';
import { WildberriesAdapter } from '../../marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../marketplaces/yandex-market.ts';

/**
 * The catalog import job. The adapters live as long as the app: their rate pacers count one
 * seller's requests across all of that seller's imports, as the marketplaces do.
 */
export default fp(async (app) => {
  const { ozonUrl, wildberriesUrl, yandexMarketUrl, pageSize } = app.config.marketplaces;
  const adapters = {
    OZON: new OzonAdapter({ baseUrl: ozonUrl, pageSize }),
    WILDBERRIES: new WildberriesAdapter({ baseUrl: wildberriesUrl, pageSize }),
    YM: new YandexMarketAdapter({ baseUrl: yandexMarketUrl, pageSize }),
  };
  app.jobs.register(
    CATALOG_IMPORT,
    catalogImportHandler({ db: app.database.db, catalog: app.repos.catalog, secrets: app.secrets, live: app.live, adapters }),
  );
});
