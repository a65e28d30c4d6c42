import { db } from '../../../db/database.ts';

/** Rows as the server mirrors them, for the product-stock component tests. */
const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };

export async function seedProduct(name = 'Чайник') {
  const id = crypto.randomUUID();
  await db.mirrored('products_wh').add({
    id,
    _id: id,
    name,
    description: '',
    images: [],
    confirmed: true,
    created_at: '2025-01-01T00:00:00Z',
    ...meta,
  });
  return id;
}

export async function seedLot(
  productId: string,
  { count, price, at, countMax }: { count: number; price: number; at: string; countMax?: number },
) {
  const id = crypto.randomUUID();
  const row = {
    id,
    _id: id,
    product_id: productId,
    batch_id: null,
    return_id: null,
    count,
    count_max: countMax ?? count,
    price,
    created_at: at,
    is_return: false,
    count_max_edited: false,
    price_edited: false,
    ...meta,
  };
  await db.mirrored('lots').add(row);
  return row;
}

/** A ledger row: `delta` units of `lotId` moved by the row `source`. */
export async function seedMovement(
  productId: string,
  lotId: string,
  delta: number,
  source: { table: string; id: string; reason: string },
  at = '2025-02-01T10:00:00.000Z',
  unitCost = 10,
) {
  const id = crypto.randomUUID();
  await db.mirrored('stock_movements').add({
    id,
    product_id: productId,
    lot_id: lotId,
    delta,
    reason: source.reason,
    source_table: source.table,
    source_id: source.id,
    unit_cost: unitCost,
    created_at: at,
    ...meta,
  });
}

export async function seedRow(
  table: 'disposals' | 'markdowns' | 'other_realizations' | 'reserves' | 'realizations',
  row: Record<string, unknown>,
) {
  const id = (row.id as string | undefined) ?? crypto.randomUUID();
  await db.mirrored(table).add({ id, ...meta, ...row });
  return id;
}

export const outbox = () => db.outbox.orderBy('seq').toArray();
