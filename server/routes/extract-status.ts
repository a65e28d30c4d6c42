import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POSTING_STATUS, type PostingStatusPayload } from '../import/postings.ts';
import { bearer, problems } from '../schemas/common.ts';
import { extractProductsBody, extractProductsResponse } from '../schemas/extract.ts';
import { queueLoads, storesToLoad } from './import-stores.ts';

/**
 * POST /api/v1/extract/products/status/: refreshes the posting statuses of the given stores, one
 * background job a store (server/import/postings.ts), exactly as catalogs load. Every store is checked
 * before any job is queued, and the jobs are queued in the request's transaction: a refused request
 * starts nothing. Registered inside the extract routes (their auth hook).
 */
const extractStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/status/',
    {
      schema: {
        tags: ['extract'],
        summary: 'Обновить статусы отправлений магазинов',
        description:
          "Отправляется списком магазинов, чей маркетплейс не '-'. По фоновой задаче на магазин: текущие отправления магазина " +
          '(ждут сборки, ждут отгрузки, доставляются) сопоставляются с карточками магазина, количества суммируются по карточке, ' +
          'и снимок статусов магазина заменяется целиком (карточки, которых больше нет в отправлениях, обнуляются). ' +
          'Позиции без карточки считаются и называются в итоговом уведомлении. Ход — сообщения progress в живом канале, ' +
          'итог — уведомление и GET /api/v1/jobs/{id}/; цифры — GET /api/v1/products_mp_status/.',
        security: bearer,
        body: extractProductsBody,
        response: { 202: extractProductsResponse, ...problems(400, 401, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const stores = await storesToLoad(app, userId, request.body, 'статусы');
      const answer = await queueLoads(app, userId, stores, POSTING_STATUS, (store): PostingStatusPayload => ({
        store_id: store.id,
      }));
      reply.code(202);
      return answer;
    },
  );
};

export default extractStatusRoutes;
