import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound, orderSale, productMissing } from '../lib/problem.ts';
import type { RealizationStatus } from '../repositories/realizations.ts';
import type { StockSource } from '../repositories/stock.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  realizationCreateBody,
  realizationIdParams,
  realizationProductParams,
  realizationUpdateBody,
} from '../schemas/realizations.ts';
import { realizationSchema, realizationToWire } from '../schemas/stock-rows.ts';
import { stockMessages } from '../../domain/stock-rules.ts';

const tags = ['realization'];
const missing = () => notFound('Продажа не найдена');
const sourceOf = (id: string): StockSource => ({ table: 'realizations', id });
const statusNames: Record<RealizationStatus, string> = { completed: 'проведена', cancelled: 'отменена' };
/** completed → cancelled is the only transition; cancelled is final. */
const transitions: Record<RealizationStatus, readonly RealizationStatus[]> = {
  completed: ['cancelled'],
  cancelled: [],
};
const invalidTransition = (from: RealizationStatus, to: RealizationStatus) =>
  conflict('invalid_transition', `Продажа ${statusNames[from]}: перевести её в состояние «${statusNames[to]}» нельзя`);

/**
 * Realizations (docs/rules.md «Реализации»): sales. A sale takes its units oldest lot first through the stock engine
 * and records their average unit cost as its price (cost of goods); the sale price is the user's.
 * Cancelling puts the units back for good. Another user's sale or product answers 404.
 */
const realizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:product_id/',
    {
      schema: {
        tags,
        summary: 'Продажи товара',
        description: 'Все продажи товара, отменённые тоже; сначала последние.',
        security: bearer,
        params: realizationProductParams,
        response: { 200: z.array(realizationSchema), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      if (!(await repos.products.find(userId, request.params.product_id))) throw productMissing();
      return (await repos.realizations.ofProduct(userId, request.params.product_id)).map(realizationToWire);
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Продать товар',
        security: bearer,
        body: realizationCreateBody,
        response: { 201: realizationSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id: given, count, price: enteredPrice, realization_price, product, date } = request.body;
      if (given && (await repos.realizations.existing([given])).size > 0)
        throw conflict('duplicate', 'Продажа с таким идентификатором уже есть');
      const id = given ?? randomUUID();
      const { unitCost } = await stock.take(userId, {
        productId: product,
        quantity: count,
        reason: 'realization',
        source: sourceOf(id),
        date,
      });
      const row = await repos.realizations.insert(userId, {
        id,
        productId: product,
        count,
        price: unitCost,
        enteredPrice,
        realizationPrice: realization_price,
        datetime: date?.at,
        createdAt: date?.at,
      });
      reply.code(201);
      return realizationToWire(row);
    },
  );

  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить или отменить продажу',
        description:
          'Статусы: completed → cancelled (единицы возвращаются в свои партии). Отменённая продажа окончательна. Новое количество списывается заново по FIFO, себестоимость (price) пересчитывается; price из запроса — введённая продавцом закупочная цена, хранится в entered_price. Продажу, созданную заказом маркетплейса (posting не null), меняет только заказ: 409 order_sale.',
        security: bearer,
        params: realizationIdParams,
        body: realizationUpdateBody,
        response: { 200: realizationSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const row = await repos.realizations.lock(userId, id);
      if (!row) throw missing();
      if (row.orderLineId) throw orderSale(row);
      const { count, price: enteredPrice, realization_price, status } = request.body;
      const target = status ?? row.status;
      if (target !== row.status && !transitions[row.status].includes(target))
        throw invalidTransition(row.status, target);
      const recounted = count !== undefined && count !== row.count;
      const edited =
        recounted ||
        (realization_price !== undefined && realization_price !== row.realizationPrice) ||
        (enteredPrice !== undefined && enteredPrice !== row.enteredPrice);
      if (edited && row.status === 'cancelled')
        throw conflict('realization_cancelled', stockMessages.realizationCancelled);
      let price: number | undefined;
      if (target === 'cancelled' && row.status === 'completed') {
        await stock.putBack(userId, sourceOf(id));
      } else if (recounted) {
        ({ unitCost: price } = await stock.retake(userId, {
          productId: row.productId,
          quantity: count,
          reason: 'realization',
          source: sourceOf(id),
        }));
      }
      const changed = await repos.realizations.update(userId, id, {
        count,
        price,
        enteredPrice,
        realizationPrice: realization_price,
        status: target === row.status ? undefined : target,
      });
      return realizationToWire(changed!);
    },
  );

  app.delete(
    '/:id/delete/',
    {
      schema: {
        tags,
        summary: 'Удалить продажу',
        description:
          'Единицы проведённой продажи возвращаются ровно в те партии, из которых были списаны. Продажу заказа маркетплейса (posting не null) удалить нельзя: 409 order_sale.',
        security: bearer,
        params: realizationIdParams,
        response: { 204: z.null(), ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const row = await repos.realizations.lock(userId, id);
      if (!row) throw missing();
      if (row.orderLineId) throw orderSale(row);
      await stock.putBack(userId, sourceOf(id));
      await repos.realizations.remove(userId, id);
      reply.code(204);
      return null;
    },
  );
};

export default realizationRoutes;
