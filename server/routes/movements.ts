import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productMissing } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import { movementListSchema, movementsParams, movementsQuery } from '../schemas/inventory.ts';
import { movementToWire } from '../schemas/stock-rows.ts';

/**
 * A product's stock ledger (docs/rules.md «Партии», журнал движения): every change of its lots' remaining units, newest
 * first. Registered under /api/v1/products beside the product calls, in a file of its own.
 */
const movementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/movements/',
    {
      schema: {
        tags: ['products'],
        summary: 'Движения товара по складу',
        description: 'Журнал изменений остатков партий товара: сумма delta по партии равна её остатку.',
        security: bearer,
        params: movementsParams,
        querystring: movementsQuery,
        response: { 200: movementListSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { page, page_size, before } = request.query;
      if (!(await repos.products.find(userId, request.params.id))) throw productMissing();
      const [rows, total] = await repos.stock.movementsOfProduct(
        userId,
        request.params.id,
        page_size,
        (page - 1) * page_size,
        before,
      );
      return { results: rows.map(movementToWire), total };
    },
  );
};

export default movementRoutes;
