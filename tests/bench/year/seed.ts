import pg from 'pg';

/**
 * A year of business for many sellers, written in SQL (INSERT … SELECT, one statement a table) through every
 * trigger production has: row versions, the stock roll-up of products_wh, product totals, barcodes.
 *
 * Each product has LOTS_PER_PRODUCT lots from weekly purchase batches; each lot has MOVES_PER_LOT ledger rows:
 * its receipt and nine outflows — seven sales (realizations), one write-off (disposal) and one markdown — each
 * a row of its own table under the id the ledger names. FIFO took the old lots first: all but the two newest
 * lots of a product are spent to 0, the two newest keep about half, so the ledger of every lot sums to its
 * remaining units and a write-off walks past the spent lots as in production.
 */
export const LOTS_PER_PRODUCT = 10;
export const MOVES_PER_LOT = 10;
const PARTIAL_LOTS = 2;
const BATCHES_PER_USER = 52;

export interface YearShape {
  users: number;
  products: number;
}

/** 100 sellers, 100,000 products (1,000,000 lots, 10,000,000 movements) at scale 1. */
export function yearShape(scale: number): YearShape {
  return { users: Math.max(4, Math.round(100 * scale)), products: Math.round(100_000 * scale) };
}

/**
 * How many products each seller has: one in twenty is big and together they hold 40% of the products, the
 * rest share the other 60% (a few large sellers and many small ones, as on any marketplace).
 */
export function productsPerUser(shape: YearShape): number[] {
  const big = Math.max(1, Math.round(shape.users / 20));
  const small = shape.users - big;
  const bigEach = Math.floor((shape.products * 0.4) / big);
  const smallTotal = shape.products - bigEach * big;
  return Array.from({ length: shape.users }, (_, i) =>
    i < big ? bigEach : Math.floor(smallTotal / small) + (i - big < smallTotal % small ? 1 : 0),
  );
}

export interface Seeded {
  users: number;
  products: number;
  listings: number;
  lots: number;
  movements: number;
  realizations: number;
  disposals: number;
  markdowns: number;
  reserves: number;
  batches: number;
  seconds: Record<string, number>;
}

// A deterministic id per (lot, outflow number): the outflow's own row and its ledger row name the same one.
const outflowId = (i: string) => `md5(l.id::text || ':' || ${i})::uuid`;
// Units the lot's outflow i (1…9) took: T = count_max − count spread over sales and the write-off, 1 markdown.
const taken = `(l.count_max - l.count)`;
const outflowCount = (i: string) =>
  `case when ${i} = 9 then 1 else (${taken} - 1) / 8 + (case when ${i} <= (${taken} - 1) % 8 then 1 else 0 end) end`;
const outflowAt = (i: string) => `l.received_at + (${i}) * interval '11 hours'`;
/*
 * The history tables are written with their triggers off (session_replication_role = replica): the row-version
 * trigger's work is done in the statement instead — the same sequence, the same updated_at, no author (the
 * server's own writes have none) — and the foreign keys hold by construction (every row is made from a lot).
 * With them on, each of ten million ledger rows paid a PL/pgSQL call and three foreign-key probes: 85 µs a row
 * here, a quarter of an hour for the ledger alone. The roll-up the lots' trigger keeps is set in one statement
 * after, and checkLedger compares every figure with its rows.
 */
const meta = 'version, updated_at';
const metaValues = `nextval('row_version_seq'), now()`;

const words = [
  'Кружка',
  'Футболка',
  'Чехол',
  'Кабель',
  'Лампа',
  'Рюкзак',
  'Носки',
  'Зарядка',
  'Коврик',
  'Термос',
  'Шарф',
  'Органайзер',
  'Подушка',
  'Ручка',
  'Блокнот',
  'Свеча',
  'Фонарик',
  'Зонт',
  'Перчатки',
  'Бутылка',
];
const colours = ['белый', 'чёрный', 'красный', 'синий', 'зелёный', 'серый', 'жёлтый', 'розовый', 'бежевый', 'хаки'];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Seeds the sellers `userIds` (already signed up) on `url`; returns the counts and the seconds of each step. */
export async function seedYear(url: string, userIds: string[], shape: YearShape): Promise<Seeded> {
  const perUser = productsPerUser(shape);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const seconds: Record<string, number> = {};
  const step = async (name: string, text: string, params: unknown[] = []) => {
    const started = performance.now();
    await db.query(text, params);
    seconds[name] = Math.round(performance.now() - started) / 1000;
    console.error(`seed ${name}: ${seconds[name]} s`);
  };
  try {
    await step(
      'sellers',
      `create temp table year_sellers as select * from unnest($1::uuid[], $2::int[]) with ordinality as s(user_id, products, k)`,
      [userIds, perUser],
    );
    await step(
      'markets',
      `insert into markets (user_id, market_id, name, marketplace, order_intake)
       select user_id, 'ozon-' || k, 'Озон ' || k, 'OZON', false from year_sellers`,
    );
    await step(
      'products_wh',
      `insert into products_wh (user_id, name, description, shelf, market_ids)
       select s.user_id,
         (${sqlArray(words)})[1 + g % 20] || ' ' || (${sqlArray(colours)})[1 + (g / 20) % 10] || ' ' || lpad(g::text, 6, '0'),
         '', 'А-' || lpad((g % 40)::text, 2, '0') || '-' || (g % 5), jsonb_build_array('ozon-' || s.k)
       from year_sellers s cross join lateral generate_series(1, s.products) g`,
    );
    await step(
      'products_mp',
      `insert into products_mp (user_id, product_wh_id, market_ref, name, offer_id, marketplace, market_id)
       select p.user_id, p.id, m.id, p.name, 'ART-' || upper(substr(md5(p.id::text), 1, 8)), 'OZON', m.market_id
       from products_wh p join markets m on m.user_id = p.user_id`,
    );
    await step(
      'batches',
      `insert into batches (user_id, kind, date, description)
       select s.user_id, 'purchase', date_trunc('day', now()) - ((${BATCHES_PER_USER} - b) * 7 + 7) * interval '1 day', 'Закупка ' || b
       from year_sellers s cross join generate_series(1, ${BATCHES_PER_USER}) b`,
    );
    await db.query('set session_replication_role = replica');
    // Lot n of a product comes with batch (n−1)·5 + h (h: 0…4 from the product's id), in the batch's order.
    await step(
      'lots',
      `with numbered as (
         select b.id, b.user_id, b.date, row_number() over (partition by b.user_id order by b.date) as nr from batches b
       )
       insert into lots (user_id, product_id, batch_id, count, count_max, price, received_at, ${meta})
       select p.user_id, p.id, nb.id,
         case when n > ${LOTS_PER_PRODUCT - PARTIAL_LOTS} then q - q / 2 else 0 end, q,
         (50 + abs(hashtext(p.id::text || n)) % 950)::numeric(14, 2), nb.date, ${metaValues}
       from products_wh p
       cross join generate_series(1, ${LOTS_PER_PRODUCT}) n
       cross join lateral (select 20 + abs(hashtext(p.id::text || '#' || n)) % 21 as q) qq
       join numbered nb on nb.user_id = p.user_id and nb.nr = (n - 1) * 5 + abs(hashtext(p.id::text)) % 5 + 1
       order by p.id, n`,
    );
    await step(
      'realizations',
      `insert into realizations (id, user_id, product_id, count, price, realization_price, status, datetime, created_at, ${meta})
       select ${outflowId('i')}, l.user_id, l.product_id, ${outflowCount('i')}, l.price, round(l.price * 1.6, 2),
         'completed', ${outflowAt('i')}, ${outflowAt('i')}, ${metaValues}
       from lots l cross join generate_series(1, 7) i`,
    );
    await step(
      'disposals',
      `insert into disposals (id, user_id, product_id, count, price, datetime, description, created_at, ${meta})
       select ${outflowId('8')}, l.user_id, l.product_id, ${outflowCount('8')}, l.price, ${outflowAt('8')}, 'Брак',
         ${outflowAt('8')}, ${metaValues}
       from lots l`,
    );
    // Sold markdowns (release) no longer count on the product; the newest lots' are still for sale.
    await step(
      'markdowns',
      `insert into markdowns (id, user_id, product_id, batch_id, lot_id, datetime, price, markdown_price, release, count, created_at, ${meta})
       select ${outflowId('9')}, l.user_id, l.product_id, l.batch_id, l.id, ${outflowAt('9')}, l.price, round(l.price * 0.7, 2),
         l.count = 0, 1, ${outflowAt('9')}, ${metaValues}
       from lots l`,
    );
    await step(
      'stock_movements',
      `insert into stock_movements (user_id, product_id, lot_id, delta, reason, source_table, source_id, unit_cost, created_at, ${meta})
       select l.user_id, l.product_id, l.id,
         case when i = 0 then l.count_max else -(${outflowCount('i')}) end,
         case when i = 0 then 'receipt' when i <= 7 then 'realization' when i = 8 then 'disposal' else 'markdown' end,
         case when i = 0 then 'lots' when i <= 7 then 'realizations' when i = 8 then 'disposals' else 'markdowns' end,
         case when i = 0 then l.id else ${outflowId('i')} end,
         l.price, ${outflowAt('i')}, ${metaValues}
       from lots l cross join generate_series(0, ${MOVES_PER_LOT - 1}) i
       order by l.received_at, i`,
    );
    await db.query('set session_replication_role = origin');
    await step(
      'stock roll-up',
      `update products_wh p set stock_count = l.c, stock_value = l.v
       from (select product_id, sum(count)::int c, sum(count * price) v from lots where deleted_at is null group by product_id) l
       where l.product_id = p.id`,
    );
    // An active reserve of one unit on one product in twenty: the write-off's free units count them.
    await step(
      'reserves',
      `insert into reserves (user_id, product_id, count, price, status)
       select user_id, id, 1, 100, 'active' from products_wh where abs(hashtext(id::text)) % 20 = 0 and stock_count > 0`,
    );
    // What autovacuum would have done to tables this size by the time they are read.
    await step('vacuum analyze', 'vacuum analyze');
    const started = performance.now();
    const counts = await db.query(`select
      (select count(*) from products_wh)::int as products, (select count(*) from products_mp)::int as listings,
      (select count(*) from lots)::int as lots, (select count(*) from stock_movements)::int as movements,
      (select count(*) from realizations)::int as realizations, (select count(*) from disposals)::int as disposals,
      (select count(*) from markdowns)::int as markdowns, (select count(*) from reserves)::int as reserves,
      (select count(*) from batches)::int as batches`);
    await checkLedger(db);
    seconds.check = Math.round(performance.now() - started) / 1000;
    return { users: userIds.length, ...counts.rows[0], seconds };
  } finally {
    await db.end();
  }
}

/**
 * The seed must be a state production could reach: each lot's ledger sums to its units, each product's roll-up
 * to its lots.
 */
async function checkLedger(db: pg.Client): Promise<void> {
  const { rows } = await db.query(`select
    (select count(*) from lots l join (select lot_id, sum(delta) s from stock_movements group by lot_id) m
       on m.lot_id = l.id where m.s <> l.count)::int as lots_off,
    (select count(*) from products_wh p join (select product_id, sum(count) c, sum(count * price) v from lots
       where deleted_at is null group by product_id) l on l.product_id = p.id
       where l.c <> p.stock_count or l.v <> p.stock_value)::int as products_off,
    (select count(*) from lots where count < 0)::int as negative`);
  const r = rows[0] as { lots_off: number; products_off: number; negative: number };
  if (r.lots_off || r.products_off || r.negative) throw new Error(`seed is inconsistent: ${JSON.stringify(r)}`);
}
