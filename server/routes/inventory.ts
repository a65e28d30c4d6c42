import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inLine, lotMissing, Problem, productMissing, type ProblemFieldError } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import { deletedIdsSchema } from '../schemas/products.ts';
import {
  inventoryBatchBody,
  inventoryBatchResponse,
  inventoryItemToWire,
  inventoryListQuery,
  inventoryListSchema,
  inventorySumSchema,
  lotCreateBody,
  lotDeleteBody,
  lotIdParams,
  lotUpdateBody,
  productLotsParams,
  productLotsQuery,
} from '../schemas/inventory.ts';
import { lotSchema, lotToWire } from '../schemas/stock-rows.ts';
import { unique } from '../lib/unique.ts';
import { lockedLots } from '../stock/locked-lots.ts';

const tags = ['inventory'];
/** A lot moved to another product would take its ledger with it: refused, the lot stays where it is. */
const productFixed = () =>
  new Problem(
    422,
    'lot_product_fixed',
    'Партию нельзя перенести к другому товару: удалите её и оприходуйте товар заново',
  );

/**
 * The lots calls (docs/rules.md «Партии») and the batch lines call. Another user's lot answers 404 like a missing one.
 */
const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/inventory/',
    {
      schema: {
        tags,
        summary: 'Список партий',
        description: 'Партии пользователя с названием, картинками и артикулами товара; сначала последние поступления.',
        security: bearer,
        querystring: inventoryListQuery,
        response: { 200: inventoryListSchema, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { page, page_size, search, date_from, date_to, ids, is_return } = request.query;
      const { rows, total } = await repos.lots.list(request.businessId!, {
        page,
        pageSize: page_size,
        search,
        from: date_from,
        until: date_to,
        ids,
        isReturn: is_return,
      });
      return { results: rows.map(inventoryItemToWire), total };
    },
  );

  app.get(
    '/inventory/sum',
    {
      schema: {
        tags,
        summary: 'Итог по складу',
        security: bearer,
        response: { 200: inventorySumSchema, ...problems(401) },
      },
    },
    async (request) => repos.lots.sum(request.businessId!),
  );

  app.get(
    '/inventory/:id/',
    {
      schema: {
        tags,
        summary: 'Партии товара',
        description: 'В порядке FIFO: сначала самые ранние поступления — из них и списывается товар.',
        security: bearer,
        params: productLotsParams,
        querystring: productLotsQuery,
        response: { 200: z.array(lotSchema), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      if (!(await repos.products.find(userId, request.params.id))) throw productMissing();
      const lots = await repos.stock.lotsOfProduct(userId, request.params.id);
      return lots.filter((l) => !request.query.just_not_sold_out || l.count > 0).map(lotToWire);
    },
  );

  app.post(
    '/inventory/',
    {
      schema: {
        tags,
        summary: 'Оприходовать партию',
        security: bearer,
        body: lotCreateBody,
        response: { 201: lotSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const { id, product_id, count, price, date } = request.body;
      const userId = request.businessId!;
      if (id && (await repos.lots.existing([id])).size > 0)
        throw new Problem(409, 'duplicate', 'Партия с таким идентификатором уже есть');
      const lot = await stock.receive(userId, { id, productId: product_id, count, price, receivedAt: date });
      reply.code(201);
      return lotToWire(lot);
    },
  );

  app.patch(
    '/inventory/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить остаток или цену партии',
        description: 'count — остаток партии (от 0 до поступившего count_max); больше count_max — 422.',
        security: bearer,
        params: lotIdParams,
        body: lotUpdateBody,
        response: { 200: lotSchema, ...problems(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const [lot] = await lockedLots(repos.stock, stock, userId, [request.params.id]);
      const { product_id, count, price } = request.body;
      if (product_id !== undefined && product_id !== lot!.productId) throw productFixed();
      await stock.editLot(userId, lot!, { count, price });
      const [changed] = await repos.stock.lotsByIds(userId, [lot!.id]);
      return lotToWire(changed!);
    },
  );

  app.delete(
    '/inventory/',
    {
      schema: {
        tags,
        summary: 'Удалить партии',
        security: bearer,
        body: lotDeleteBody,
        response: { 200: deletedIdsSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const ids = unique(request.body);
      await stock.removeLots(userId, await lockedLots(repos.stock, stock, userId, ids));
      return { deleted_ids: ids };
    },
  );

  app.post(
    '/inventory_batch/',
    {
      schema: {
        tags,
        summary: 'Сохранить строки документа поступления',
        security: bearer,
        body: inventoryBatchBody,
        response: { 200: inventoryBatchResponse, ...problems(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const lines = request.body.batch;
      const lineIds = lines.flatMap((l) => (l.id ? [l.id] : []));
      if (new Set(lineIds).size !== lineIds.length)
        throw new Problem(400, 'line_repeated', 'Одна и та же партия указана в нескольких строках');
      // Every empty line at once, as the batch screen flags them all (docs/rules.md «Документы»).
      const errors: ProblemFieldError[] = lines.flatMap((l, i) => [
        ...(l.count > 0 ? [] : [{ field: `batch.${i}.count`, message: 'количество должно быть больше 0' }]),
        ...(l.price > 0 ? [] : [{ field: `batch.${i}.price`, message: 'цена должна быть больше 0' }]),
      ]);
      if (errors.length > 0) {
        const numbers = unique(errors.map((e) => String(Number(e.field.split('.')[1]) + 1)));
        throw new Problem(
          422,
          'line_incomplete',
          `Укажите количество и цену больше 0 в строках: ${numbers.join(', ')}`,
          errors,
        );
      }
      const existing = new Map((await repos.stock.lotsByIds(userId, lineIds)).map((l) => [l.id, l]));
      const taken = await repos.lots.existing(lineIds.filter((id) => !existing.has(id)));
      const ids: string[] = [];
      for (const [i, line] of lines.entries()) {
        try {
          const lot = line.id ? existing.get(line.id) : undefined;
          if (lot) {
            if (line.product_id !== lot.productId) throw productFixed();
            await stock.editLot(userId, lot, { countMax: line.count, price: line.price, inBatch: true });
            ids.push(lot.id);
          } else {
            if (line.id && taken.has(line.id)) throw lotMissing();
            const created = await stock.receive(userId, {
              id: line.id ?? undefined,
              productId: line.product_id,
              count: line.count,
              price: line.price,
            });
            ids.push(created.id);
          }
        } catch (err) {
          throw inLine(i, err);
        }
      }
      const byId = new Map((await repos.stock.lotsByIds(userId, ids)).map((l) => [l.id, l]));
      return { results: ids.map((id) => lotToWire(byId.get(id)!)) };
    },
  );
};

export default inventoryRoutes;
