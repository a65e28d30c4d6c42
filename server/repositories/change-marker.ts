import type { Db } from '../db/client.ts';
import { dbOf } from '../db/tx-context.ts';

/*
 * The tables the products page is made of (server/repositories/products.ts listJson): the product
 * rows, their listings, and the rows behind its figures — lots (stock_count and stock_value are a
 * roll-up that deliberately leaves the product's version alone, migration 0003), reserves,
 * markdowns and returns (the order by returns). The unfiltered total (product_totals) moves only
 * when a product is added or tombstoned, which moves products_wh's own version.
 */
const productPageTables = ['products_wh', 'products_mp', 'lots', 'reserves', 'markdowns', 'returns'] as const;

/*
 * Each subquery is one step down the table's (user_id, version) index. Every write of a mirrored
 * row takes its version from one sequence under the user's transaction lock (migration 0001), so
 * a user's versions are handed out in commit order: a commit always raises the marker, and a
 * reader that sees the same marker sees the same rows. Rows are tombstoned, never deleted, so a
 * delete raises it too.
 */
const productPageMarker = `select coalesce(greatest(${productPageTables
  .map((table) => `(select max(version) from ${table} where user_id = $1)`)
  .join(', ')}), 0)::text as marker`;

/** Cheap per-user marks of "something changed", read in the request that wants to trust a cached answer. */
export class ChangeMarkerRepository {
  constructor(private readonly root: Db) {}

  /**
   * The greatest version among the user's rows the products page is built from: a page read after
   * this marker was read is at least as new as the database was then.
   */
  async productsPage(userId: string): Promise<string> {
    const session = dbOf(this.root)._.session;
    // A named statement: parsed and planned once per connection, as the marker is read on every page request.
    const result = (await session
      .prepareQuery({ sql: productPageMarker, params: [userId] }, undefined, 'products_page_marker', false)
      .execute()) as { rows: { marker: string }[] };
    return result.rows[0]!.marker;
  }
}
