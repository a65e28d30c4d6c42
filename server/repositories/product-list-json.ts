import { sql, type SQL } from 'drizzle-orm';

/*
 * The products page (GET /api/v1/products/all/) as JSON text made by the database in the one query
 * that picks the page. Reading 50 products into JS objects, adding their listings from a second
 * query and encoding it all again cost several milliseconds of the server's CPU per page
 * (tests/bench/products-pg.ts); PostgreSQL writes the same text in a fraction of that.
 *
 * The text must stay what listItemToWire (server/schemas/products.ts) makes of the same rows, in
 * the same key order: tests/server/products-list-wire.test.ts compares them field by field.
 */

/*
 * JSON values as text. `||` with a NULL makes NULL, so every value that may be NULL says `null`.
 * to_json escapes a string as JSON.stringify does; numbers print as in JS (float8 and integers
 * in their shortest form); jsonb prints as JSON (with a space after a comma, which no reader sees).
 */
const text = (column: SQL) => sql`coalesce(to_json(${column})::text, 'null')`;
const number = (column: SQL) => sql`(${column})::text`;
const money = (column: SQL) => sql`(${column})::float8::text`;
const raw = (column: SQL) => sql`(${column})::text`;
// As Date.prototype.toISOString prints the driver's Date: milliseconds, the rest cut off.
const iso = (column: SQL) => sql`'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;

/** `{"key":value,…}` in the order given, as compact as JSON.stringify writes it. */
function object(fields: Record<string, SQL>): SQL {
  const parts = Object.entries(fields).map(([key, value], i) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`not a plain key: ${key}`);
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${value}`;
  });
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** productMpToWire of the listing `mp`. */
const listingWire = object({
  id: text(sql`mp.id`),
  _id: text(sql`mp.id`),
  product_wh_id: text(sql`mp.product_wh_id`),
  name: text(sql`mp.name`),
  offer_id: text(sql`mp.offer_id`),
  primary_image: text(sql`mp.primary_image`),
  marketplace: text(sql`mp.marketplace`),
  market_id: text(sql`mp.market_id`),
  created_at: iso(sql`mp.created_at`),
  updated_at: iso(sql`mp.updated_at`),
  version: number(sql`mp.version`),
});

/** productWhToWire of the page row `pg`, which carries its reserve and markdowns. */
const productWhWire = object({
  id: text(sql`pg.id`),
  _id: text(sql`pg.id`),
  name: text(sql`pg.name`),
  description: text(sql`pg.description`),
  images: raw(sql`pg.images`),
  confirmed: raw(sql`pg.confirmed`),
  market_ids: raw(sql`pg.market_ids`),
  shelf: text(sql`pg.shelf`),
  barcodes: raw(sql`pg.barcodes`),
  created_at: iso(sql`pg.created_at`),
  updated_at: iso(sql`pg.updated_at`),
  version: number(sql`pg.version`),
  created_by: text(sql`pg.created_by`),
  updated_by: text(sql`pg.updated_by`),
  count: number(sql`pg.stock_count`),
  reserve: number(sql`pg.reserve`),
  markdowns: number(sql`pg.markdowns`),
  total_price: money(sql`pg.stock_value`),
});

/** The listings of the page row `pg` (comma-joined), and the offer and image lists of listItemToWire. */
const listingsOfPage = (userId: string) => sql`
  left join lateral (
    select string_agg(${listingWire}, ',' order by mp.created_at, mp.id) as listings,
      array_to_json(array_agg(mp.offer_id order by mp.created_at, mp.id))::text as articles,
      array_to_json(array_agg(mp.primary_image order by mp.created_at, mp.id) filter (where mp.primary_image <> ''))::text as images
    from products_mp mp
    where mp.product_wh_id = pg.id and mp.user_id = ${userId} and mp.deleted_at is null
  ) l on true`;

export interface ProductPageQuery {
  userId: string;
  /**
   * Columns of products_wh (unaliased) with `reserve` and `markdowns` columns: read for the page's rows only,
   * after the page is picked.
   */
  columns: SQL;
  where: SQL | undefined;
  /** Joined to products_wh when the page is picked: what `key` needs beside the product's own columns. */
  join?: SQL;
  key: SQL;
  descending: boolean;
  /**
   * Written into the text, and so is a zero offset: with them as parameters PostgreSQL plans every
   * run anew, as a generic plan could not know the page is small; with them, the first page of a
   * named statement is planned once.
   */
  limit: number;
  offset: number;
  /**
   * The page's total: a scalar subquery, or 'counted' for a filtered list, whose matching rows the page's own
   * scan counts (a window count over the same pass) instead of a second scan of every product of the user.
   */
  total: SQL | { counted: SQL };
}

/**
 * One statement answering `{"products": [...], "total": n}` as text. The parts are joined as text:
 * json_build_object and row_to_json cost more here, and a cast back to json would parse them again.
 *
 * The page is picked first (`picked`: ids and sort keys only) and only its rows are then read whole with their
 * reserve and markdowns: with the figures in the picking scan, a page deep in a big catalogue computed both
 * subqueries for every row it skipped (tests/bench/year-pg.ts).
 */
export function productPageJson(q: ProductPageQuery): SQL {
  const direction = sql.raw(q.descending ? 'desc' : 'asc');
  const counted = 'counted' in q.total;
  const total =
    'counted' in q.total
      ? // A page past the end has no row to carry the count: then it is counted apart.
        sql`coalesce((select matching from picked limit 1), (${q.total.counted}))`
      : q.total;
  return sql`
    with picked as (
      select products_wh.id, ${q.key} as sort_key, lower(products_wh.name) as sort_name
        ${counted ? sql`, count(*) over () as matching` : sql``}
      from products_wh ${q.join ?? sql``}
      where ${q.where}
      -- Ties fall back to the name and then the id, so pages never overlap or skip a row.
      order by ${q.key} ${direction}, lower(products_wh.name) asc, products_wh.id asc
      limit ${sql.raw(String(Math.trunc(q.limit)))} offset ${q.offset === 0 ? sql.raw('0') : q.offset}
    ), page as (
      select ${q.columns}, picked.sort_key, picked.sort_name
      from picked join products_wh on products_wh.id = picked.id
    )
    select '{"products":[' || coalesce((
        select string_agg(
          '{"product_wh":' || ${productWhWire} || ',"products_mp":[' || coalesce(l.listings, '') ||
            '],"articles":' || coalesce(l.articles, '[]') || ',"primary_images":' || coalesce(l.images, '[]') || '}',
          ',' order by pg.sort_key ${direction}, pg.sort_name asc, pg.id asc)
        from page pg
        ${listingsOfPage(q.userId)}
      ), '') || '],"total":' || coalesce((${total}), 0)::text || '}' as body`;
}
