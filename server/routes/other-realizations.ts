import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inLine, notFound, Problem, productMissing } from '../lib/problem.ts';
import type { StockSource } from '../repositories/stock.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  otherRealizationBatchBody,
  otherRealizationBatchResponse,
  otherRealizationIdParams,
  otherRealizationListQuery,
  otherRealizationUpdateBody,
} from '../schemas/other-realizations.ts';
import { otherRealizationSchema, otherRealizationToWire } from '../schemas/stock-rows.ts';

const tags = ['other-realizations'];
const missing = () => notFound('Реализация не найдена');
const sourceOf = (id: string): StockSource => ({ table: 'other_realizations', id });

/**
 * Other realizations (docs/rules.md «Расходы»): units leaving the warehouse outside the marketplaces' flow. Each
 * takes its units oldest lot first through the stock engine and is valued at their cost.
 */
const otherRealizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Сохранить строки прочих реализаций',
        security: bearer,
        body: otherRealizationBatchBody,
        response: { 200: otherRealizationBatchResponse, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const lines = request.body.batch;
      const lineIds = lines.flatMap((l) => (l.id ? [l.id] : []));
      if (new Set(lineIds).size !== lineIds.length)
        throw new Problem(400, 'line_repeated', 'Одна и та же реализация указана в нескольких строках');
      const current = new Map((await repos.otherRealizations.findMany(userId, lineIds, true)).map((r) => [r.id, r]));
      const taken = await repos.otherRealizations.existing(lineIds.filter((id) => !current.has(id)));
      const results = [];
      for (const [i, line] of lines.entries()) {
        try {
          if (line.id && !current.has(line.id) && taken.has(line.id)) throw missing();
          const id = line.id ?? randomUUID();
          const take = {
            productId: line.product_id,
            quantity: line.count,
            reason: 'other_realization' as const,
            source: sourceOf(id),
          };
          const { unitCost } = current.has(id) ? await stock.retake(userId, take) : await stock.take(userId, take);
          const values = {
            productId: line.product_id,
            count: line.count,
            marketplace: line.marketplace,
            realizationPrice: line.realization_price,
            description: line.description,
            price: unitCost,
          };
          results.push(
            current.has(id)
              ? (await repos.otherRealizations.update(userId, id, values))!
              : await repos.otherRealizations.insert(userId, { id, ...values }),
          );
        } catch (err) {
          throw inLine(i, err);
        }
      }
      return { results: results.map(otherRealizationToWire) };
    },
  );

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Прочие реализации товара',
        description: 'Сначала последние.',
        security: bearer,
        querystring: otherRealizationListQuery,
        response: { 200: z.array(otherRealizationSchema), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      if (!(await repos.products.find(userId, request.query.product_id))) throw productMissing();
      return (await repos.otherRealizations.ofProduct(userId, request.query.product_id)).map(otherRealizationToWire);
    },
  );

  app.patch(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Изменить прочую реализацию',
        description: 'Новое количество или товар списываются заново по FIFO; себестоимость (price) пересчитывается.',
        security: bearer,
        body: otherRealizationUpdateBody,
        response: { 200: otherRealizationSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id, product_id, product, count, marketplace, realization_price, description, release } = request.body;
      if (product_id !== undefined && product !== undefined && product_id !== product)
        throw new Problem(400, 'product_mismatch', 'product и product_id указывают на разные товары');
      const row = await repos.otherRealizations.find(userId, id, true);
      if (!row) throw missing();
      const productId = product_id ?? product ?? row.productId;
      const quantity = count ?? row.count;
      let price: number | undefined;
      if (productId !== row.productId || quantity !== row.count) {
        ({ unitCost: price } = await stock.retake(userId, {
          productId,
          quantity,
          reason: 'other_realization',
          source: sourceOf(id),
        }));
      }
      const changed = await repos.otherRealizations.update(userId, id, {
        productId,
        count: quantity,
        marketplace,
        realizationPrice: realization_price,
        description,
        release,
        price,
      });
      return otherRealizationToWire(changed!);
    },
  );

  app.delete(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Удалить прочую реализацию',
        description: 'Единицы возвращаются ровно в те партии, из которых были списаны.',
        security: bearer,
        params: otherRealizationIdParams,
        response: { 204: z.null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id } = request.params;
      if (!(await repos.otherRealizations.find(userId, id, true))) throw missing();
      await stock.putBack(userId, sourceOf(id));
      await repos.otherRealizations.remove(userId, [id]);
      reply.code(204);
      return null;
    },
  );
};

export default otherRealizationRoutes;
