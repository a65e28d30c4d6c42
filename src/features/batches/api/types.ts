import type { components } from '../../../../api/schema.gen.ts';

/*
 * The rows as sync mirrors them (server/schemas/stock-rows.ts). Declared here until
 * api/schema.gen.ts carries them (npm run api:gen).
 */

export type ProductWh = Pick<components['schemas']['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<components['schemas']['ProductMp'], 'id' | 'offer_id' | 'primary_image'> & { product_wh_id: string | null };

type RowMeta = { version: number; updated_at: string };

export type BatchKind = 'purchase' | 'return' | 'other';

export type Batch = RowMeta & {
  id: string;
  kind: BatchKind;
  /** The batch date: a picked day, stored as its midnight UTC. */
  date: string;
  description: string;
  created_at: string;
};

export type Lot = RowMeta & {
  id: string;
  _id: string;
  product_id: string;
  batch_id: string | null;
  return_id: string | null;
  /** Remaining units. */
  count: number;
  /** Units received. */
  count_max: number;
  /** Unit cost, ₽. */
  price: number;
  /** Receipt date (the batch date): FIFO order. */
  created_at: string;
  is_return: boolean;
  count_max_edited: boolean;
  price_edited: boolean;
};

export type Markdown = RowMeta & {
  id: string;
  product_id: string;
  lot_id: string | null;
  datetime: string;
  description: string;
  price: number;
  markdown_price: number;
  release: boolean;
  count: number;
};

export type Disposal = RowMeta & {
  id: string;
  product_id: string;
  batch_id: string | null;
  count: number;
  price: number;
  datetime: string;
  description: string;
};

export type Marketplace = 'OZON' | 'WB' | 'YM' | 'Other';

export type OtherRealization = RowMeta & {
  id: string;
  product_id: string;
  batch_id: string | null;
  date: string;
  description: string;
  marketplace: Marketplace | null;
  count: number;
  price: number;
  realization_price: number;
  release: boolean;
};

export interface StockMovement {
  id: string;
  product_id: string;
  lot_id: string;
  delta: number;
  source_table: string;
  source_id: string;
}
