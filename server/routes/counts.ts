import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, countPosted, countScope, notFound, Problem, productMissing } from '../lib/problem.ts';
import type { CountRow } from '../repositories/counts.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  countCreateBody,
  countDetailSchema,
  countIdParams,
  countLineCreateBody,
  countLineIdParams,
  countLineSchema,
  countLineToWire,
  countLineUpdateBody,
  countListSchema,
  countPostBody,
  countSchema,
  countToWire,
  countUpdateBody,
} from '../schemas/counts.ts';
import { countFigures, postCount } from '../stock/post-count.ts';

const tags = ['counts'];
const countMissing = () => notFound('Инвентаризация не найдена');
const lineMissing = () => notFound('Строка подсчёта не найдена');
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * Stock counts (docs/rules.md «Инвентаризация»): a draft gathers count lines from any number of members and
 * devices (a product's figure is the sum of its lines), then posting writes shortages off and takes surpluses in
 * through the stock engine, once. A posted count never changes (409 count_posted). Another business's count,
 * line or product answers 404 like a missing one.
 */
const countRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  const counts = repos.counts;
  app.addHook('onRequest', app.authenticate);

  /** The selection as given: a selection needs products, all of them the business's; 'all' takes none. */
  async function checkedSelection(userId: string, scope: CountRow['scope'], given: string[] | undefined) {
    const ids = [...new Set(given ?? [])];
    if (scope === 'all') {
      if (ids.length > 0)
        throw new Problem(400, 'count_selection', 'Список товаров задают только для выборочной инвентаризации');
      return [];
    }
    if (ids.length === 0)
      throw new Problem(400, 'count_selection', 'Выберите хотя бы один товар для выборочной инвентаризации');
    const live = await counts.liveProducts(userId, ids);
    if (live.size !== ids.length) throw productMissing(ids.length > 1);
    return ids;
  }

  /** The count locked until the transaction ends (a posting and a new line queue up), a draft. */
  async function lockedDraft(userId: string, id: string): Promise<CountRow> {
    const count = await counts.lock(userId, id);
    if (!count) throw countMissing();
    if (count.status === 'posted') throw countPosted();
    return count;
  }

  app.get(
    '/counts/',
    {
      schema: {
        tags,
        summary: 'Инвентаризации',
        description: 'Все живые инвентаризации бизнеса, сначала новые.',
        security: bearer,
        response: { 200: countListSchema, ...problems(401) },
      },
    },
    async (request) => (await counts.list(request.businessId!)).map(countToWire),
  );

  app.get(
    '/counts/:id/',
    {
      schema: {
        tags,
        summary: 'Инвентаризация со строками и итогами',
        description:
          'figures: у черновика — что сделало бы проведение сейчас (по учёту — остаток живых партий), у проведённой — сохранённые итоги.',
        security: bearer,
        params: countIdParams,
        response: { 200: countDetailSchema, ...problems(401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const count = await counts.find(userId, request.params.id);
      if (!count) throw countMissing();
      const lines = await counts.linesOf(userId, count.id);
      const figures = await countFigures(counts, userId, count);
      return { ...countToWire(count), lines: lines.map(countLineToWire), figures };
    },
  );

  app.post(
    '/counts/',
    {
      schema: {
        tags,
        summary: 'Начать инвентаризацию',
        security: bearer,
        body: countCreateBody,
        response: { 200: countSchema, 201: countSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, name, scope } = request.body;
      if ((await counts.existing([id])).size > 0) {
        // A device repeating its create (a lost answer) gets the row, even if a product of it was deleted since;
        // anything else under this id is a conflict.
        const row = await counts.find(userId, id);
        const same = row && row.name === name && row.scope === scope;
        if (same && sameList(row.productIds, [...new Set(request.body.product_ids ?? [])])) return countToWire(row);
        throw conflict('duplicate', 'Инвентаризация с таким идентификатором уже есть');
      }
      const productIds = await checkedSelection(userId, scope, request.body.product_ids);
      const row = await counts.insert(userId, { id, name, scope, productIds });
      reply.code(201);
      return countToWire(row);
    },
  );

  app.patch(
    '/counts/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить инвентаризацию',
        description: 'Только черновик: проведённая отвечает 409 count_posted.',
        security: bearer,
        params: countIdParams,
        body: countUpdateBody,
        response: { 200: countSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const count = await lockedDraft(userId, request.params.id);
      const { name, product_ids } = request.body;
      let productIds: string[] | undefined;
      if (product_ids !== undefined) {
        productIds = await checkedSelection(userId, count.scope, product_ids);
        const kept = new Set(productIds);
        const counted = await counts.countedOf(userId, count.id);
        if ([...counted.keys()].some((p) => !kept.has(p)))
          throw conflict(
            'count_lines_exist',
            'У товара уже есть строки подсчёта: удалите их, прежде чем убирать товар из инвентаризации',
          );
      }
      const row = await counts.update(userId, count.id, { name, productIds });
      return countToWire(row!);
    },
  );

  app.delete(
    '/counts/:id/',
    {
      schema: {
        tags,
        summary: 'Удалить черновик инвентаризации',
        description: 'Вместе со строками подсчёта. Проведённую удалить нельзя: 409 count_posted.',
        security: bearer,
        params: countIdParams,
        response: { 204: z.null(), ...problems(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const count = await lockedDraft(userId, request.params.id);
      await counts.removeLinesOf(userId, count.id);
      await counts.remove(userId, count.id);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/counts/:id/post/',
    {
      schema: {
        tags,
        summary: 'Провести инвентаризацию',
        description:
          'Одной транзакцией: недостача списывается по FIFO (списание с count_id), излишек приходует партию по цене последнего поступления; итоги сохраняются, инвентаризация больше не меняется. Товар области, который никто не посчитал, считается как 0.',
        security: bearer,
        params: countIdParams,
        body: countPostBody,
        response: { 200: countSchema, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const count = await lockedDraft(userId, request.params.id);
      const row = await postCount({ repo: counts, stockRepo: repos.stock, engine: stock }, userId, count);
      return countToWire(row);
    },
  );

  app.post(
    '/count_lines/',
    {
      schema: {
        tags,
        summary: 'Добавить строку подсчёта',
        security: bearer,
        body: countLineCreateBody,
        response: { 200: countLineSchema, 201: countLineSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, count_id, product_id, quantity, shelf } = request.body;
      const count = await counts.lock(userId, count_id);
      if (!count) throw countMissing();
      if ((await counts.lines.existing([id])).size > 0) {
        const row = await counts.lines.find(userId, id);
        const same =
          row &&
          row.countId === count_id &&
          row.productId === product_id &&
          row.quantity === quantity &&
          row.shelf === shelf;
        if (same) return countLineToWire(row);
        throw conflict('duplicate', 'Строка подсчёта с таким идентификатором уже есть');
      }
      if (count.status === 'posted') throw countPosted();
      if ((await counts.liveProducts(userId, [product_id])).size === 0) throw productMissing();
      if (count.scope === 'selection' && !count.productIds.includes(product_id)) throw countScope();
      const row = await counts.insertLine(userId, { id, countId: count_id, productId: product_id, quantity, shelf });
      reply.code(201);
      return countLineToWire(row);
    },
  );

  /** The line and its count, the count locked and a draft. */
  async function lineOfDraft(userId: string, id: string) {
    const line = await counts.lines.find(userId, id);
    if (!line) throw lineMissing();
    await lockedDraft(userId, line.countId);
    const locked = await counts.lines.lock(userId, id);
    if (!locked) throw lineMissing();
    return locked;
  }

  app.patch(
    '/count_lines/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить строку подсчёта',
        security: bearer,
        params: countLineIdParams,
        body: countLineUpdateBody,
        response: { 200: countLineSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const line = await lineOfDraft(userId, request.params.id);
      const row = await counts.updateLine(userId, line.id, request.body);
      return countLineToWire(row!);
    },
  );

  app.delete(
    '/count_lines/:id/',
    {
      schema: {
        tags,
        summary: 'Удалить строку подсчёта',
        security: bearer,
        params: countLineIdParams,
        response: { 204: z.null(), ...problems(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const line = await lineOfDraft(userId, request.params.id);
      await counts.lines.remove(userId, [line.id]);
      reply.code(204);
      return null;
    },
  );
};

export default countRoutes;
