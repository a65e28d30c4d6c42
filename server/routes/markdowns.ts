import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../lib/problem.ts';
import type { StockSource } from '../repositories/stock.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  markdownCreateBody,
  markdownIdParams,
  markdownItemToWire,
  markdownListQuery,
  markdownListSchema,
  markdownUpdateBody,
} from '../schemas/markdowns.ts';
import { markdownSchema, markdownToWire } from '../schemas/stock-rows.ts';

const tags = ['markdowns'];
const missing = () => notFound('Уценка не найдена');
const sourceOf = (id: string): StockSource => ({ table: 'markdowns', id });

/**
 * Markdowns (docs/rules.md «Расходы»): one unit taken from a lot (the oldest, or a named one) and set aside to be
 * sold at a reduced price. Deleting one puts its unit back into its lot. Another user's markdown
 * answers 404 like a missing one.
 */
const markdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Список уценок',
        description:
          'Сначала последние, по 50 на странице; batch_date — дата поступления партии, из которой взята единица.',
        security: bearer,
        querystring: markdownListQuery,
        response: { 200: markdownListSchema, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { page, page_size, date_start, date_end, release, product_id, search } = request.query;
      const { rows, total } = await repos.markdowns.list(request.businessId!, {
        page,
        pageSize: page_size,
        search,
        from: date_start,
        until: date_end,
        release,
        productId: product_id,
      });
      return { results: rows.map(markdownItemToWire), total };
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Уценить единицу товара',
        security: bearer,
        body: markdownCreateBody,
        response: { 201: markdownSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id: given, product_id, description, price, markdown_price, lot_id, date } = request.body;
      if (given && (await repos.markdowns.existing([given])).size > 0)
        throw conflict('duplicate', 'Уценка с таким идентификатором уже есть');
      const id = given ?? randomUUID();
      const { allocations } = await stock.take(userId, {
        productId: product_id,
        quantity: 1,
        reason: 'markdown',
        source: sourceOf(id),
        lotId: lot_id,
        date,
      });
      const row = await repos.markdowns.insert(userId, {
        id,
        productId: product_id,
        lotId: allocations[0]!.lotId,
        description,
        price,
        markdownPrice: markdown_price,
        datetime: date?.at,
        createdAt: date?.at,
      });
      reply.code(201);
      return markdownToWire(row);
    },
  );

  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить уценку',
        description: 'Цены, примечание и отметка о продаже; остаток не меняется.',
        security: bearer,
        params: markdownIdParams,
        body: markdownUpdateBody,
        response: { 200: markdownSchema, ...problems(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id } = request.params;
      if (!(await repos.markdowns.lock(userId, id))) throw missing();
      const { description, price, markdown_price, release } = request.body;
      const changed = await repos.markdowns.update(userId, id, {
        description,
        price,
        markdownPrice: markdown_price,
        release,
      });
      return markdownToWire(changed!);
    },
  );

  app.delete(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Удалить уценку',
        description: 'Единица возвращается в партию, из которой была взята.',
        security: bearer,
        params: markdownIdParams,
        response: { 204: z.null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id } = request.params;
      if (!(await repos.markdowns.lock(userId, id))) throw missing();
      await stock.putBack(userId, sourceOf(id));
      await repos.markdowns.remove(userId, id);
      reply.code(204);
      return null;
    },
  );
};

export default markdownRoutes;
