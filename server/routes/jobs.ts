import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import { jobIdParams, jobSchema, jobToWire } from '../schemas/extract.ts';

/**
 * A job's state, for clients that missed the live channel's messages (and for tests). Not in the
 * PWA's calls: the server's own (docs/architecture.md «Вызовы»); another user's job answers 404, exactly like a missing
 * one.
 */
const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Состояние фоновой задачи',
        security: bearer,
        params: jobIdParams,
        response: { 200: jobSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await app.repos.jobs.find(request.businessId!, request.params.id);
      if (!row) throw notFound('Задача не найдена');
      return jobToWire(row);
    },
  );
};

export default jobsRoutes;
