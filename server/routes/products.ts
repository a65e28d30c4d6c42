import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { barcodeTaken, conflict, notFound, Problem, productMissing } from '../lib/problem.ts';
import { unique } from '../lib/unique.ts';
import type { ProductWithFigures } from '../repositories/products.ts';
import { MAX_BARCODES } from '../schemas/barcodes.ts';
import { bearer, problems } from '../schemas/common.ts';
import {
  deletedIdsSchema,
  groupBody,
  insertedIdsSchema,
  listQuery,
  mainIdParams,
  productCreateBody,
  productIdParams,
  productListSchema,
  productSchema,
  productToWire,
  ungroupBody,
  ungroupParams,
  warehouseAddBody,
  warehouseDeleteBody,
  warehouseUpdateBody,
} from '../schemas/products.ts';
import imageRoutes from './product-images.ts';

const tags = ['products'];

/**
 * The products calls (docs/architecture.md «Вызовы»). Another user's product answers 404, exactly like a missing one.
 */
const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.addHook('onRequest', app.authenticate);
  await app.register(imageRoutes);

  async function answer(userId: string, id: string) {
    const row = await repos.products.find(userId, id);
    if (!row) throw productMissing();
    return productToWire(row, await repos.products.listingsOf(userId, [id]));
  }

  /** All of `ids` (deduplicated), live and the user's, locked; otherwise 404 naming nothing of others. */
  async function lockAll(userId: string, ids: string[]): Promise<ProductWithFigures[]> {
    const rows = await repos.products.lockMany(userId, ids);
    if (rows.length !== ids.length) throw productMissing(ids.length !== 1);
    return rows;
  }

  /**
   * No code of `items` may already be another live product's, nor be given to two of them (docs/rules.md
   * «Штрихкоды»). Checked under the business's lock, which every write request holds, so no other write of the
   * business runs in between; the trigger's unique key stays the backstop (server/plugins/app/problems.ts).
   */
  async function ensureBarcodesFree(userId: string, items: { id?: string; name: string; barcodes?: string[] }[]) {
    const claimed = new Map<string, string>();
    for (const item of items)
      for (const code of item.barcodes ?? []) {
        const first = claimed.get(code);
        if (first !== undefined) throw barcodeTaken(code, first);
        claimed.set(code, item.name);
      }
    const owners = await repos.products.barcodeOwners(userId, [...claimed.keys()]);
    for (const item of items)
      for (const owner of owners)
        if (owner.productId !== item.id && item.barcodes?.includes(owner.code))
          throw barcodeTaken(owner.code, owner.name);
  }

  app.get(
    '/all/',
    {
      schema: {
        tags,
        summary: 'Список складских товаров',
        security: bearer,
        querystring: listQuery,
        response: { 200: productListSchema, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const { page, page_size, search, order_by, available_only } = request.query;
      const userId = request.businessId!;
      const options = {
        page,
        pageSize: page_size,
        search,
        orderBy: order_by.replace('-', '') as 'name' | 'count' | 'returns',
        descending: order_by.startsWith('-'),
        availableOnly: available_only,
      };
      // Kept pages are trusted only under the marker read now: never older than the database, even
      // right after a write through another instance.
      const body = await app.pageCache.through(
        userId,
        `products ${JSON.stringify(options)}`,
        () => repos.changeMarker.productsPage(userId),
        () => repos.products.listJson(userId, options),
      );
      // Already the JSON of productListSchema: Fastify sends a string with a JSON type as it is,
      // while its typing only knows the object.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/product/:id/',
    {
      schema: {
        tags,
        summary: 'Один товар',
        security: bearer,
        params: productIdParams,
        response: { 200: productSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => answer(request.businessId!, request.params.id),
  );

  app.post(
    '/warehouse/add/',
    {
      schema: {
        tags,
        summary: 'Добавить складские товары',
        description: 'Остаток (count) не задаётся: он складывается из партий. Можно передать id, созданный клиентом.',
        security: bearer,
        body: warehouseAddBody,
        response: { 201: insertedIdsSchema, ...problems(400, 401, 409, 413) },
      },
    },
    async (request, reply) => {
      await ensureBarcodesFree(request.businessId!, request.body);
      const rows = await repos.products.createMany(
        request.businessId!,
        request.body.map(({ id, name, description, images, shelf, barcodes, confirmed, market_ids }) => ({
          id,
          name,
          description,
          images,
          shelf,
          barcodes,
          confirmed,
          marketIds: market_ids,
        })),
      );
      reply.code(201);
      return { inserted_ids: rows.map((r) => r.id) };
    },
  );

  app.patch(
    '/warehouse/:id/update/',
    {
      schema: {
        tags,
        summary: 'Изменить складской товар',
        security: bearer,
        params: productIdParams,
        body: warehouseUpdateBody,
        response: { 200: productSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      // A list row (or a product answer) sent whole: its product_wh carries the changes.
      const { id, name, description, images, shelf, barcodes, confirmed, market_ids } =
        request.body.product_wh ?? request.body;
      const userId = request.businessId!;
      if (id !== undefined && id !== request.params.id)
        throw new Problem(400, 'id_mismatch', 'id в теле не совпадает с адресом');
      const [current] = await lockAll(userId, [request.params.id]);
      if (barcodes) await ensureBarcodesFree(userId, [{ id: current!.id, name: name ?? current!.name, barcodes }]);
      await repos.products.update(userId, request.params.id, {
        name,
        description,
        images,
        shelf,
        barcodes,
        confirmed,
        marketIds: market_ids,
      });
      return answer(userId, request.params.id);
    },
  );

  app.delete(
    '/warehouse/delete/',
    {
      schema: {
        tags,
        summary: 'Удалить складские товары',
        security: bearer,
        body: warehouseDeleteBody,
        response: { 200: deletedIdsSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const ids = unique(request.body);
      const rows = await lockAll(userId, ids);
      const stocked = rows.filter((r) => r.count > 0);
      if (stocked.length > 0) {
        const names = stocked.map((r) => `«${r.name}» (${r.count} шт.)`).join(', ');
        throw conflict(
          'product_has_stock',
          `Нельзя удалить товар с остатком: ${names}. Сначала спишите или реализуйте остаток.`,
        );
      }
      await repos.products.remove(userId, ids);
      return { deleted_ids: ids };
    },
  );

  app.patch(
    '/group/:main_id/',
    {
      schema: {
        tags,
        summary: 'Объединить товары в главный',
        security: bearer,
        params: mainIdParams,
        body: groupBody,
        response: { 200: productSchema, ...problems(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const mainId = request.params.main_id;
      const others = unique(request.body);
      if (others.includes(mainId))
        throw new Problem(400, 'group_self', 'Главный товар не может быть в списке объединяемых');
      const rows = await lockAll(userId, [mainId, ...others]);
      // The merged product is sold wherever any of them was.
      const main = rows.find((r) => r.id === mainId)!;
      const stores = unique([main, ...rows.filter((r) => r !== main)].flatMap((r) => r.marketIds));
      if (stores.length !== main.marketIds.length) await repos.products.update(userId, mainId, { marketIds: stores });
      await repos.products.mergeInto(userId, mainId, others);
      // Their barcodes too, now that they are removed and their codes free (the main's first, at most 50).
      const codes = unique([main, ...rows.filter((r) => r !== main)].flatMap((r) => r.barcodes)).slice(0, MAX_BARCODES);
      if (codes.length !== main.barcodes.length) await repos.products.update(userId, mainId, { barcodes: codes });
      return answer(userId, mainId);
    },
  );

  app.patch(
    '/ungroup/:product_id/',
    {
      schema: {
        tags,
        summary: 'Отделить товары маркетплейсов в отдельные складские товары',
        description:
          'Каждый указанный товар маркетплейса становится новым складским товаром с его названием; остаток остаётся у исходного.',
        security: bearer,
        params: ungroupParams,
        body: ungroupBody,
        response: { 200: insertedIdsSchema, ...problems(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const productId = request.params.product_id;
      const ids = unique(request.body);
      await lockAll(userId, [productId]);
      const listings = await repos.products.lockListings(userId, productId, ids);
      if (listings.length !== ids.length) throw notFound('Товар маркетплейса не найден у этого товара');
      const all = await repos.products.listingsOf(userId, [productId]);
      if (all.length <= ids.length)
        throw conflict(
          'last_listing',
          'Нельзя отделить единственный товар маркетплейса: у складского товара должен остаться хотя бы один',
        );
      const inserted: string[] = [];
      for (const listing of listings) {
        const [created] = await repos.products.createMany(userId, [
          {
            name: listing.name || listing.offerId,
            description: '',
            images: listing.primaryImage ? [listing.primaryImage] : [],
            confirmed: true,
            marketIds: [listing.marketId],
          },
        ]);
        await repos.products.moveListing(userId, listing.id, created!.id);
        inserted.push(created!.id);
      }
      return { inserted_ids: inserted };
    },
  );

  app.post(
    '/products/',
    {
      schema: {
        tags,
        summary: 'Создать товар вместе с карточками маркетплейсов',
        security: bearer,
        body: productCreateBody,
        response: { 201: productSchema, ...problems(400, 401, 409, 413) },
      },
    },
    async (request, reply) => {
      const userId = request.businessId!;
      const { id, name, description, images, shelf, barcodes, confirmed, market_ids, products_mp } = request.body;
      const offers = products_mp.map((l) => ({
        id: l.id,
        name: l.name,
        offerId: l.offer_id,
        primaryImage: l.primary_image,
        marketplace: l.marketplace,
        marketId: l.market_id,
      }));
      const keys = new Set(offers.map((o) => JSON.stringify([o.marketplace, o.marketId, o.offerId])));
      if (keys.size !== offers.length)
        throw new Problem(400, 'offer_repeated', 'Одна и та же карточка маркетплейса указана дважды');
      const taken = await repos.products.takenOffers(userId, offers);
      if (taken.length > 0)
        throw conflict(
          'offer_taken',
          `Карточка с артикулом «${taken[0]!.offerId}» (${taken[0]!.marketplace}) уже привязана к другому товару`,
        );
      await ensureBarcodesFree(userId, [{ id, name, barcodes }]);
      const [created] = await repos.products.createMany(userId, [
        { id, name, description, images, shelf, barcodes, confirmed, marketIds: market_ids },
      ]);
      await repos.products.createListings(userId, created!.id, offers);
      reply.code(201);
      return answer(userId, created!.id);
    },
  );
};

export default productsRoutes;
