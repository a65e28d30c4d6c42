import { db } from '../../../db/database.ts';
import { listingsByProduct, type ListingSummary } from '../../../lib/listings.ts';
import { barcodesOf } from '../../../scan/attach-barcode.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { figuresByProduct, sortHeads, type ProductHead } from './product-table.ts';
import type { LotLike, MarkdownLike, ReserveLike, StockFigures } from './types.ts';

/**
 * The reads behind the /products table (./product-source.ts runs each as a live query). Each in its
 * own read-only transaction: Dexie then neither keeps a second copy of the 10,000 rows in its
 * query cache nor deep-clones them for every run (its cache serves only implicit transactions).
 */

/** Warehouse products, only what the table shows or searches (names, pictures, barcodes), in name order. */
export function readProductHeads(): Promise<ProductHead[]> {
  const table = db.rows('products_wh');
  return db.transaction('r', table, async () =>
    sortHeads(
      (await table.toArray()).map((row) => ({
        id: row.id,
        name: row.name,
        image: row.images?.[0] ?? null,
        barcodes: barcodesOf(row),
      })),
    ),
  );
}

export interface ListingIndex {
  /** Articles and the first listing picture per warehouse product. */
  byProduct: Map<string, ListingSummary>;
  /** The warehouse product of every listing: posting statuses name the listing. */
  productOf: Map<string, string>;
}

/** Marketplace listings, by warehouse product. */
export function readListings(): Promise<ListingIndex> {
  const table = db.rows('products_mp');
  return db.transaction('r', table, async () => {
    const listings = await table.toArray();
    const productOf = new Map<string, string>();
    for (const l of listings) if (l.product_wh_id) productOf.set(l.id, l.product_wh_id);
    return { byProduct: listingsByProduct(listings), productOf };
  });
}

/**
 * Every product's figures. Through Dexie's ordinary reads, not one transaction: the projection
 * reads the outbox and whichever tables its entries name, and a read-only transaction over all of
 * them would hold up every write to those tables while it runs.
 */
export async function readFigures(): Promise<Map<string, StockFigures>> {
  const [lots, reserves, markdowns] = await Promise.all([
    // As the server will have them: outflows waiting in the outbox already taken (one pass).
    loadProjectedLots() as Promise<LotLike[]>,
    db.rows('reserves').toArray() as Promise<ReserveLike[]>,
    db.rows('markdowns').toArray() as Promise<MarkdownLike[]>,
  ]);
  return figuresByProduct(lots, reserves, markdowns);
}

/** Units awaiting assembly per listing (the mirrored posting statuses; docs/rules.md «Достаточность»). */
export function readAwaitingByListing(): Promise<Map<string, number>> {
  const table = db.rows('posting_statuses');
  return db.transaction('r', table, async () => {
    const out = new Map<string, number>();
    for (const s of await table.toArray())
      out.set(s.product_mp_id, (out.get(s.product_mp_id) ?? 0) + (Number(s.awaiting_packaging) || 0));
    return out;
  });
}
