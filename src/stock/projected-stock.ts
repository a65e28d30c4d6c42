import { useLiveQuery } from 'dexie-react-hooks';
import { fifoCompare } from '../../domain/fifo.ts';
import { projectStock, stockEntries, type ProjectionLot } from './projection.ts';
import { db, type MirroredTableName, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';

/**
 * The lots as the server will have them once the outbox is sent (./projection.ts),
 * read from the device. Shared by every screen that shows remaining units, so none of them shows
 * the mirrored counts while outflows still wait to be sent.
 */

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const productOfRow = (row: Record<string, unknown> | null | undefined) => str(row?.product_id) ?? str(row?.product);

/**
 * Edits that can move stock and whose effect on the lots the device does not have yet, oldest
 * first: pending, on the wire, or applied by the server but not pulled back (the lots they took
 * from are still the old mirrored ones until then).
 */
async function waitingStockEntries(database: OstatokDatabase): Promise<OutboxEntry[]> {
  // Single-key reads (see countUnsent): anyOf() would walk the whole outbox.
  const [pending, sending, applied] = await Promise.all([
    database.outbox.where('status').equals('pending').toArray(),
    database.outbox.where('status').equals('sending').toArray(),
    database.outbox.where('status').equals('applied').toArray(),
  ]);
  return stockEntries([...pending, ...sending, ...applied]);
}

/**
 * Projected lots of one product, or of all products when `productId` is omitted (one read of
 * each table, whatever the number of products). Deleted lots are gone; lots received offline are in.
 */
export async function loadProjectedLots(productId?: string, database: OstatokDatabase = db): Promise<ProjectionLot[]> {
  return (await loadLotsBothWays(productId, database)).projected;
}

/**
 * The lots both as mirrored (the server's, as of the last pull) and as projected, from one read: the home page's
 * chart tells the outbox's part of the difference from the ledger's (src/features/home/api/stock-value-series.ts).
 */
export async function loadLotsBothWays(
  productId?: string,
  database: OstatokDatabase = db,
): Promise<{ mirrored: ProjectionLot[]; projected: ProjectionLot[] }> {
  const lotsTable = database.rows('lots');
  const [entries, lots] = await Promise.all([
    waitingStockEntries(database),
    productId ? lotsTable.where('product_id').equals(productId).toArray() : lotsTable.toArray(),
  ]);
  if (entries.length === 0) return { mirrored: lots, projected: lots };

  // The rows the entries touch, for fields a PATCH does not repeat (the product above all).
  const rows = new Map<string, Record<string, unknown>>();
  const byTable = new Map<MirroredTableName, string[]>();
  for (const e of entries) byTable.set(e.table, [...(byTable.get(e.table) ?? []), e.row_id]);
  await Promise.all(
    [...byTable].map(async ([table, ids]) => {
      const found = await database.mirrored(table).bulkGet(ids);
      found.forEach((row, i) => row && rows.set(`${table}/${ids[i]}`, row));
    }),
  );
  const products = new Set<string>();
  for (const e of entries) {
    const body = (e.body ?? {}) as Record<string, unknown>;
    const item = Array.isArray(body.batch)
      ? (body.batch as Record<string, unknown>[]).find((i) => i?.id === e.row_id)
      : body;
    for (const p of [productOfRow(item), productOfRow(e.before), productOfRow(rows.get(`${e.table}/${e.row_id}`))])
      if (p) products.add(p);
  }
  if (productId && !products.has(productId)) return { mirrored: lots, projected: lots };

  // Lots of other products reached through an entry (a lot moved, say) come with their `before`.
  const wanted = productId ? [productId] : [...products];
  const movements = await database.rows('stock_movements').where('product_id').anyOf(wanted).toArray();
  const projected = projectStock({ lots, movements, entries, rows }).lots;
  return { mirrored: lots, projected: productId ? projected.filter((l) => l.product_id === productId) : projected };
}

export interface ProductStock {
  /** Projected lots, FIFO order (oldest receipt first). */
  lots: ProjectionLot[];
  onHand: number;
  /** Units set aside by active reserves (as on the device, offline reserves included). */
  reserved: number;
  /** What an outflow may take: on hand minus reserved (the server's rule). */
  free: number;
}

const isActiveReserveOf = (productId: string) => (r: Record<string, unknown>) =>
  productOfRow(r) === productId && r.status === 'active';

export async function loadProductStock(productId: string, database: OstatokDatabase = db): Promise<ProductStock> {
  const [lots, reserves] = await Promise.all([
    loadProjectedLots(productId, database),
    // Reserves carry `product` on the wire, which has no index: a filter over a small table.
    database.mirrored('reserves').filter(isActiveReserveOf(productId)).toArray(),
  ]);
  const sorted = [...lots].sort((a, b) =>
    fifoCompare({ ...a, receivedAt: a.created_at }, { ...b, receivedAt: b.created_at }),
  );
  const onHand = sorted.reduce((s, l) => s + l.count, 0);
  const reserved = reserves.reduce((s, r) => s + (Number(r.count) || 0), 0);
  return { lots: sorted, onHand, reserved, free: onHand - reserved };
}

/** Live: the product's projected stock; undefined while loading. */
export function useProductStock(productId: string): ProductStock | undefined {
  return useLiveQuery(() => loadProductStock(productId), [productId]);
}
