import { useLiveQuery } from 'dexie-react-hooks';
import { db, type MirroredRows } from '../../../db/database.ts';

/*
 * The product's rows of each stock table, live from the device (mirrored rows and rows made
 * here alike). Newest first. undefined while loading.
 */

const newestFirst =
  <T>(field: keyof T) =>
  (a: T, b: T) =>
    String(b[field] ?? '').localeCompare(String(a[field] ?? ''));

const byProductId = <T extends 'disposals' | 'markdowns' | 'other_realizations' | 'stock_movements'>(
  table: T,
  productId: string,
): Promise<MirroredRows[T][]> => db.rows(table).where('product_id').equals(productId).toArray();
// Reserves and realizations name their product `product` on the wire, which has no index.
const byProduct = <T extends 'reserves' | 'realizations'>(table: T, productId: string): Promise<MirroredRows[T][]> =>
  db
    .rows(table)
    .filter((r) => r.product === productId)
    .toArray();

export const useDisposals = (productId: string) =>
  useLiveQuery(async () => (await byProductId('disposals', productId)).sort(newestFirst('datetime')), [productId]);

export const useProductMarkdowns = (productId: string) =>
  useLiveQuery(async () => (await byProductId('markdowns', productId)).sort(newestFirst('datetime')), [productId]);

export const useOtherRealizations = (productId: string) =>
  useLiveQuery(async () => (await byProductId('other_realizations', productId)).sort(newestFirst('date')), [productId]);

export const useReserves = (productId: string) =>
  useLiveQuery(async () => (await byProduct('reserves', productId)).sort(newestFirst('updated_at')), [productId]);

export const useRealizations = (productId: string) =>
  useLiveQuery(async () => (await byProduct('realizations', productId)).sort(newestFirst('datetime')), [productId]);

export const useMarkdown = (id: string) =>
  useLiveQuery(async () => ({ row: await db.rows('markdowns').get(id) }), [id]);
export const useDisposal = (id: string) =>
  useLiveQuery(async () => ({ row: await db.rows('disposals').get(id) }), [id]);

/** The product's name for titles; null when it is not on the device. */
export const useProductName = (productId: string) =>
  useLiveQuery(async () => {
    const p = await db.rows('products_wh').get(productId);
    return p ? (p.name ?? '') : null;
  }, [productId]);
