import Dexie, { type EntityTable, type Table } from 'dexie';
import { DATABASE_NAME } from './local-database-exists.ts';
import { dataGenerationMiddleware } from './data-generation.ts';
import type {
  FieldChange,
  Market,
  MetaRow,
  MirroredRow,
  MirroredRows,
  MirroredTableName,
  OutboxEntry,
  PendingImage,
  Tombstone,
} from './rows.ts';

// The row types live in ./rows.ts; every reader of the device imports them from here with the database.
export * from './rows.ts';

export class OstatokDatabase extends Dexie {
  markets!: EntityTable<Market, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  pending_images!: EntityTable<PendingImage, 'id'>;
  tombstones!: EntityTable<Tombstone, 'key'>;
  field_changes!: EntityTable<FieldChange, 'key'>;

  constructor(name = DATABASE_NAME) {
    super(name);
    this.use(dataGenerationMiddleware);
    // Append new versions below; never edit a released one (Dexie upgrades installed apps from it).
    this.version(1).stores({
      markets: 'id, market_id, name',
      products_wh: 'id, name',
      products_mp: 'id, product_wh_id, offer_id',
      posting_statuses: 'id, product_mp_id',
      batches: 'id, date, kind',
      lots: 'id, product_id, received_at',
      disposals: 'id, product_id',
      markdowns: 'id, product_id, release',
      other_realizations: 'id, product_id, batch_id',
      reserves: 'id, product_id',
      realizations: 'id, product_id',
      returns: 'id, status, product_id',
      stock_movements: 'id, product_id',
      outbox: '++seq, &id, status, [table+row_id], group',
      meta: 'key',
    });
    // Products: the list sorts and filters in memory, so only the image queue needs a new table.
    this.version(2).stores({ pending_images: 'id, product_id, created_at' });
    // Stock screens: reserves and realizations name their product `product` on the wire; batch
    // editors look lots up by batch.
    this.version(3).stores({
      reserves: 'id, product',
      realizations: 'id, product',
      lots: 'id, product_id, received_at, batch_id',
    });
    // Convergence: deletions remembered by version, so no older copy of a row resurrects it.
    this.version(4).stores({ tombstones: 'key' });
    // Returns: the receipt date and the document a return went into; lots found by the return they came from.
    this.version(5).stores({
      returns: 'id, status, product_id, batch_id',
      lots: 'id, product_id, received_at, batch_id, return_id',
    });
    // Marketplace orders (issue 22): the /orders screen filters by store and stage, finds a posting by number,
    // and gathers lines by order, product, what they did to the books and article.
    this.version(6).stores({
      orders: 'id, store_id, stage, posting_number',
      order_lines: 'id, order_id, product_id, books, offer_id',
    });
    // Teams (issue 24): every queued edit names the business it was made in. No index: the queue is read by status
    // and the few entries of a former business are told apart in memory. Entries already queued are the held
    // business's.
    this.version(7)
      .stores({})
      .upgrade(async (tx) => {
        const held = (await tx.table<MetaRow, string>('meta').get('user_id'))?.value;
        if (typeof held !== 'string') return;
        await tx
          .table<OutboxEntry, number>('outbox')
          .toCollection()
          .modify((e) => {
            e.business_id ??= held;
          });
      });
    // Teams (issue 24): fields this device edited, and those another member's write replaced, by row.
    this.version(8).stores({ field_changes: 'key, [table+row_id], since' });
    // The warehouse floor (issue 25): a scan finds its product by barcode; stock counts and each person's counted
    // lines, gathered by count and by product.
    this.version(9).stores({
      products_wh: 'id, name, *barcodes',
      counts: 'id, status',
      count_lines: 'id, count_id, product_id, [count_id+product_id]',
    });
    // A year on the device (issue 26): sales and the ledger by the date the history window keeps them by
    // (src/sync/history-window.ts), so pruning and the home page read a range, not the table.
    this.version(10).stores({
      realizations: 'id, product, datetime',
      stock_movements: 'id, product_id, created_at',
    });
  }

  /** Any mirrored table, rows untyped: for sync, which moves rows of every table alike. */
  mirrored(name: MirroredTableName): EntityTable<MirroredRow, 'id'> {
    return this.table(name) as EntityTable<MirroredRow, 'id'>;
  }

  /** One mirrored table with its rows typed from the API contract: for the screens' reads. */
  rows<T extends MirroredTableName>(name: T): Table<MirroredRows[T], string> {
    return this.table(name);
  }
}

export const db = new OstatokDatabase();

/** Sign-out: nothing of this user may remain on the device. */
export async function clearLocalData(database: OstatokDatabase = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    // meta last: clearing the others writes a new data generation there (src/db/data-generation.ts).
    await Promise.all(database.tables.filter((t) => t !== database.meta).map((t) => t.clear()));
    await database.meta.clear();
  });
}
