import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound, productMissing } from '../lib/problem.ts';
import type { StockSource } from '../repositories/stock.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  disposalCreateBody,
  disposalDeleteBody,
  disposalDeletedSchema,
  disposalIdParams,
  disposalListQuery,
  disposalListSchema,
  disposalProductParams,
  disposalUpdateBody,
} from '../schemas/disposal.ts';
import { disposalSchema, disposalToWire } from '../schemas/stock-rows.ts';

const tags = ['disposal'];
const missing = (many = false) => notFound(many ? 'Некоторые списания не найдены' : 'Списание не найдено');
const sourceOf = (id: string): StockSource => ({ table: 'disposals', id });

/**
 * Disposals (docs/rules.md «Расходы»): write-offs. Each takes its units oldest lot first (or from a named lot)
 * through the stock engine; an edit takes them again and a deletion puts back exactly what it took.
 * Another user's disposal or product answers 404 like a missing one.
 */
const disposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:product_id/',
    {
      schema: {
        tags,
        summary: 'Списания товара',
        description: 'Сначала последние, по 50 на странице.',
        security: bearer,
        params: disposalProductParams,
        querystring: disposalListQuery,
        response: { 200: disposalListSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { product_id } = request.params;
      if (!(await repos.products.find(userId, product_id))) throw productMissing();
      const { rows, total } = await repos.disposals.ofProduct(
        userId,
        product_id,
        request.query.page,
        request.query.page_size,
      );
      return { results: rows.map(disposalToWire), total };
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Списать товар',
        security: bearer,
        body: disposalCreateBody,
        response: { 201: disposalSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id: given, product_id, count, price, description, lot_id, date } = request.body;
      if (given && (await repos.disposals.existing([given])).size > 0)
        throw conflict('duplicate', 'Списание с таким идентификатором уже есть');
      const id = given ?? randomUUID();
      await stock.take(userId, {
        productId: product_id,
        quantity: count,
        reason: 'disposal',
        source: sourceOf(id),
        lotId: lot_id,
        date,
      });
      const row = await repos.disposals.insert(userId, {
        id,
        productId: product_id,
        count,
        price,
        description,
        datetime: date?.at,
        createdAt: date?.at,
      });
      reply.code(201);
      return disposalToWire(row);
    },
  );

  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить списание',
        description: 'Новое количество или товар: единицы возвращаются в свои партии и списываются заново по FIFO.',
        security: bearer,
        params: disposalIdParams,
        body: disposalUpdateBody,
        response: { 200: disposalSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const { product_id, count, price, description } = request.body;
      const [row] = await repos.disposals.lockMany(userId, [id]);
      if (!row) throw missing();
      const productId = product_id ?? row.productId;
      const quantity = count ?? row.count;
      if (productId !== row.productId || quantity !== row.count) {
        await stock.retake(userId, { productId, quantity, reason: 'disposal', source: sourceOf(id) });
      }
      const changed = await repos.disposals.update(userId, id, { productId, count: quantity, price, description });
      return disposalToWire(changed!);
    },
  );

  app.delete(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Удалить списания',
        security: bearer,
        body: disposalDeleteBody,
        response: { 200: disposalDeletedSchema, ...problems(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const ids = [...new Set(request.body)];
      const rows = await repos.disposals.lockMany(userId, ids);
      if (rows.length !== ids.length) throw missing(ids.length > 1);
      for (const id of ids) await stock.putBack(userId, sourceOf(id));
      await repos.disposals.remove(userId, ids);
      return { deleted_ids: ids };
    },
  );
};

export default disposalRoutes;
