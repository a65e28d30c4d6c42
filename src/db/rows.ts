import type { components } from '../../api/schema.gen.ts';

/*
 * The rows the device keeps: mirrored tables as the API contract types them, the outbox, images waiting
 * for upload, tombstones, meta and field changes. The Dexie schema over them is ./database.ts.
 */

export type Market = components['schemas']['Market'];

/** A row of a mirrored table, as the server's REST calls answer it. */
export interface MirroredRow {
  id: string;
  version?: number;
  [field: string]: unknown;
}

/**
 * Every table the server mirrors (server/sync/tables.ts). Tables without a feature yet are
 * declared now so the schema only ever grows by appended versions.
 */
export const mirroredTableNames = [
  'markets',
  'products_wh',
  'products_mp',
  'posting_statuses',
  'batches',
  'lots',
  'disposals',
  'markdowns',
  'other_realizations',
  'reserves',
  'realizations',
  'returns',
  'stock_movements',
  'orders',
  'order_lines',
  'counts',
  'count_lines',
] as const;
export type MirroredTableName = (typeof mirroredTableNames)[number];

type Schemas = components['schemas'];
/** Figures the server sums per product: pull leaves them out, the device derives them from the lots. */
type ProductFigures = 'count' | 'reserve' | 'markdowns' | 'total_price';

/**
 * Each mirrored table's row as pull and the REST answers deliver it (server/sync/tables.ts), so a
 * screen reads typed rows straight from the device. Tables without a schema yet stay loose.
 */
export interface MirroredRows {
  markets: Market;
  products_wh: Omit<Schemas['ProductWh'], ProductFigures>;
  /** product_wh_id is null for a moment after an ungroup made offline. */
  products_mp: Omit<Schemas['ProductMp'], 'product_wh_id'> & { product_wh_id: string | null };
  posting_statuses: PostingStatus;
  batches: Schemas['Batch'];
  lots: Schemas['Lot'];
  disposals: Schemas['Disposal'];
  markdowns: Schemas['Markdown'];
  other_realizations: Schemas['OtherRealization'];
  reserves: Schemas['Reserve'];
  realizations: Schemas['Realization'];
  returns: Schemas['Return'];
  stock_movements: Schemas['StockMovement'];
  orders: Schemas['Order'];
  order_lines: OrderLineRow;
  counts: Schemas['Count'];
  count_lines: Schemas['CountLine'];
}

/**
 * An order line as pull brings it, and one mark the device alone writes: the product a link of its
 * listing waits to make (src/features/orders/api/link-offer.ts), so the line shows «Связывается…» until
 * the server's linked line comes back with a newer version and replaces the row whole.
 */
export type OrderLineRow = Schemas['OrderLine'] & { linking_product_id?: string };

/**
 * One listing's figures of its store's latest posting snapshot (server/schemas/postings.ts
 * postingStatusToWire; docs/rules.md «Достаточность»). Pull only; the device never writes it.
 */
export interface PostingStatus {
  id: string;
  product_mp_id: string;
  awaiting_packaging: number;
  awaiting_deliver: number;
  delivering: number;
  fetched_at: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export type HttpWriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One queued edit: a plain REST call of the API (docs/sync-protocol.md «Очередь (outbox)»), sent later by the sync
 * worker.
 */
export interface OutboxEntry {
  seq?: number;
  /** Also the Idempotency-Key: the server applies an entry once however often it is sent. */
  id: string;
  /** Entries of one group apply together on the server or not at all. */
  group: string | null;
  /**
   * Set on an entry that only records another row a call of a group writes on the device (see
   * queueGroup in src/sync/outbox.ts): the id of the entry that carries the call. Such an entry is
   * never sent; it settles with its carrier's answer, so a refusal puts its row back too.
   */
  carrier?: string;
  method: HttpWriteMethod;
  path: string;
  body?: unknown;
  table: MirroredTableName;
  row_id: string;
  /** The row before this edit, to put back if the server refuses it; null for a row created here. */
  before: MirroredRow | null;
  created_at: number;
  /**
   * pending: waiting; sending: in a push call now; rejected: refused by the server, kept to show why;
   * applied: an outflow (write-off, markdown, sale, other realization) the server accepted whose
   * effect on the lots has not come back yet: kept for the stock projection only, until a pull
   * started after `applied_at` ends (src/sync/push-worker.ts accept); not unsent, not counted.
   */
  status: 'pending' | 'sending' | 'applied' | 'rejected';
  /** When the server's acceptance of an `applied` entry came back (ms since epoch). */
  applied_at?: number;
  attempts: number;
  error: string | null;
  /**
   * The business the edit was made in (the access token's `bid` when it was queued): it is sent only while the
   * device is signed in to that business (src/sync/push-worker.ts), and kept as refused when the person leaves it
   * (src/sync/session.ts). Absent on entries queued with no token at hand or before teams: those belong to the
   * business the device held (meta 'user_id').
   */
  business_id?: string;
}

/**
 * A picture chosen for a product but not uploaded yet (offline, or the upload still to come). The
 * bytes wait here until src/sync/image-uploads.ts sends them; the product's images list holds only
 * URLs the server accepted, so a pull never wipes a picture still waiting.
 */
export interface PendingImage {
  id: string;
  product_id: string;
  /** The picture itself; stored as bytes + type rather than a Blob, which older Safari could not keep. */
  data: ArrayBuffer;
  type: string;
  name: string;
  created_at: number;
}

/**
 * A row the server deleted, as of which version (`key` = `table/id`). Kept while edits of the row
 * are still queued, so an older push answer or a `before` copy never brings the row back
 * (src/sync/mirror-writes.ts); a pull drops the rest when it ends.
 */
export interface Tombstone {
  key: string;
  version: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * A field of a mirrored row this device edited (`key` = `table/row_id/field`), kept so that another member's later
 * write of it is told, not flipped silently (src/sync/field-changes.ts).
 */
export type FieldChange = {
  key: string;
  table: MirroredTableName;
  row_id: string;
  field: string;
  /** When this state began (ms): old ones are dropped. */
  since: number;
} & (
  | {
      /** This device's value stands, as far as the device knows. */
      state: 'mine';
      value: unknown;
      /**
       * A copy by someone else that came while this device's edit of the field still waited: whichever reached the
       * server last wins, which the device learns once its edit is settled.
       */
      contested?: { value: unknown; by: string | null; at: string; version: number };
    }
  | {
      /**
       * Someone else's write replaced this device's value: `by` (a member's id; null: the server's own work), `at`
       * (the row's updated_at).
       */
      state: 'replaced';
      by: string | null;
      at: string;
    }
);
