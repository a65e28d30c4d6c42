import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseProbe } from '../lib/health-probe.ts';
import { Problem } from '../lib/problem.ts';
import { problems } from '../schemas/common.ts';

/**
 * Readiness: 200 while the database answers within 2 s, 503 problem otherwise. One shared probe,
 * reused for half a second, keeps it cheap (it is also the baseline route of the benchmarks).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseAnswers = databaseProbe(() => app.repos.health.ping());
  app.get(
    '/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Проверка, что сервер и база данных работают',
        response: { 200: z.object({ status: z.literal('ok') }), ...problems(503) },
      },
    },
    async () => {
      if (!(await databaseAnswers()))
        throw new Problem(
          503,
          'database_unavailable',
          'База данных не отвечает: сервер временно не может работать',
          undefined,
          { 'retry-after': '5' },
        );
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
