import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, problems } from '../schemas/common.ts';
import { orderAssembleBody, orderAssemblyParams } from '../schemas/order-assembly.ts';
import { orderSchema, orderToWire } from '../schemas/orders.ts';

const tags = ['orders'];

/**
 * Assembly of marketplace orders (docs/rules.md «Сборка заказов»): the packer's «Собрано» and the label the
 * marketplace answers with. «Собрано» only marks the order and queues the job that tells the marketplace
 * (server/orders/assemble-order.ts): a slow marketplace never holds the business's lock. Another business's order
 * answers 404 like a missing one.
 */
const orderAssemblyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/:id/assemble/',
    {
      schema: {
        tags,
        summary: 'Собрано: передать маркетплейсу, что заказ собран',
        description:
          'Заказ, ждущий сборки, отмечается «передаётся» (assembly_state = pending), и фоновая задача сообщает маркетплейсу о сборке: после его ответа заказ передан (резерв становится продажей), этикетка скачивается. Отказ маркетплейса — assembly_state = refused и причина в assembly_error. Повтор, пока сборка передаётся или уже принята, отвечает текущим заказом.',
        security: bearer,
        params: orderAssemblyParams,
        body: orderAssembleBody,
        response: { 200: orderSchema, ...problems(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const row = await app.orderAssembly.request(request.businessId!, request.params.id);
      return orderToWire(row);
    },
  );

  app.get(
    '/:id/label/',
    {
      schema: {
        tags,
        summary: 'Этикетка заказа (PDF маркетплейса)',
        description:
          'PDF-этикетка, полученная от маркетплейса после «Собрано» (label_ready = true). До этого — 404 «Этикетка ещё не получена».',
        security: bearer,
        params: orderAssemblyParams,
        response: {
          200: z.any().describe('application/pdf').meta({ contentMediaType: 'application/pdf' }),
          ...problems(401, 404),
        },
      },
    },
    async (request, reply) => {
      const label = await app.orderAssembly.label(request.businessId!, request.params.id);
      reply
        .type('application/pdf')
        .header('content-length', label.size)
        .header('content-disposition', `inline; filename="label-${label.postingNumber.replace(/[^\w.-]/g, '_')}.pdf"`)
        .header('cache-control', 'private, max-age=3600');
      return reply.send(label.stream);
    },
  );
};

export default orderAssemblyRoutes;
