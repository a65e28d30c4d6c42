import type { components } from '../../../../api/schema.gen.ts';

/** A picture waiting on the device for its upload. */
export type { PendingImage } from '../../../db/database.ts';

type Figures = 'count' | 'reserve' | 'markdowns' | 'total_price';

/** A warehouse product as mirrored: pulled without its figures, which the device derives itself. */
export type ProductWh = Omit<components['schemas']['ProductWh'], Figures>;
/** A marketplace listing; product_wh_id is null for a moment after an ungroup made offline. */
export type ProductMp = Omit<components['schemas']['ProductMp'], 'product_wh_id'> & { product_wh_id: string | null };

export interface StockFigures {
  /** Units on hand: Σ lot.count. */
  count: number;
  /** Units held by active reserves. */
  reserve: number;
  /** Unsold markdowns; each counts as one unit (docs/rules.md «Товары и их цифры»). */
  markdowns: number;
  /** Σ lot.count × lot.price. */
  total_price: number;
}

/** Mirrored rows of the stock tables, read only for the fields the figures need. */
export interface LotLike {
  product_id?: unknown;
  count?: unknown;
  price?: unknown;
}
export interface ReserveLike {
  product?: unknown;
  product_id?: unknown;
  count?: unknown;
  status?: unknown;
}
export interface MarkdownLike {
  product_id?: unknown;
  release?: unknown;
}
