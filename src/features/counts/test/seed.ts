import { db } from '../../../db/database.ts';
import type { Count, CountLine } from '../api/types.ts';

/*
 * A small warehouse for the count screens' tests: «Чайник» (2 lots: 3 at 100 ₽, then 2 at 120 ₽) and «Кружка»
 * (4 at 50 ₽), each with a barcode, and a count of the business.
 */
export const business = crypto.randomUUID();
export const kettle = crypto.randomUUID();
export const mug = crypto.randomUUID();
export const KETTLE_CODE = '4600000000015';
export const MUG_CODE = '4600000000022';

const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z', created_by: null, updated_by: null };

const lot = (id: string, product: string, count: number, price: number, day: number) => ({
  id,
  _id: id,
  product_id: product,
  batch_id: null,
  return_id: null,
  count,
  count_max: count,
  price,
  created_at: new Date(Date.UTC(2025, 0, day)).toISOString(),
  is_return: false,
  count_max_edited: false,
  price_edited: false,
  ...meta,
});

export async function seedWarehouse() {
  await db.mirrored('products_wh').bulkAdd([
    { id: kettle, name: 'Чайник', barcodes: [KETTLE_CODE], images: [], ...meta },
    { id: mug, name: 'Кружка', barcodes: [MUG_CODE], images: [], ...meta },
  ]);
  await db
    .mirrored('lots')
    .bulkAdd([
      lot(crypto.randomUUID(), kettle, 3, 100, 1),
      lot(crypto.randomUUID(), kettle, 2, 120, 5),
      lot(crypto.randomUUID(), mug, 4, 50, 2),
    ]);
}

export function countRow(extra: Partial<Count> = {}): Count {
  return {
    id: crypto.randomUUID(),
    user_id: business,
    name: 'Склад, ноябрь',
    scope: 'all',
    product_ids: [],
    status: 'draft',
    posted_at: null,
    results: [],
    created_at: '2025-02-01T10:00:00.000Z',
    ...meta,
    ...extra,
  };
}

export function lineRow(count: Count, product: string, quantity: number, extra: Partial<CountLine> = {}): CountLine {
  return {
    id: crypto.randomUUID(),
    user_id: business,
    count_id: count.id,
    product_id: product,
    quantity,
    shelf: '',
    created_at: '2025-02-01T11:00:00.000Z',
    ...meta,
    ...extra,
  };
}

export async function seedCount(count: Count, lines: CountLine[] = []) {
  await db.table('counts').add(count);
  if (lines.length) await db.table('count_lines').bulkAdd(lines);
}
