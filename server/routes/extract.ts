import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOG_IMPORT, type CatalogImportPayload } from '../import/catalog.ts';
import { bearer, problems } from '../schemas/common.ts';
import { extractProductsBody, extractProductsResponse } from '../schemas/extract.ts';
import extractReturnsRoutes from './extract-returns.ts';
import { queueLoads, storesToLoad } from './import-stores.ts';
import extractStatusRoutes from './extract-status.ts';

const tags = ['extract'];

/**
 * Loads from the marketplaces (docs/architecture.md «Вызовы», загрузки). Every store is checked before any job is
 * queued,
 * and the jobs are queued in the request's transaction: a refused request starts nothing.
 */
const extractRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 202: extractProductsResponse, ...problems(400, 401, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const stores = await storesToLoad(app, userId, request.body, 'товары');
      const answer = await queueLoads(app, userId, stores, CATALOG_IMPORT, (store): CatalogImportPayload => ({
        store_id: store.id,
      }));
      reply.code(202);
      return answer;
    },
  );
};

export default extractRoutes;
