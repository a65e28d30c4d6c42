import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, problems } from '../schemas/common.ts';
import {
  digestQuery,
  digestResponse,
  pullColumnsResponse,
  pullQuery,
  pullResponse,
  pushBody,
  pushResponse,
} from '../schemas/sync.ts';
import { toColumns } from '../sync/pull-columns.ts';
import { withoutCosts } from '../lib/cost-fields.ts';

const withoutCostsRow = (row: Record<string, unknown>) => withoutCosts(row) as Record<string, unknown>;
import { pushEntries } from '../sync/push.ts';

const tags = ['sync'];

/** The offline client's calls: pull what changed since a cursor; push queued edits; check its mirror. */
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
        description:
          'format=columns отвечает теми же изменениями по таблицам, с именами полей один раз на таблицу (SyncPullColumns): на 5000 строк это вдвое меньше JSON до сжатия.',
        response: { 200: z.union([pullResponse, pullColumnsResponse]), ...problems(400, 401) },
      },
      // The page is built here from rows the toWire functions shaped: checking it again against the
      // schema cost more than reading it (tests/bench/pull-pg.ts), so it is only stringified.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { since, limit, table, format, history_from } = request.query;
      const { changes, hasMore } = await app.repos.sync.changesSince(
        request.businessId!,
        since,
        limit,
        table,
        history_from,
      );
      const cursor = changes.at(-1)?.version ?? since;
      if (format !== 'columns') return { cursor, has_more: hasMore, changes };
      // In columns a field's name is a value, out of reach of the money filter that runs on every answer
      // (plugins/app/cost-visibility.ts): the rows lose their costs before they are encoded.
      const hidden = request.member && !request.member.canSeeCosts;
      const visible = hidden ? changes.map((c) => ({ ...c, row: c.row && withoutCostsRow(c.row) })) : changes;
      return toColumns(cursor, hasMore, visible);
    },
  );

  app.get(
    '/digest',
    {
      schema: {
        tags,
        summary: 'Сводка зеркалируемых таблиц: число строк, наибольшая версия и сумма версий',
        description:
          'Устройство считает то же по своей копии, догнав cursor, и загружает заново (pull с table и since=0) таблицу, которая не сходится. С history_from таблицы истории считаются только по строкам окна.',
        security: bearer,
        querystring: digestQuery,
        response: { 200: digestResponse, ...problems(400, 401) },
      },
    },
    async (request) => app.repos.sync.digest(request.businessId!, request.query.history_from),
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
          'Каждая запись — обычный вызов REST API, выполняется теми же обработчиками. Записи одной группы применяются в одной транзакции или не применяются вовсе (остальные получают 424). Повтор записи с тем же id возвращает первый ответ и ничего не меняет. Не больше 500 записей; записи, до которых не дошла очередь за отведённое время, получают 503 push_deadline. Если записи раз за разом сталкиваются с одновременными изменениями тех же данных, не применённые получают 503 write_conflict (а если не применено ничего — весь ответ 503 с Retry-After). На встроенной базе сервер применяет одновременно ограниченное число отправок: лишняя после короткого ожидания получает 503 push_busy с Retry-After.',
        security: bearer,
        body: pushBody,
        response: { 200: pushResponse, ...problems(400, 401, 413, 429, 503) },
      },
    },
    async (request) => ({ results: await pushEntries(app, request, request.body) }),
  );
};

export default syncRoutes;
