import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/problem.ts';
import { linkOffer } from '../orders/link-offer.ts';
import type { OrderStage } from '../repositories/order-list.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  intakeRunBody,
  intakeStateSchema,
  orderLineSchema,
  orderLineToWire,
  orderLinkBody,
  ordersPage,
  ordersQuery,
  orderToWire,
} from '../schemas/orders.ts';
import { productMpSchema, productMpToWire } from '../schemas/products.ts';

const tags = ['orders'];
const storeMissing = () => notFound('Магазин не найден');
const shipped: OrderStage[] = ['awaiting_deliver', 'delivering', 'delivered'];

/**
 * Marketplace orders (docs/rules.md «Заказы маркетплейсов»): the intake stores them and moves the books by itself;
 * these calls read them, link an offer the store's catalog lacks, and show or hurry a store's intake. Another user's
 * store, order or product answers 404 like a missing one.
 */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Заказы маркетплейсов',
        description: 'Заказы с позициями, сначала последние изменённые; у позиции — товар и что она сделала в учёте.',
        security: bearer,
        querystring: ordersQuery,
        response: { 200: ordersPage, ...problems(400, 401) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const q = request.query;
      const stages = q.stage === 'all' ? undefined : q.stage === 'shipped' ? shipped : [q.stage];
      const { rows, total } = await repos.orderList.list(userId, {
        storeId: q.store_id,
        stages,
        search: q.search || undefined,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      const lines = await repos.orders.linesOfOrders(
        userId,
        rows.map((r) => r.id),
      );
      return {
        count: total,
        results: rows.map((r) => ({
          ...orderToWire(r),
          lines: lines.filter((l) => l.orderId === r.id).map(orderLineToWire),
        })),
      };
    },
  );

  app.post(
    '/link/',
    {
      schema: {
        tags,
        summary: 'Связать артикул из заказов с товаром',
        description:
          'Артикул, которого нет в каталоге магазина, становится карточкой выбранного складского товара; ждущие заказы с ним сразу резервируют или продают товар.',
        security: bearer,
        body: orderLinkBody,
        response: {
          200: z.object({ product_mp: productMpSchema, lines: z.array(orderLineSchema) }),
          ...problems(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { store_id, offer_id, product_id } = request.body;
      const store = await repos.catalog.store(userId, store_id);
      if (!store || store.marketplace === '-') throw storeMissing();
      const result = await linkOffer(
        { orders: repos.orders, products: repos.products, writerFor: (s) => app.orderIntake.writerFor(userId, s) },
        userId,
        store,
        offer_id,
        product_id,
      );
      return { product_mp: productMpToWire(result.listing), lines: result.lines.map(orderLineToWire) };
    },
  );

  app.get(
    '/intake/',
    {
      schema: {
        tags,
        summary: 'Приём заказов по магазинам',
        security: bearer,
        response: { 200: z.array(intakeStateSchema), ...problems(401) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const stores = await repos.markets.list(userId);
      const states = await Promise.all(stores.map((s) => repos.orderIntake.state(userId, s.id)));
      return stores
        .filter((s) => s.marketplace !== '-')
        .map((s) => {
          const state = states.find((st) => st?.storeId === s.id);
          const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
          return {
            store_id: s.id,
            order_intake: s.orderIntake,
            order_intake_interval: s.orderIntakeInterval,
            error: s.orderIntakeError,
            last_run_at: iso(state?.lastRunAt),
            last_ok_at: iso(state?.lastOkAt),
            next_run_at: iso(state?.nextRunAt),
          };
        });
    },
  );

  app.post(
    '/intake/run/',
    {
      schema: {
        tags,
        summary: 'Прочитать заказы магазина сейчас',
        description: 'Следующий приём заказов магазина начнётся сразу, не дожидаясь интервала.',
        security: bearer,
        body: intakeRunBody,
        response: { 202: z.object({ queued: z.boolean() }), ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const store = await repos.catalog.store(userId, request.body.store_id);
      if (!store || store.marketplace === '-') throw storeMissing();
      await repos.orderIntake.ensureRows();
      await repos.orderIntake.runSoon(store.id);
      app.orderIntake.poke();
      reply.code(202);
      return { queued: store.orderIntake && store.accessTokenEnc !== null };
    },
  );
};

export default orderRoutes;
