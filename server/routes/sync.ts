import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, problems } from '../schemas/common.ts';
import { pullQuery, pullResponse, pushBody, pushResponse } from '../schemas/sync.ts';
import { pushEntries } from '../sync/push.ts';

const tags = ['sync'];

/** The offline client's two calls: pull what changed since a cursor; push queued edits. */
const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/pull',
    {
      schema: {
        tags,
        summary: 'Изменения после курсора (строки и удаления всех зеркалируемых таблиц)',
        security: bearer,
        querystring: pullQuery,
        response: { 200: pullResponse, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { since, limit } = request.query;
      const { changes, hasMore } = await app.repos.sync.changesSince(request.userId!, since, limit);
      return { cursor: changes.at(-1)?.version ?? since, has_more: hasMore, changes };
    },
  );

  app.post(
    '/push',
    {
      bodyLimit: 8 * 1024 * 1024,
      config: { transaction: false },
      schema: {
        tags,
        summary: 'Отправить очередь правок',
        description:
          'Каждая запись — обычный вызов REST API, выполняется теми же обработчиками. Записи одной группы применяются в одной транзакции или не применяются вовсе (остальные получают 424). Повтор записи с тем же id возвращает первый ответ и ничего не меняет.',
        security: bearer,
        body: pushBody,
        response: { 200: pushResponse, ...problems(400, 401, 413) },
      },
    },
    async (request) => ({ results: await pushEntries(app, request, request.body) }),
  );
};

export default syncRoutes;
