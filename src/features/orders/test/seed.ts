import { db, type Market } from '../../../db/database.ts';
import type { Order, OrderLine } from '../api/order-types.ts';

/** Rows as the server mirrors them, for the /orders tests. */
const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };

/** Text as shown, with the no-break and thin spaces of Russian number formatting read as spaces. */
export const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

export async function seedStore(
  name: string,
  marketplace: 'OZON' | 'WILDBERRIES' | 'YM' | '-',
  extra: Partial<Market> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db.markets.add({
    id,
    market_id: `m-${name}`,
    name,
    description: '',
    marketplace,
    access_token: '',
    has_access_token: true,
    order_intake: true,
    order_intake_interval: 60,
    order_intake_error: null,
    ...meta,
    ...extra,
  });
  return id;
}

/** A warehouse product; `shelf` rides on the row as the product wire will carry it. */
export async function seedProduct(name: string, shelf?: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .mirrored('products_wh')
    .add({ id, _id: id, name, description: '', images: [], confirmed: true, market_ids: [], shelf, ...meta });
  return id;
}

export async function seedLot(productId: string, count: number, price = 100): Promise<string> {
  const id = crypto.randomUUID();
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
    created_at: '2025-01-01T00:00:00.000Z',
    is_return: false,
  });
  return id;
}

export async function seedReserve(productId: string, count: number, status = 'active'): Promise<string> {
  const id = crypto.randomUUID();
  await db.mirrored('reserves').add({ id, product: productId, count, price: 500, status, posting: null, ...meta });
  return id;
}

let posted = 0;

/** An order of a store; ordered a minute after the one seeded before it unless told. */
export async function seedOrder(storeId: string, postingNumber: string, extra: Partial<Order> = {}): Promise<string> {
  const id = crypto.randomUUID();
  posted += 1;
  const at = new Date(Date.UTC(2025, 2, 1, 9, posted)).toISOString();
  await db.rows('orders').add({
    id,
    store_id: storeId,
    marketplace: 'OZON',
    posting_number: postingNumber,
    status: 'awaiting_packaging',
    stage: 'awaiting_packaging',
    ordered_at: at,
    changed_at: at,
    shipped_at: null,
    cancelled_after_handover: false,
    before_intake: false,
    problem: null,
    assembled_at: null,
    assembly_error: null,
    assembly_state: null,
    label_ready: false,
    version: 1,
    updated_at: at,
    ...extra,
  });
  return id;
}

export async function seedLine(orderId: string, offerId: string, extra: Partial<OrderLine> = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db.rows('order_lines').add({
    id,
    order_id: orderId,
    line_key: offerId,
    offer_id: offerId,
    external_product_id: null,
    name: `Товар ${offerId}`,
    quantity: 1,
    price: 500,
    product_mp_id: null,
    product_id: null,
    books: 'unlinked',
    reserve_id: null,
    realization_id: null,
    shortage: 0,
    version: 1,
    updated_at: '2025-03-01T09:00:00.000Z',
    ...extra,
  });
  return id;
}
