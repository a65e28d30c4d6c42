import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, Problem } from '../lib/problem.ts';
import { STOCK_PUSH, type StockPushPayload } from '../stock-push/job.ts';
import { STOCK_PUSH_KEY } from '../stock-push/push-key.ts';
import { previewStores } from '../stock-push/preview.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  logItemToWire,
  previewToWire,
  runToWire,
  stockPushJobParams,
  stockPushLogQuery,
  stockPushPreviewQuery,
  stockPushPreviewSchema,
  stockPushRunSchema,
  stockPushRunsSchema,
  stockPushSettingsBody,
  stockPushSettingsSchema,
  stockPushStartBody,
  stockPushStarted,
} from '../schemas/stock-push.ts';

/**
 * /api/v1/stock-push/…: the stock push to the marketplaces (issue 15) — preview, start, log and the
 * automatic-push setting. Online only, never queued: not queueable, and `transaction: false` on the
 * writes, whose single statements need no transaction and must not send a `changes` message (that would
 * wake the automatic push for nothing). Another user's store or run answers 404, exactly like a missing one.
 */
const stockPushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = () => ({ repo: app.repos.stockPush, secrets: app.secrets, adapters: app.marketplaces });

  /** The stores asked for, each the user's and connected; a refused request names the first wrong one. */
  async function checkStores(userId: string, marketIds: readonly string[]): Promise<void> {
    for (const id of new Set(marketIds)) {
      const store = await app.repos.markets.find(userId, id);
      if (!store) throw notFound(`Магазин «${id}» не найден`);
      if (store.marketplace === '-')
        throw new Problem(
          400,
          'marketplace_not_set',
          `Магазин «${store.name}» не подключён к маркетплейсу: остатки передавать некуда`,
        );
      if (!store.accessTokenEnc)
        throw new Problem(
          400,
          'access_token_missing',
          `У магазина «${store.name}» не задан ключ API: укажите его в настройках магазина`,
        );
    }
  }

  app.get(
    '/preview/',
    {
      schema: {
        tags: ['stock-push'],
        summary: 'Что изменит передача остатков',
        description:
          'По подключённому магазину (маркетплейс и ключ API заданы): карточки его товаров, остаток, резервы, ждущие сборки, ' +
          'сколько будет передано (остаток − активные резервы − ждёт сборки, не меньше 0) и сколько сейчас на складе маркетплейса. ' +
          'Маркетплейсы спрашиваются при каждом вызове; магазин, который спросить не удалось, приходит с error.',
        security: bearer,
        querystring: stockPushPreviewQuery,
        response: { 200: stockPushPreviewSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const marketId = request.query.market_id;
      if (marketId) await checkStores(userId, [marketId]);
      return previewToWire(await previewStores(deps(), userId, marketId ? [marketId] : undefined));
    },
  );

  app.post(
    '/start/',
    {
      config: { transaction: false },
      schema: {
        tags: ['stock-push'],
        summary: 'Передать остатки маркетплейсам',
        description:
          'Ставит одну фоновую задачу на все подключённые магазины (или market_ids). Ход — сообщения progress в живом канале, ' +
          'итог — уведомление и GET /api/v1/stock-push/log/{job_id}/ с ответом маркетплейса по каждому товару. ' +
          'Пока передача ждёт своей очереди, вторая не ставится: 409 stock_push_running (сколько бы запусков ни пришло ' +
          'разом, с любых экземпляров сервера, ждёт одна). Идущая передача следующую не задерживает: остатки могли ' +
          'измениться после её начала, и следующая пойдёт сразу после неё. Больше JOBS_QUEUE_LIMIT задач в очереди — 429.',
        security: bearer,
        body: stockPushStartBody,
        response: { 202: stockPushStarted, ...problems(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const marketIds = request.body.market_ids;
      if (marketIds) await checkStores(userId, marketIds);
      else if ((await app.repos.stockPush.connectedStores(userId)).length === 0)
        throw new Problem(
          400,
          'no_connected_stores',
          'Нет подключённых магазинов: укажите маркетплейс и ключ API в настройках магазина',
        );
      const payload: StockPushPayload = { market_ids: marketIds ? [...new Set(marketIds)] : null, trigger: 'manual' };
      const { job, created } = await app.jobs.enqueue(userId, STOCK_PUSH, payload, {
        maxAttempts: 3,
        dedupeKey: STOCK_PUSH_KEY,
      });
      if (!created) throw new Problem(409, 'stock_push_running', 'Остатки уже передаются: дождитесь окончания');
      reply.code(202);
      return { job_id: job.id };
    },
  );

  app.get(
    '/log/',
    {
      schema: {
        tags: ['stock-push'],
        summary: 'Журнал передач остатков',
        description:
          'Последние передачи, новые первыми: когда, чем запущена, сколько товаров принято и отклонено, итог по магазинам.',
        security: bearer,
        querystring: stockPushLogQuery,
        response: { 200: stockPushRunsSchema, ...problems(400, 401) },
      },
    },
    async (request) => ({
      runs: (await app.repos.stockPush.runs(request.businessId!, request.query.limit)).map(runToWire),
    }),
  );

  app.get(
    '/log/:job_id/',
    {
      schema: {
        tags: ['stock-push'],
        summary: 'Одна передача остатков: что отправлено и ответ маркетплейса по каждому товару',
        security: bearer,
        params: stockPushJobParams,
        response: { 200: stockPushRunSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const run = await app.repos.stockPush.run(userId, request.params.job_id);
      if (!run) throw notFound('Передача остатков не найдена');
      return { ...runToWire(run), items: (await app.repos.stockPush.items(userId, run.jobId)).map(logItemToWire) };
    },
  );

  app.get(
    '/settings/',
    {
      schema: {
        tags: ['stock-push'],
        summary: 'Настройки передачи остатков',
        security: bearer,
        response: { 200: stockPushSettingsSchema, ...problems(401) },
      },
    },
    async (request) => ({ auto_push: await app.repos.stockPush.autoPush(request.businessId!) }),
  );

  app.patch(
    '/settings/',
    {
      config: { transaction: false },
      schema: {
        tags: ['stock-push'],
        summary: 'Включить или выключить автоматическую передачу остатков',
        description:
          'auto_push: после изменений (через несколько секунд тишины) передаются остатки, изменившиеся с последней принятой передачи. По умолчанию выключено.',
        security: bearer,
        body: stockPushSettingsBody,
        response: { 200: stockPushSettingsSchema, ...problems(400, 401) },
      },
    },
    async (request) => ({
      auto_push: await app.repos.stockPush.setAutoPush(request.businessId!, request.body.auto_push),
    }),
  );
};

export default stockPushRoutes;
