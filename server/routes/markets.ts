import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden, notFound, Problem } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  createMarketBody,
  marketIdParams,
  marketSchema,
  marketToWire,
  nextAccessToken,
  updateMarketBody,
} from '../schemas/markets.ts';

const tags = ['markets'];
const missing = () => notFound('Магазин не найден');

/**
 * The five store calls (docs/architecture.md «Вызовы»). Another user's store answers 404, exactly like a missing one.
 */
const marketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { secrets } = app;
  const wire = { secrets };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Список магазинов',
        security: bearer,
        response: { 200: z.array(marketSchema), ...problems(401) },
      },
    },
    async (request) => (await repos.markets.list(request.businessId!)).map((row) => marketToWire(row, wire)),
  );

  app.get(
    '/:market_id/',
    {
      schema: {
        tags,
        summary: 'Один магазин',
        security: bearer,
        params: marketIdParams,
        response: { 200: marketSchema, ...problems(401, 404) },
      },
    },
    async (request) => {
      const row = await repos.markets.find(request.businessId!, request.params.market_id);
      if (!row) throw missing();
      return marketToWire(row, wire);
    },
  );

  app.post(
    '/add/',
    {
      schema: {
        tags,
        summary: 'Добавить магазин',
        security: bearer,
        body: createMarketBody,
        response: { 201: marketSchema, ...problems(400, 401, 409, 413) },
      },
    },
    async (request, reply) => {
      const { id, market_id, name, description, marketplace, access_token, order_intake, order_intake_interval } =
        request.body;
      const userId = request.businessId!;
      if (await repos.markets.find(userId, market_id))
        throw conflict('market_id_taken', `Магазин с ID «${market_id}» уже есть`);
      const row = await repos.markets.create(userId, {
        id,
        marketId: market_id,
        name,
        description,
        marketplace,
        accessTokenEnc: access_token ? secrets.seal(access_token) : null,
        orderIntake: order_intake,
        orderIntakeInterval: order_intake_interval,
      });
      reply.code(201);
      return marketToWire(row, wire);
    },
  );

  app.patch(
    '/:market_id/',
    {
      schema: {
        tags,
        summary: 'Изменить магазин',
        description:
          'ID магазина (market_id) не меняется. Без access_token (или с его маской) прежний ключ сохраняется.',
        security: bearer,
        params: marketIdParams,
        body: updateMarketBody,
        response: { 200: marketSchema, ...problems(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const { market_id, name, description, marketplace, access_token, order_intake, order_intake_interval } =
        request.body;
      const userId = request.businessId!;
      const current = await repos.markets.find(userId, request.params.market_id);
      if (!current) throw missing();
      const accessTokenEnc = nextAccessToken(access_token, secrets);
      // Marketplace keys are the owner's alone (server/lib/access-policy.ts); a manager edits the rest.
      if (accessTokenEnc !== undefined && request.member!.role !== 'owner')
        throw forbidden('Ключ доступа магазина может менять только владелец', 'role_forbidden');
      if (market_id !== undefined && market_id !== current.marketId)
        throw new Problem(409, 'market_id_locked', 'Идентификатор магазина нельзя изменить после создания');
      const row = await repos.markets.update(userId, current.marketId, {
        name,
        description,
        marketplace,
        accessTokenEnc,
        orderIntake: order_intake,
        orderIntakeInterval: order_intake_interval,
      });
      // A new key or intake turned on: the store's orders are read at once, and an old key's refusal is history.
      const keyChanged = row!.accessTokenEnc !== current.accessTokenEnc;
      if (keyChanged || (order_intake && !current.orderIntake)) {
        if (keyChanged) await repos.orderIntake.setStoreError(userId, row!.id, null);
        await repos.orderIntake.runSoon(row!.id);
        app.orderIntake.poke();
      }
      const fresh = keyChanged ? await repos.markets.find(userId, current.marketId) : row;
      return marketToWire(fresh!, wire);
    },
  );

  app.delete(
    '/:market_id/',
    {
      schema: {
        tags,
        summary: 'Удалить магазин',
        security: bearer,
        params: marketIdParams,
        response: { 204: z.null(), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await repos.markets.remove(request.businessId!, request.params.market_id))) throw missing();
      reply.code(204);
      return null;
    },
  );
};

export default marketsRoutes;
