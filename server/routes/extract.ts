import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOG_IMPORT, type CatalogImportPayload } from '../import/catalog.ts';
import { notFound, Problem } from '../lib/problem.ts';
import { marketplaceTitles, type MarketplaceCode } from '../marketplaces/types.ts';
import type { MarketRow } from '../repositories/markets.ts';
import { bearer, problems } from '../schemas/common.ts';
import { extractProductsBody, extractProductsResponse } from '../schemas/extract.ts';
import extractReturnsRoutes from './extract-returns.ts';
import extractStatusRoutes from './extract-status.ts';

const tags = ['extract'];

/**
 * Loads from the marketplaces (docs/architecture.md «Вызовы», загрузки). Every store is checked before any job is queued,
 * and the jobs are queued in the request's transaction: a refused request starts nothing.
 */
const extractRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.addHook('onRequest', app.authenticate);
  await app.register(extractReturnsRoutes); // POST /returns/: one store's returns of a period
  await app.register(extractStatusRoutes); // POST /products/status/: the stores' posting statuses

  app.post(
    '/products/many',
    {
      schema: {
        tags,
        summary: 'Загрузить каталоги магазинов с маркетплейсов',
        description:
          'По фоновой задаче на магазин: карточки маркетплейса добавляются или обновляются, для новых создаются товары склада. ' +
          'Ход — сообщения progress в живом канале, итог — уведомление и GET /api/v1/jobs/{id}/.',
        security: bearer,
        body: extractProductsBody,
        response: { 202: extractProductsResponse, ...problems(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.userId!;
      const wanted = new Map(request.body.map((item) => [item.market_id, item]));
      for (const item of wanted.values()) {
        if (item.marketplace === '-')
          throw new Problem(400, 'marketplace_not_set', `Магазин «${item.market_id}» не подключён к маркетплейсу: загружать товары неоткуда`);
      }
      const stores: MarketRow[] = [];
      for (const item of wanted.values()) {
        const store = await repos.markets.find(userId, item.market_id);
        if (!store) throw notFound(`Магазин «${item.market_id}» не найден`);
        if (store.marketplace === '-')
          throw new Problem(400, 'marketplace_not_set', `Магазин «${store.name}» не подключён к маркетплейсу: загружать товары неоткуда`);
        if (store.marketplace !== item.marketplace)
          throw new Problem(
            400,
            'marketplace_mismatch',
            `Магазин «${store.name}» подключён к ${title(store.marketplace)}, а не к ${title(item.marketplace)}`,
          );
        if (!store.accessTokenEnc)
          throw new Problem(400, 'access_token_missing', `У магазина «${store.name}» не задан ключ API: укажите его в настройках магазина`);
        stores.push(store);
      }
      const jobs = [];
      for (const store of stores) {
        const payload: CatalogImportPayload = { store_id: store.id };
        const job = await app.jobs.enqueue(userId, CATALOG_IMPORT, payload);
        jobs.push({ job_id: job.id, marketplace: store.marketplace, market_id: store.marketId });
      }
      reply.code(202);
      return { job_ids: jobs.map((j) => j.job_id), jobs };
    },
  );
};

const title = (code: string) => marketplaceTitles[code as MarketplaceCode] ?? code;

export default extractRoutes;
