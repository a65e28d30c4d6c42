import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POSTING_STATUS, type PostingStatusPayload } from '../import/postings.ts';
import { notFound, Problem } from '../lib/problem.ts';
import { marketplaceTitles, type MarketplaceCode } from '../marketplaces/types.ts';
import type { MarketRow } from '../repositories/markets.ts';
import { bearer, problems } from '../schemas/common.ts';
import { extractProductsBody, extractProductsResponse } from '../schemas/extract.ts';

const title = (code: string) => marketplaceTitles[code as MarketplaceCode] ?? code;

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
        response: { 202: extractProductsResponse, ...problems(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.userId!;
      const wanted = new Map(request.body.map((item) => [item.market_id, item]));
      for (const item of wanted.values()) {
        if (item.marketplace === '-')
          throw new Problem(400, 'marketplace_not_set', `Магазин «${item.market_id}» не подключён к маркетплейсу: загружать статусы неоткуда`);
      }
      const stores: MarketRow[] = [];
      for (const item of wanted.values()) {
        const store = await app.repos.markets.find(userId, item.market_id);
        if (!store) throw notFound(`Магазин «${item.market_id}» не найден`);
        if (store.marketplace === '-')
          throw new Problem(400, 'marketplace_not_set', `Магазин «${store.name}» не подключён к маркетплейсу: загружать статусы неоткуда`);
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
        const payload: PostingStatusPayload = { store_id: store.id };
        const job = await app.jobs.enqueue(userId, POSTING_STATUS, payload);
        jobs.push({ job_id: job.id, marketplace: store.marketplace, market_id: store.marketId });
      }
      reply.code(202);
      return { job_ids: jobs.map((j) => j.job_id), jobs };
    },
  );
};

export default extractStatusRoutes;
