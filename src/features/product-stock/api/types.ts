/*
 * The stock rows as the server answers and sync mirrors them (server/schemas/stock-rows.ts).
 * Declared here until api/schema.gen.ts carries them (npm run api:gen).
 */

type RowMeta = {
  version: number;
  updated_at: string;
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
  /** Receipt date: FIFO order. */
  created_at: string;
  is_return: boolean;
  count_max_edited: boolean;
  price_edited: boolean;
};

export type Disposal = RowMeta & {
  id: string;
  _id: string;
  product_id: string;
  batch_id: string | null;
  count: number;
  /** Write-off price per unit, ₽ (entered by the user). */
  price: number;
  datetime: string;
  description: string;
};

export type Markdown = RowMeta & {
  id: string;
  product_id: string;
  /** The lot its unit came from; null until the server has taken it. */
  lot_id: string | null;
  datetime: string;
  description: string;
  price: number;
  markdown_price: number;
  /** Sold. */
  release: boolean;
  /** Always 1. */
  count: number;
};

export const otherMarketplaces = ['OZON', 'WB', 'YM', 'Other'] as const;

export type OtherRealization = RowMeta & {
  id: string;
  product_id: string;
  batch_id: string | null;
  date: string;
  description: string;
  marketplace: (typeof otherMarketplaces)[number] | null;
  count: number;
  /** Unit cost of what was taken, ₽ (the server computes it). */
  price: number;
  realization_price: number;
  release: boolean;
};

export type ReserveStatus = 'active' | 'released' | 'realized';
export type Reserve = RowMeta & {
  id: string;
  product: string;
  count: number;
  price: number;
  status: ReserveStatus;
};

export type RealizationStatus = 'completed' | 'cancelled';
export type Realization = RowMeta & {
  id: string;
  product: string;
  count: number;
  /** Unit cost of what was taken, ₽ (the server computes it; the device projects it until then). */
  price: number;
  /** Sale price per unit, ₽. */
  realization_price: number;
  status: RealizationStatus;
  datetime: string;
};

export type MovementReason = 'receipt' | 'correction' | 'removal' | 'disposal' | 'markdown' | 'realization' | 'other_realization' | 'reversal';
export type StockMovement = RowMeta & {
  id: string;
  product_id: string;
  lot_id: string;
  delta: number;
  reason: MovementReason;
  source_table: string;
  source_id: string;
  unit_cost: number;
  created_at: string;
};

/** A new row's version and timestamp until the server's answer replaces it. */
export const freshMeta = (): RowMeta => ({ version: 0, updated_at: new Date().toISOString() });
