import { db } from '../../../db/database.ts';

/** Rows as the server mirrors them, for component tests of the products screens. */
export function productRow(name: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  return {
    id,
    _id: id,
    name,
    description: '',
    images: [] as string[],
    confirmed: true,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    version: 1,
    ...extra,
  };
}

/**
 * The device has pulled: its mirror is whole, so /products reads it (src/sync/pull.ts mirrorComplete;
 * without a cursor a fresh device's list comes from the server). Seeded rows stand for pulled ones.
 */
export async function markPulled() {
  if (!(await db.meta.get('cursor'))) await db.meta.put({ key: 'cursor', value: 1 });
}

export async function seedProduct(name: string, extra: Record<string, unknown> = {}) {
  await markPulled();
  const row = productRow(name, extra);
  await db.mirrored('products_wh').add(row);
  return row;
}

export async function seedListing(productWhId: string, offerId: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const row = {
    id,
    _id: id,
    product_wh_id: productWhId,
    name: `Карточка ${offerId}`,
    offer_id: offerId,
    primary_image: null,
    marketplace: 'OZON',
    market_id: 'oz-1',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    version: 1,
    ...extra,
  };
  await db.mirrored('products_mp').add(row);
  return row;
}

export async function seedLot(productId: string, count: number, price: number) {
  await db.mirrored('lots').add({ id: crypto.randomUUID(), product_id: productId, count, price });
}
