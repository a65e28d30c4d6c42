import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RETURNS_IMPORT, type ReturnsImportPayload } from '../import/returns.ts';
import { Problem } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import { extractProductsResponse, extractReturnsBody } from '../schemas/extract.ts';
import { queueLoads, refuseUnconnected, storesToLoad } from './import-stores.ts';

/** The longest period one request may load: a year, leap day included. */
const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`);

/**
 * POST /api/v1/extract/returns/: one store's customer returns of a period, loaded by a background job
 * (server/import/returns.ts) exactly as catalogs are: progress in the live channel, the outcome in a
 * notification and GET /api/v1/jobs/{id}/. Registered inside the extract routes (their auth hook).
 */
const extractReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/returns/',
    {
      schema: {
        tags: ['extract'],
        summary: 'Загрузить возвраты магазина с маркетплейса за период',
        description:
          "Отправляется по магазину, чей маркетплейс не '-'. Фоновая задача добавляет возвраты маркетплейса или обновляет их " +
          'сведения от маркетплейса; возврат связывается с товаром склада через карточку магазина, без совпадения сохраняется ' +
          'без товара. Обработанный возврат и возврат со статусом или ценой не меняются. Повторная загрузка периода не дублирует. ' +
          'Ход — сообщения progress в живом канале, итог — уведомление и GET /api/v1/jobs/{id}/.',
        security: bearer,
        body: extractReturnsBody,
        response: { 202: extractProductsResponse, ...problems(400, 401, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { date_start: dateStart, date_end: dateEnd } = request.body;
      refuseUnconnected([request.body], 'возвраты');
      const start = dayOf(dateStart);
      const end = dayOf(dateEnd);
      if (start > end)
        throw new Problem(400, 'invalid_period', `Начало периода (${dateStart}) позже его конца (${dateEnd})`, [
          { field: 'date_start', message: 'не позже date_end' },
        ]);
      if ((end - start) / DAY_MS + 1 > MAX_PERIOD_DAYS)
        throw new Problem(
          400,
          'period_too_long',
          `Период длиннее года: загрузите возвраты по частям не длиннее ${MAX_PERIOD_DAYS} дней`,
          [{ field: 'date_end', message: `не дальше ${MAX_PERIOD_DAYS} дней от date_start` }],
        );
      // A day of slack: the seller's today may already be tomorrow in UTC.
      if (start > Date.now() + DAY_MS)
        throw new Problem(
          400,
          'period_in_future',
          `Период начинается в будущем (${dateStart}): возвратов за него ещё нет`,
          [{ field: 'date_start', message: 'не позже сегодняшнего дня' }],
        );

      const stores = await storesToLoad(app, userId, [request.body], 'возвраты');
      const answer = await queueLoads(app, userId, stores, RETURNS_IMPORT, (store): ReturnsImportPayload => ({
        store_id: store.id,
        date_start: dateStart,
        date_end: dateEnd,
      }));
      reply.code(202);
      return answer;
    },
  );
};

export default extractReturnsRoutes;
