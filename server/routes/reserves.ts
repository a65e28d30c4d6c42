import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  beforeReserve,
  conflict,
  dateWithoutSale,
  insufficientStock,
  notFound,
  orderReserve,
  productMissing,
} from '../lib/problem.ts';
import type { ReserveStatus } from '../repositories/reserves.ts';
import { bearer, problems } from '../schemas/common.ts';
import { lastInstantOf } from '../schemas/outflow-date.ts';
import { reserveCreateBody, reserveIdParams, reserveProductParams, reserveUpdateBody } from '../schemas/reserves.ts';
import { reserveSchema, reserveToWire } from '../schemas/stock-rows.ts';

const tags = ['reserve'];
const missing = () => notFound('Резерв не найден');
const statusNames: Record<ReserveStatus, string> = { active: 'активен', released: 'снят', realized: 'продан' };
/** Which statuses a reserve may move to: active → released | realized; both are final. */
const transitions: Record<ReserveStatus, readonly ReserveStatus[]> = {
  active: ['released', 'realized'],
  released: [],
  realized: [],
};
const invalidTransition = (from: ReserveStatus, to: ReserveStatus) =>
  conflict('invalid_transition', `Резерв ${statusNames[from]}: перевести его в состояние «${statusNames[to]}» нельзя`);

/**
 * Reserves (docs/rules.md «Резервы»): units set aside for a buyer. While active they are not free — disposals,
 * markdowns and sales cannot take them; realizing a reserve sells its units (a realization taken
 * FIFO in the same transaction). Another user's reserve or product answers 404 like a missing one.
 */
const reserveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  /** 409 naming the free units when `count` more than they are (this reserve's own units count as free). */
  async function ensureFree(userId: string, productId: string, count: number, exceptReserveId?: string) {
    const { free } = await stock.available(userId, productId, exceptReserveId);
    if (count > free) throw insufficientStock(Math.max(0, free));
  }

  app.get(
    '/:product_id/',
    {
      schema: {
        tags,
        summary: 'Резервы товара',
        description: 'Все резервы товара (активные, снятые и проданные), сначала последние.',
        security: bearer,
        params: reserveProductParams,
        response: { 200: z.array(reserveSchema), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      if (!(await repos.products.find(userId, request.params.product_id))) throw productMissing();
      return (await repos.reserves.ofProduct(userId, request.params.product_id)).map(reserveToWire);
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Зарезервировать товар',
        security: bearer,
        body: reserveCreateBody,
        response: { 201: reserveSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id: given, count, price, product, date } = request.body;
      if (given && (await repos.reserves.existing([given])).size > 0)
        throw conflict('duplicate', 'Резерв с таким идентификатором уже есть');
      await stock.lockProduct(userId, product);
      await ensureFree(userId, product, count);
      if (date) await stock.ensureReservableBy(userId, product, count, date);
      const row = await repos.reserves.insert(userId, {
        id: given ?? randomUUID(),
        productId: product,
        count,
        price,
        createdAt: date?.at,
      });
      reply.code(201);
      return reserveToWire(row);
    },
  );

  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить резерв, снять или продать его',
        description:
          'Статусы: active → released (снят) или active → realized (продан). При переходе в realized создаётся реализация на count единиц по цене price: единицы списываются из партий по FIFO, её себестоимость считается по ним. released и realized окончательные. Резерв, созданный заказом маркетплейса (posting не null), меняет только заказ: 409 order_reserve.',
        security: bearer,
        params: reserveIdParams,
        body: reserveUpdateBody,
        response: { 200: reserveSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const row = await repos.reserves.lock(userId, id);
      if (!row) throw missing();
      if (row.orderLineId) throw orderReserve(row);
      const { count, price, status, date } = request.body;
      const target = status ?? row.status;
      if (target !== row.status && !transitions[row.status].includes(target))
        throw invalidTransition(row.status, target);
      if (date && !(target === 'realized' && row.status === 'active')) throw dateWithoutSale();
      // A bare day counts as the whole day: a sale on the day the reserve was made is not before it.
      if (date && lastInstantOf(date) < row.createdAt.getTime()) throw beforeReserve(row.createdAt);
      const edited = (count !== undefined && count !== row.count) || (price !== undefined && price !== row.price);
      if (edited && row.status !== 'active')
        throw conflict('reserve_closed', `Резерв уже ${statusNames[row.status]}: его нельзя изменить`);
      if (target === row.status && !edited) return reserveToWire(row);

      await stock.lockProduct(userId, row.productId);
      const quantity = count ?? row.count;
      if (target === 'active' && quantity > row.count) await ensureFree(userId, row.productId, quantity, id);
      // Realized: the reserve stops setting units aside first, so the sale can take them.
      const changed = await repos.reserves.update(userId, id, { count: quantity, price, status: target });
      if (target === 'realized' && row.status === 'active') {
        const realizationId = randomUUID();
        const { unitCost } = await stock.take(userId, {
          productId: row.productId,
          quantity,
          reason: 'realization',
          source: { table: 'realizations', id: realizationId },
          date,
        });
        await repos.realizations.insert(userId, {
          id: realizationId,
          productId: row.productId,
          count: quantity,
          price: unitCost,
          realizationPrice: changed!.price,
          datetime: date?.at,
          createdAt: date?.at,
        });
      }
      return reserveToWire(changed!);
    },
  );

  app.delete(
    '/:id/delete/',
    {
      schema: {
        tags,
        summary: 'Удалить резерв',
        description:
          'Единицы активного резерва снова свободны. Реализация, созданная проданным резервом, остаётся. Резерв заказа маркетплейса (posting не null) удалить нельзя: 409 order_reserve.',
        security: bearer,
        params: reserveIdParams,
        response: { 204: z.null(), ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const row = await repos.reserves.lock(userId, id);
      if (!row) throw missing();
      if (row.orderLineId) throw orderReserve(row);
      await repos.reserves.remove(userId, id);
      reply.code(204);
      return null;
    },
  );
};

export default reserveRoutes;
