import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conflict,
  lotMissing,
  notFound,
  Problem,
  processedProblem,
  productMissing,
  unmatchedProblem,
} from '../lib/problem.ts';
import type { ReturnRow } from '../repositories/returns.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  returnCreateBody,
  returnIdParams,
  returnInventoryParams,
  returnInventorySchema,
  returnInventoryToWire,
  returnItemToWire,
  returnListQuery,
  returnListSchema,
  returnProcessedSchema,
  returnReceiptBody,
  returnReceiptResponse,
  returnSchema,
  returnToParams,
  returnToWire,
  returnUpdateBody,
} from '../schemas/returns.ts';
import { batchToWire, lotToWire } from '../schemas/stock-rows.ts';
import { ReturnReceipts, type Receivable } from '../stock/return-receipt.ts';

const tags = ['returns'];
const missing = (many = false) => notFound(many ? 'Некоторые возвраты не найдены' : 'Возврат не найден');
/**
 * Customer returns (docs/rules.md «Возвраты»). A return waits with a status and a price until it is
 * received — by a receipt of several (POST /returns/batch/) or alone at a lot's price
 * (PATCH /returns/{return_id}/{to}/{inventory_id}/) — and then never changes again. Receiving puts
 * its units into stock as a return lot (is_return) at its price through the stock engine; markdown
 * takes them back out as one markdown per unit, disposal as one disposal. Another user's return,
 * product or lot answers 404 like a missing one.
 */
const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, stock } = app;
  app.addHook('onRequest', app.authenticate);

  const receipts = new ReturnReceipts(repos, stock);

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Список возвратов',
        description:
          'По 50 на странице, сначала последние. Без status — все, кроме удалённых (deleted): удалённые видны только с фильтром status=deleted, чтобы их восстановить; status=null — возвраты со статусом «нет».',
        security: bearer,
        querystring: returnListQuery,
        response: { 200: returnListSchema, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { page, page_size, status } = request.query;
      const { rows, total } = await repos.returns.list(request.businessId!, {
        page,
        pageSize: page_size,
        status: status === undefined ? undefined : status === 'null' ? null : status,
      });
      return { returns: rows.map(returnItemToWire), total };
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Завести возврат вручную',
        description:
          'Возврат count единиц складского товара: статус «нет», цена 0; название и артикул — товара и его первой карточки.',
        security: bearer,
        body: returnCreateBody,
        response: { 201: returnSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, product_id, count } = request.body;
      if (id && (await repos.returns.existing([id])).size > 0)
        throw conflict('duplicate', 'Возврат с таким идентификатором уже есть');
      const product = await repos.returns.product(userId, product_id);
      if (!product) throw productMissing();
      const row = await repos.returns.insert(userId, {
        id,
        productId: product_id,
        count,
        name: product.name,
        article: await repos.returns.firstArticle(userId, product_id),
        returnedAt: new Date(),
      });
      reply.code(201);
      return returnToWire(row);
    },
  );

  app.post(
    '/batch/',
    {
      schema: {
        tags,
        summary: 'Оприходовать возвраты',
        security: bearer,
        body: returnReceiptBody,
        response: { 201: returnReceiptResponse, ...problems(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, date, description, batch } = request.body;
      const ids = Object.keys(batch);
      for (const key of ids) {
        const given = batch[key]!.return_id;
        if (given !== undefined && given !== key)
          throw new Problem(400, 'id_mismatch', 'return_id в строке не совпадает с ключом');
      }
      const rows = await repos.returns.lockMany(userId, ids);
      if (rows.length !== ids.length) throw missing(ids.length > 1);
      const byId = new Map(rows.map((r) => [r.id, r]));

      const done = ids.filter((rid) => byId.get(rid)!.processed);
      if (done.length > 0)
        throw processedProblem(done.map((rid) => ({ field: `batch.${rid}`, message: 'возврат уже оприходован' })));

      const bookings = await receipts.plan(userId, ids, byId, batch);

      // Products locked in one order before any stock moves, so two receipts of the same products never deadlock.
      for (const productId of [...new Set([...bookings.values()].map((b) => b.productId))].sort())
        await stock.lockProduct(userId, productId);
      const created = await receipts.newBatch(userId, date, description, id);
      const received: ReturnRow[] = [];
      for (const rid of ids)
        received.push((await receipts.book(userId, byId.get(rid)!, bookings.get(rid)!, created)).row);
      reply.code(201);
      return { batch: batchToWire(created), returns: received.map(returnToWire) };
    },
  );

  app.get(
    '/:return_id/inventory/',
    {
      schema: {
        tags,
        summary: 'Партии товара возврата',
        description:
          'Партии (с ценами) товара возврата: по цене одной из них возврат оценивается. Возврат без товара — пустой список и product null.',
        security: bearer,
        params: returnInventoryParams,
        response: { 200: returnInventorySchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const row = await repos.returns.find(userId, request.params.return_id);
      if (!row) throw missing();
      const product = row.productId ? await repos.returns.product(userId, row.productId) : undefined;
      const lots = product ? await repos.stock.lotsOfProduct(userId, product.id) : [];
      return returnInventoryToWire(lots, product);
    },
  );

  app.patch(
    '/:return_id/:to/:inventory_id/',
    {
      schema: {
        tags,
        summary: 'Оприходовать или списать возврат по цене партии',
        description:
          'Без тела. to_inventory — возврат поступает на склад партией-возвратом (is_return) по цене выбранной партии его товара, статус ready; любое другое to — поступает по этой цене и сразу списывается (статус disposal). Создаётся документ возвратов с текущей датой; возврат становится оприходованным. Документ, партия и списание получают id самого возврата, так что приложение без сети показывает те же строки. Цена партии 0 — 422 return_price_missing.',
        security: bearer,
        params: returnToParams,
        response: { 200: returnProcessedSchema, ...problems(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { return_id, to, inventory_id } = request.params;
      const [row] = await repos.returns.lockMany(userId, [return_id]);
      if (!row) throw missing();
      if (row.processed) throw processedProblem();
      if (!row.productId) throw unmatchedProblem();
      const [lot] = await repos.stock.lotsByIds(userId, [inventory_id]);
      if (!lot) throw lotMissing();
      if (lot.productId !== row.productId) {
        throw new Problem(422, 'lot_other_product', 'Партия другого товара: выберите партию товара этого возврата');
      }
      if (!(lot.price > 0)) {
        throw new Problem(
          422,
          'return_price_missing',
          'У выбранной партии цена 0 ₽: возврат нельзя оценить в 0 — выберите другую партию или укажите цену',
        );
      }
      // The rows this writes take the return's id (a return is received once), so a device that
      // queued this call offline already shows the very document, lot and write-off it makes.
      const batch = await receipts.newBatch(userId, new Date(), '', row.id);
      const status: Receivable = to === 'to_inventory' ? 'ready' : 'disposal';
      const result = await receipts.book(
        userId,
        row,
        {
          status,
          productId: row.productId,
          price: lot.price,
          markdownPrice: row.markdownPrice,
          description: row.description,
          lotId: row.id,
          disposalId: row.id,
        },
        batch,
      );
      return { return: returnToWire(result.row), inventory: lotToWire(result.lot) };
    },
  );

  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Изменить возврат',
        description:
          'Статус (deleted — удалить, null — «нет», восстановить удалённый), цена, цена после уценки, примечание, товар. Статус «нет» обнуляет цены; цена после уценки не больше 0 берётся равной цене. Оприходованный возврат не меняется: 409 return_processed.',
        security: bearer,
        params: returnIdParams,
        body: returnUpdateBody,
        response: { 200: returnSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { id } = request.params;
      const body = request.body;
      if ((body.id !== undefined && body.id !== id) || (body.return_id !== undefined && body.return_id !== id)) {
        throw new Problem(400, 'id_mismatch', 'id в теле не совпадает с адресом');
      }
      const [row] = await repos.returns.lockMany(userId, [id]);
      if (!row) throw missing();
      if (row.processed) throw processedProblem();
      if (
        body.product_id !== undefined &&
        body.product_id !== row.productId &&
        !(await repos.returns.product(userId, body.product_id))
      ) {
        throw productMissing();
      }
      let { price, markdown_price: markdownPrice } = body;
      if (body.status === null) {
        // «Нет» resets the price (docs/rules.md «Возвраты»).
        price = 0;
        markdownPrice = 0;
      } else if (markdownPrice !== undefined && markdownPrice <= 0) {
        markdownPrice = price ?? row.price;
      }
      const changed = await repos.returns.update(userId, id, {
        status: body.status,
        price,
        markdownPrice,
        description: body.description,
        productId: body.product_id,
      });
      return returnToWire(changed!);
    },
  );
};

export default returnRoutes;
