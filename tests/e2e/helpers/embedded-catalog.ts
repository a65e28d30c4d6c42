import { sql } from 'drizzle-orm';
import path from 'node:path';
import { openDatabase } from '../../../server/db/client.ts';
import { startServer, type RunningServer } from './server.ts';

/*
 * A server on the embedded database (as the e2e tests run it) holding an account of many products
 * and lots, seeded in SQL: tens of thousands of HTTP calls would take minutes. The server is started
 * once to migrate its folder and sign the user up, stopped, the rows written into its PGlite
 * folder by this process (the triggers keep versions and stock roll-ups as for any write), and
 * started again on the same folder and secrets.
 */

export interface SeededAccount {
  server: RunningServer;
  login: string;
  password: string;
  userId: string;
  products: number;
  listings: number;
  lots: number;
  /** Name of a product far from the first page (half-way in name order), for a search to find. */
  knownName: string;
}

/** `Товар 000042 <md5>`: numbered, so name order is number order on the server and the device alike. */
export const productName = (n: number) => `Товар ${String(n).padStart(6, '0')}`;

export async function seededAccount({
  products,
  lotsPerProduct,
  env = {},
}: {
  products: number;
  lotsPerProduct: number;
  env?: Record<string, string>;
}): Promise<SeededAccount> {
  const login = `first-screen-${Date.now()}@ostatok.local`;
  const password = 'first-screen-password-1';
  const first = await startServer({ JOBS_ENABLED: 'false', ...env });
  let userId: string;
  try {
    const post = async (url: string, body: unknown) => {
      const res = await fetch(first.url + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    userId = String(
      (await post('/api/v1/users/signup/', { login, password, first_name: 'Первый', last_name: 'Экран' })).id,
    );
  } finally {
    await first.stop();
  }
  const database = await openDatabase({ embeddedDir: path.join(first.dataDir, 'db') });
  let counts: { products: number; listings: number; lots: number };
  try {
    const { db } = database;
    await db.execute(sql`
      insert into products_wh (user_id, name, description)
      select ${userId}, 'Товар ' || lpad(g::text, 6, '0') || ' ' || md5(g::text), '' from generate_series(1, ${products}) g`);
    await db.execute(sql`
      insert into products_mp (user_id, product_wh_id, name, offer_id, marketplace, market_id)
      select user_id, id, name, 'ART-' || substr(md5(id::text), 1, 10), 'OZON', 'e2e' from products_wh where user_id = ${userId}`);
    await db.execute(sql`
      insert into lots (user_id, product_id, count, count_max, price, received_at)
      select p.user_id, p.id, 1 + (random() * 19)::int, 20, round((50 + random() * 950)::numeric, 2), now() - (n || ' days')::interval
      from products_wh p cross join generate_series(1, ${lotsPerProduct}) n where p.user_id = ${userId}`);
    // As the PostgreSQL benches do after seeding (tests/bench/helpers/pg-bench.ts). Without
    // statistics PGlite (which has no autovacuum) plans the list's search as a nested loop over
    // every product and listing: 40–50 s a search at 10,000 products on this machine.
    await db.execute(sql`analyze`);
    const result = await db.execute(sql`
      select (select count(*) from products_wh where user_id = ${userId})::int as products,
        (select count(*) from products_mp where user_id = ${userId})::int as listings,
        (select count(*) from lots where user_id = ${userId})::int as lots`);
    counts = (result as unknown as { rows: (typeof counts)[] }).rows[0]!;
  } finally {
    await database.close();
  }
  const server = await startServer({ JOBS_ENABLED: 'false', ...env, DATA_DIR: first.dataDir });
  return { server, login, password, userId, ...counts, knownName: productName(Math.ceil(products / 2)) };
}
