import { db } from '../../../db/database.ts';

/** Rows as the server mirrors them, for the shipping tests. */
const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };

export async function seedStore(marketId: string, marketplace: 'OZON' | 'WILDBERRIES' | 'YM' | '-', name = marketId) {
  const id = crypto.randomUUID();
  await db.markets.add({
    id,
    market_id: marketId,
    name,
    description: '',
    marketplace,
    access_token: '',
    has_access_token: true,
    order_intake: true,
    order_intake_interval: 60,
    order_intake_error: null,
    ...meta,
  });
  return id;
}

export async function seedProduct(name: string, images: string[] = []) {
  const id = crypto.randomUUID();
  await db.mirrored('products_wh').add({ id, _id: id, name, description: '', images, confirmed: true, ...meta });
  return id;
}

export async function seedListing(
  productId: string,
  offerId: string,
  store: { marketplace: string; market_id: string } = { marketplace: 'OZON', market_id: 'oz-1' },
) {
  const id = crypto.randomUUID();
  await db.mirrored('products_mp').add({
    id,
    _id: id,
    product_wh_id: productId,
    name: `Карточка ${offerId}`,
    offer_id: offerId,
    primary_image: null,
    ...store,
    ...meta,
  });
  return id;
}

export async function seedLot(productId: string, count: number, price: number, day: string) {
  const id = crypto.randomUUID();
  // created_at is the receipt date on the wire: it decides FIFO.
  await db.mirrored('lots').add({
    ...meta,
    id,
    _id: id,
    product_id: productId,
    batch_id: null,
    return_id: null,
    count,
    count_max: count,
    price,
    created_at: `${day}T00:00:00.000Z`,
    is_return: false,
  });
  return id;
}

export async function seedStatus(
  listingId: string,
  awaitingPackaging: number,
  awaitingDeliver: number,
  delivering: number,
  fetchedAt: string,
) {
  const id = crypto.randomUUID();
  await db.rows('posting_statuses').add({
    id,
    product_mp_id: listingId,
    awaiting_packaging: awaitingPackaging,
    awaiting_deliver: awaitingDeliver,
    delivering,
    fetched_at: fetchedAt,
    ...meta,
  });
  return id;
}
