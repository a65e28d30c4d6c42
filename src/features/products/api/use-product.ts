import { useLiveQuery } from 'dexie-react-hooks';
import { db, type PendingImage } from '../../../db/database.ts';
import { mirrorComplete } from '../../../sync/pull.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { figuresByProduct } from './product-table.ts';
import type { LotLike, MarkdownLike, ProductMp, ProductWh, ReserveLike, StockFigures } from './types.ts';

export interface ProductView {
  loaded: boolean;
  product?: ProductWh;
  listings: ProductMp[];
  pending: PendingImage[];
  figures: StockFigures;
  /**
   * The device's first pull has not finished: a product opened from the server's list may not be
   * here yet (the card waits for it), and its lots may be partial.
   */
  filling: boolean;
}

const none: StockFigures = { count: 0, reserve: 0, markdowns: 0, total_price: 0 };

/** One product with its listings, waiting pictures and figures, live from the device. */
export function useProduct(id: string): ProductView {
  return useLiveQuery(
    async () => {
      const [complete, product, listings, pending, lots, reserves, markdowns] = await Promise.all([
        mirrorComplete(),
        db.rows('products_wh').get(id),
        db.rows('products_mp').where('product_wh_id').equals(id).toArray(),
        db.pending_images.where('product_id').equals(id).sortBy('created_at'),
        loadProjectedLots(id) as Promise<LotLike[]>,
        // Reserves carry `product` on the wire, which has no index: a filter over a small table.
        db
          .mirrored('reserves')
          .filter((r) => (r.product ?? r.product_id) === id)
          .toArray() as Promise<ReserveLike[]>,
        db.rows('markdowns').where('product_id').equals(id).toArray() as Promise<MarkdownLike[]>,
      ]);
      const figures = figuresByProduct(lots, reserves, markdowns).get(id) ?? none;
      return {
        loaded: true,
        product,
        listings: listings.sort((a, b) => a.offer_id.localeCompare(b.offer_id)),
        pending,
        figures,
        filling: !complete,
      };
    },
    [id],
    { loaded: false, listings: [], pending: [], figures: none, filling: false },
  );
}
