import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import type { Disposal, Markdown, OtherRealization, Realization, Reserve, StockMovement } from './types.ts';

/*
 * The product's rows of each stock table, live from the device (mirrored rows and rows made
 * here alike). Newest first. undefined while loading.
 */

const newestFirst =
  <T>(field: keyof T) =>
  (a: T, b: T) =>
    String(b[field] ?? '').localeCompare(String(a[field] ?? ''));

const byProductId = <T>(table: 'disposals' | 'markdowns' | 'other_realizations' | 'stock_movements', productId: string) =>
  db.mirrored(table).where('product_id').equals(productId).toArray() as unknown as Promise<T[]>;
// Reserves and realizations name their product `product` on the wire, which has no index.
const byProduct = <T>(table: 'reserves' | 'realizations', productId: string) =>
  db
    .mirrored(table)
    .filter((r) => r.product === productId)
    .toArray() as unknown as Promise<T[]>;

export const useDisposals = (productId: string) =>
  useLiveQuery(async () => (await byProductId<Disposal>('disposals', productId)).sort(newestFirst('datetime')), [productId]);

export const useProductMarkdowns = (productId: string) =>
  useLiveQuery(async () => (await byProductId<Markdown>('markdowns', productId)).sort(newestFirst('datetime')), [productId]);

export const useOtherRealizations = (productId: string) =>
  useLiveQuery(async () => (await byProductId<OtherRealization>('other_realizations', productId)).sort(newestFirst('date')), [productId]);

export const useReserves = (productId: string) =>
  useLiveQuery(async () => (await byProduct<Reserve>('reserves', productId)).sort(newestFirst('updated_at')), [productId]);

export const useRealizations = (productId: string) =>
  useLiveQuery(async () => (await byProduct<Realization>('realizations', productId)).sort(newestFirst('datetime')), [productId]);

export const useMovements = (productId: string) =>
  useLiveQuery(async () => (await byProductId<StockMovement>('stock_movements', productId)).sort(newestFirst('created_at')), [productId]);

export const useMarkdown = (id: string) =>
  useLiveQuery(async () => ({ row: (await db.mirrored('markdowns').get(id)) as unknown as Markdown | undefined }), [id]);
export const useDisposal = (id: string) =>
  useLiveQuery(async () => ({ row: (await db.mirrored('disposals').get(id)) as unknown as Disposal | undefined }), [id]);

/** The product's name for titles; null when it is not on the device. */
export const useProductName = (productId: string) =>
  useLiveQuery(async () => {
    const p = (await db.mirrored('products_wh').get(productId)) as { name?: string } | undefined;
    return p ? (p.name ?? '') : null;
  }, [productId]);
