import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound, Problem } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  batchCreateBody,
  batchDetailSchema,
  batchIdParams,
  batchListItemToWire,
  batchListQuery,
  batchListSchema,
  batchUpdateBody,
} from '../schemas/batches.ts';
import { lotWithProductToWire } from '../schemas/inventory.ts';
import { batchToWire, disposalToWire, markdownToWire, otherRealizationToWire } from '../schemas/stock-rows.ts';
import { unique } from '../lib/unique.ts';
import { lockedLots } from '../stock/locked-lots.ts';

const tags = ['batches'];
const batchMissing = () => notFound('Документ не найден');

/**
 * Receipt documents (docs/rules.md «Документы»): purchases, returns and other realizations with a date.
 * Their lines are saved first (inventory_batch, other_realization_batch), then attached here; a
 * save runs in one transaction, so a refused line or attachment leaves everything as it was.
 */
const batchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  async function detail(userId: string, id: string) {
    const batch = await repos.batches.find(userId, id);
    if (!batch) throw batchMissing();
    const [inventories, markdowns, disposals, others] = await Promise.all([
      repos.lots.ofBatch(userId, id),
      repos.batches.markdownsOf(userId, id),
      repos.batches.disposalsOf(userId, id),
      repos.otherRealizations.ofBatch(userId, id),
    ]);
    return {
      ...batchToWire(batch),
      inventories: inventories.map(lotWithProductToWire),
      markdowns: markdowns.map(markdownToWire),
      disposals: disposals.map(disposalToWire),
      other_realizations: others.map(otherRealizationToWire),
    };
  }

  /** Attaches lots and other realizations to the batch and gives them its date. */
  async function place(userId: string, batchId: string, date: Date, lotIds: string[], otherIds: string[]) {
    const lots = await lockedLots(repos.stock, stock, userId, lotIds);
    if (lots.some((l) => l.batchId && l.batchId !== batchId))
      throw conflict('lot_in_other_batch', 'Партия уже входит в другой документ');
    const others = await repos.otherRealizations.findMany(userId, otherIds, true);
    if (others.length !== otherIds.length)
      throw notFound(otherIds.length > 1 ? 'Некоторые реализации не найдены' : 'Реализация не найдена');
    if (others.some((o) => o.batchId && o.batchId !== batchId))
      throw conflict('realization_in_other_batch', 'Реализация уже входит в другой документ');
    await repos.batches.attachLots(userId, batchId, lotIds, date);
    await repos.batches.attachOtherRealizations(userId, batchId, otherIds, date);
  }

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Создать документ',
        security: bearer,
        body: batchCreateBody,
        response: { 201: batchDetailSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, date, kind, description } = request.body;
      const lotIds = unique(request.body.inventory_ids);
      const otherIds = unique(request.body.other_realization_ids);
      const batch = await repos.batches.create(userId, {
        id,
        date,
        description,
        kind: kind ?? (otherIds.length > 0 && lotIds.length === 0 ? 'other' : 'purchase'),
      });
      await place(userId, batch.id, date, lotIds, otherIds);
      reply.code(201);
      return detail(userId, batch.id);
    },
  );

  app.patch(
    '/:batch_id/',
    {
      schema: {
        tags,
        summary: 'Изменить документ',
        description:
          'Партии и реализации, которых больше нет в списках, удаляются; новая дата переходит ко всем строкам документа.',
        security: bearer,
        params: batchIdParams,
        body: batchUpdateBody,
        response: { 200: batchDetailSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { batch_id: id } = request.params;
      const body = request.body;
      if (body.id !== undefined && body.id !== id)
        throw new Problem(400, 'id_mismatch', 'id в теле не совпадает с адресом');
      const batch = await repos.batches.find(userId, id, true);
      if (!batch) throw batchMissing();
      const currentLots = (await repos.lots.ofBatch(userId, id)).map((l) => l.id);
      const lotIds = body.inventory_ids ? unique(body.inventory_ids) : currentLots;
      await stock.removeLots(
        userId,
        await lockedLots(
          repos.stock,
          stock,
          userId,
          currentLots.filter((l) => !lotIds.includes(l)),
        ),
      );
      const currentOthers = (await repos.otherRealizations.ofBatch(userId, id)).map((o) => o.id);
      const otherIds = body.other_realization_ids ? unique(body.other_realization_ids) : currentOthers;
      const droppedOthers = currentOthers.filter((o) => !otherIds.includes(o));
      for (const other of droppedOthers) await stock.putBack(userId, { table: 'other_realizations', id: other });
      await repos.otherRealizations.remove(userId, droppedOthers);
      await repos.batches.update(userId, id, { date: body.date, kind: body.kind, description: body.description });
      await place(userId, id, body.date ?? batch.date, lotIds, otherIds);
      return detail(userId, id);
    },
  );

  // The contract spells the read without the trailing slash, the change with it (docs/architecture.md «Вызовы»); both
  // spellings reach either.
  app.get(
    '/:batch_id',
    {
      schema: {
        tags,
        summary: 'Один документ',
        description: 'С партиями, уценками и списаниями из его партий и прочими реализациями.',
        security: bearer,
        params: batchIdParams,
        response: { 200: batchDetailSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => detail(request.businessId!, request.params.batch_id),
  );

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Список документов',
        description: 'Без флагов — закупки; is_return=true — возвраты; is_other=true — списания и прочие реализации.',
        security: bearer,
        querystring: batchListQuery,
        response: { 200: batchListSchema, ...problems(400, 401) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { page, page_size, date_start, date_end, is_return, is_other } = request.query;
      if (is_return && is_other)
        throw new Problem(400, 'filters_conflict', 'Выберите что-то одно: is_return или is_other');
      const kind = is_return ? 'return' : is_other ? 'other' : 'purchase';
      const { rows, total } = await repos.batches.list(userId, {
        kind,
        from: date_start,
        until: date_end,
        page,
        pageSize: page_size,
      });
      const ids = rows.map((r) => r.id);
      const summaries = await repos.batches.summaries(
        userId,
        kind === 'other' ? { receipts: [], others: ids } : { receipts: ids, others: [] },
      );
      return { results: rows.map((row) => batchListItemToWire(row, summaries.get(row.id))), total };
    },
  );
};

export default batchesRoutes;
