import { db } from '../../../db/database.ts';
import type { Batch, Lot, OtherRealization } from '../api/types.ts';

/** Rows as the server mirrors them, for the batch screens' component tests. */

export async function seedProduct(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .mirrored('products_wh')
    .add({ id, _id: id, name, description: '', images: [], confirmed: true, version: 1, ...extra });
  return id;
}

export async function seedBatch(extra: Partial<Batch> = {}): Promise<Batch> {
  const row: Batch = {
    id: crypto.randomUUID(),
    kind: 'purchase',
    date: '2025-03-01T00:00:00.000Z',
    description: '',
    created_at: '2025-03-01T10:00:00.000Z',
    version: 1,
    updated_at: '2025-03-01T10:00:00.000Z',
    created_by: null,
    updated_by: null,
    ...extra,
  };
  await db.mirrored('batches').add(row);
  return row;
}

export async function seedLot(productId: string, extra: Partial<Lot> = {}): Promise<Lot> {
  const id = extra.id ?? crypto.randomUUID();
  const row: Lot = {
    id,
    _id: id,
    product_id: productId,
    batch_id: null,
    return_id: null,
    count: 5,
    count_max: 5,
    price: 10,
    created_at: '2025-03-01T00:00:00.000Z',
    is_return: false,
    count_max_edited: false,
    price_edited: false,
    version: 1,
    updated_at: '2025-03-01T10:00:00.000Z',
    created_by: null,
    updated_by: null,
    ...extra,
  };
  await db.mirrored('lots').add(row);
  return row;
}

export async function seedOther(productId: string, extra: Partial<OtherRealization> = {}): Promise<OtherRealization> {
  const row: OtherRealization = {
    id: crypto.randomUUID(),
    product_id: productId,
    batch_id: null,
    date: '2025-03-01T00:00:00.000Z',
    description: '',
    marketplace: 'OZON',
    count: 1,
    price: 10,
    realization_price: 20,
    release: false,
    version: 1,
    updated_at: '2025-03-01T10:00:00.000Z',
    created_by: null,
    updated_by: null,
    ...extra,
  };
  await db.mirrored('other_realizations').add(row);
  return row;
}
