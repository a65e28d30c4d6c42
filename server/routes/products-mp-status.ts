import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POSTING_STATUS } from '../import/postings.ts';
import { productMissing } from '../lib/problem.ts';
import { deliveryPrice, sufficiency } from '../../domain/sufficiency.ts';
import type { ProductMpRow, ProductWithFigures } from '../repositories/products.ts';
import { bearer, problems } from '../schemas/common.ts';
import { productsMpStatusQuery, productsMpStatusSchema, type ProductsMpStatusWire } from '../schemas/postings.ts';
import { productMpToWire, productWhToWire } from '../schemas/products.ts';

type Item = ProductsMpStatusWire[number];
type Row = Item['products'][number];

const buckets = ['awaiting_packaging', 'awaiting_deliver', 'delivering'] as const;
const field = {
  awaiting_packaging: 'awaitingPackaging',
  awaiting_deliver: 'awaitingDeliver',
  delivering: 'delivering',
} as const;

/**
 * GET /api/v1/products_mp_status/: the shipping and delivery screen's figures (docs/rules.md
 * «Достаточность»), from the stores' latest posting snapshots. Only the user's own statuses, listings,
 * products and lots are read; another user's product answers 404, exactly like a missing one.
 */
const productsMpStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['products'],
        summary: 'Отгрузки и доставки: статусы карточек и достаточность товаров',
        description:
          'Список из одного элемента. detailed_status — как его читает экран: awaiting_packaging, awaiting_deliver и delivering ' +
          '(строка на карточку: quantity, product_mp, linked_wh_products), inventory (остаток товара) и reserve (партии с остатком по FIFO). ' +
          'products — посчитанное сервером по складскому товару: достаточность (0, если ничего не ждёт сборки, иначе остаток − ждущие сборки; ' +
          '0 и больше — хватает) и цена доставляемого (партии по FIFO по своей цене за единицу, пока не покрыто доставляемое; без партий — null, «?»). ' +
          'Без product_id — товары, у карточек которых что-то ждёт сборки, отгрузки или доставляется; фильтры sufficiency и search. ' +
          'Цифры — из последнего обновления статусов магазина (POST /api/v1/extract/products/status/).',
        security: bearer,
        querystring: productsMpStatusQuery,
        response: { 200: productsMpStatusSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = request.businessId!;
      const { product_id: productId, sufficiency: filter, search } = request.query;
      const repo = app.repos.postings;
      if (productId && !(await app.repos.products.find(userId, productId))) throw productMissing();

      const statuses = await repo.statuses(userId, productId ? [productId] : undefined);
      const productIds = productId ? [productId] : [...new Set(statuses.map((s) => s.listing.productWhId))];
      const [products, lots, listings, markets, fetched] = await Promise.all([
        repo.products(userId, productIds),
        repo.lots(userId, productIds),
        app.repos.products.listingsOf(userId, productIds),
        app.repos.markets.list(userId),
        repo.lastFetched(userId, POSTING_STATUS),
      ]);

      const needle = search.toLowerCase();
      const listingsOf = group(listings, (l) => l.productWhId);
      const lotsOf = group(lots, (l) => l.productId);
      const statusesOf = group(statuses, (s) => s.listing.productWhId);

      const rows: Row[] = [];
      const shown = new Map<string, ProductWithFigures>();
      for (const product of products) {
        const own = statusesOf.get(product.id) ?? [];
        const sum = (key: (typeof field)[keyof typeof field]) => own.reduce((n, s) => n + s.status[key], 0);
        const awaitingPackaging = sum('awaitingPackaging');
        const awaitingDeliver = sum('awaitingDeliver');
        const delivering = sum('delivering');
        const value = sufficiency(product.count, awaitingPackaging);
        if (filter === 'enough' && value < 0) continue;
        if (filter === 'not_enough' && value >= 0) continue;
        const ownListings = listingsOf.get(product.id) ?? [];
        if (
          needle &&
          !product.name.toLowerCase().includes(needle) &&
          !ownListings.some((l) => l.offerId.toLowerCase().includes(needle))
        )
          continue;
        const price = deliveryPrice(lotsOf.get(product.id) ?? [], delivering);
        const latest = own.reduce<Date | null>(
          (at, s) => (!at || s.status.fetchedAt > at ? s.status.fetchedAt : at),
          null,
        );
        shown.set(product.id, product);
        rows.push({
          product: productWhToWire(product),
          articles: ownListings.map((l) => l.offerId),
          primary_image: product.images[0] ?? ownListings.find((l) => l.primaryImage)?.primaryImage ?? null,
          count: product.count,
          awaiting_packaging: awaitingPackaging,
          awaiting_deliver: awaitingDeliver,
          delivering,
          sufficiency: value,
          enough: value >= 0,
          delivery_price: price.price,
          delivering_uncovered: price.uncovered,
          fetched_at: latest?.toISOString() ?? null,
        });
      }
      rows.sort((a, b) => a.product.name.localeCompare(b.product.name, 'ru') || (a.product.id < b.product.id ? -1 : 1));

      const detailed: Item['detailed_status'] = {
        awaiting_packaging: [],
        awaiting_deliver: [],
        delivering: [],
        inventory: [],
        reserve: [],
      };
      for (const { status, listing } of statuses) {
        const product = shown.get(listing.productWhId);
        if (!product) continue;
        for (const bucket of buckets) {
          const quantity = status[field[bucket]];
          if (quantity > 0)
            detailed[bucket].push({
              quantity,
              product_mp: productMpToWire(listing as ProductMpRow),
              linked_wh_products: [productWhToWire(product)],
              fetched_at: status.fetchedAt.toISOString(),
            });
        }
      }
      for (const row of rows) detailed.inventory.push({ product: row.product.id, count: row.count });
      for (const lot of lots)
        if (shown.has(lot.productId))
          detailed.reserve.push({ product: lot.productId, count: lot.count, price: lot.price });

      const stores = markets
        .filter((m) => m.marketplace !== '-')
        .map((m) => ({
          marketplace: m.marketplace,
          market_id: m.marketId,
          name: m.name,
          fetched_at: fetched.get(m.id)?.toISOString() ?? null,
        }));
      const times = stores.map((s) => s.fetched_at);
      const kopecks = rows.reduce((n, r) => n + Math.round((r.delivery_price ?? 0) * 100), 0);
      return [
        {
          detailed_status: detailed,
          products: rows,
          total: {
            delivering: rows.reduce((n, r) => n + r.delivering, 0),
            delivery_price: kopecks / 100,
            complete: rows.every((r) => r.delivering_uncovered === 0),
          },
          stores,
          fetched_at: times.length === 0 || times.includes(null) ? null : times.reduce((a, b) => (a! < b! ? a : b)),
        },
      ];
    },
  );
};

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

export default productsMpStatusRoutes;
