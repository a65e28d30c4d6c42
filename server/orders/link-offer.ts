import { conflict, notFound, productMissing } from '../lib/problem.ts';
import type { MarketRow } from '../repositories/markets.ts';
import type { OrderLineRow, OrdersRepository } from '../repositories/orders.ts';
import type { ProductMpRow, ProductsRepository } from '../repositories/products.ts';
import type { OrderWriter } from './order-writer.ts';

export interface LinkOfferDeps {
  orders: OrdersRepository;
  products: ProductsRepository;
  /** A writer for the store, to apply its orders again once the listing exists. */
  writerFor(store: MarketRow): OrderWriter;
}

export interface LinkOfferResult {
  listing: ProductMpRow;
  lines: OrderLineRow[];
}

/**
 * «Связать» on /orders (docs/rules.md «Заказы маркетплейсов»): an offer the store's orders name but its catalog lacks
 * becomes a listing of the chosen warehouse product, and the orders waiting on it move their books at once (reserve,
 * or sell if already handed over). Runs inside the request's transaction: products are locked before any row is
 * written, the order every stock write keeps.
 */
export async function linkOffer(
  deps: LinkOfferDeps,
  userId: string,
  store: MarketRow,
  offerId: string,
  productId: string,
): Promise<LinkOfferResult> {
  const orderIds = await deps.orders.ordersWithUnlinkedOffer(userId, store.id, offerId);
  const others = (await deps.orders.linesOfOrders(userId, orderIds)).flatMap((l) => (l.productId ? [l.productId] : []));
  // Every product the orders touch, locked in id order before anything is written.
  const locked = await deps.products.lockMany(userId, [...new Set([productId, ...others])].sort());
  const product = locked.find((p) => p.id === productId);
  if (!product) throw productMissing();
  const [taken] = await deps.products.takenOffers(userId, [
    { marketplace: store.marketplace, marketId: store.marketId, offerId },
  ]);
  if (taken && taken.productWhId !== productId)
    throw conflict('already_linked', `Артикул «${offerId}» магазина «${store.name}» уже связан с другим товаром`);
  if (!taken && orderIds.length === 0)
    throw notFound(`В заказах магазина «${store.name}» нет несвязанного артикула «${offerId}»`);

  if (!taken) {
    const [sample] = await deps.orders.linesOfOrders(userId, orderIds.slice(0, 1));
    const line = sample && sample.offerId === offerId ? sample : undefined;
    await deps.products.createListings(userId, productId, [
      {
        name: line?.name || offerId,
        offerId,
        primaryImage: null,
        marketplace: store.marketplace,
        marketId: store.marketId,
        marketRef: store.id,
        externalId: line?.externalProductId ?? null,
      },
    ]);
    if (!product.marketIds.includes(store.marketId))
      await deps.products.update(userId, productId, { marketIds: [...product.marketIds, store.marketId] });
  }
  const writer = deps.writerFor(store);
  for (const id of orderIds) await writer.reapply(id);
  await writer.flush();
  const [listing] = await deps.products.takenOffers(userId, [
    { marketplace: store.marketplace, marketId: store.marketId, offerId },
  ]);
  return { listing: listing!, lines: await deps.orders.linesOfOrders(userId, orderIds) };
}
