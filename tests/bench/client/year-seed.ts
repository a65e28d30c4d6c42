import pg from 'pg';

/*
 * The year device's account in SQL (tests/bench/client/year-device.ts): a year of sales and their ledger, names a
 * keystroke filters alike on both devices, and the rows the device should keep.
 */

/** Sales spread over the last year, four ledger rows each, dated as if written then (so no row looks recent). */
export async function seedYear(url: string, userId: string, sales: number): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // Each product in turn (a hash join on its rank: the product count is known, so no join on a computed count).
    const { rows } = await db.query(`select count(*)::int n from products_wh where user_id = $1`, [userId]);
    await db.query(
      `with p as (select id, row_number() over (order by id) - 1 as rn from products_wh where user_id = $1)
       insert into realizations (user_id, product_id, count, price, realization_price, datetime)
       select $1, p.id, 1, 100, 300, now() - random() * interval '365 days'
       from generate_series(1, $2) g join p on p.rn = g % $3`,
      [userId, sales, rows[0].n],
    );
    await db.query(
      `insert into stock_movements (user_id, product_id, lot_id, delta, reason, source_table, source_id, unit_cost)
       select r.user_id, r.product_id, (select l.id from lots l where l.product_id = r.product_id limit 1),
         -1, 'realization', 'realizations', r.id, 100
       from realizations r cross join generate_series(1, 4) where r.user_id = $1`,
      [userId],
    );
    // The triggers stamped every row as written now; a year of history was written over the year.
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    await db.query(`update realizations set created_at = datetime, updated_at = datetime where user_id = $1`, [userId]);
    await db.query(
      `update stock_movements m set created_at = r.datetime, updated_at = r.datetime
       from realizations r where r.id = m.source_id and m.user_id = $1`,
      [userId],
    );
    await db.query('commit');
    await db.query('analyze');
    const n = await db.query(`select count(*)::int n from stock_movements where user_id = $1`, [userId]);
    return n.rows[0].n as number;
  } finally {
    await db.end();
  }
}

/**
 * Names with one of eight colours, as the sandbox's catalogs have (tests/bench/client/products-list.ts): «ж» is in two
 * of them, so a keystroke filters about a quarter of the rows, on both devices alike.
 */
export async function colourNames(url: string, userId: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(
      `update products_wh set name = 'Товар ' || left(md5(id::text), 8) || ' ' ||
         (array['бежевый','жёлтый','синий','красный','белый','чёрный','серый','зелёный'])[1 + abs(hashtext(id::text)) % 8]
       where user_id = $1`,
      [userId],
    );
    await db.query(
      `update products_mp m set name = p.name from products_wh p where p.id = m.product_wh_id and m.user_id = $1`,
      [userId],
    );
  } finally {
    await db.end();
  }
}

export async function keptCounts(url: string, userId: string, from: string, seeded: Record<string, number>) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const r = await db.query(
      `select (select count(*) from realizations where user_id = $1 and datetime >= $2)::int realizations,
              (select count(*) from stock_movements where user_id = $1 and created_at >= $2)::int stock_movements`,
      [userId, from],
    );
    return { ...seeded, ...r.rows[0] } as Record<string, number>;
  } finally {
    await db.end();
  }
}
