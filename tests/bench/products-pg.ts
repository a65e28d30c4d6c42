import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

/**
 * The products list (GET /api/v1/products/all/, figures derived from lots, reserves and
 * markdowns in SQL) over 100,000 products and 300,000 lots on PostgreSQL, loaded alternately with
 * the bare /api/health route in one run: requests per second, the ratio and p99.
 * BENCH_PG_URL names the server (default: the local one); the bench makes its own database there.
 */
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const lotsPerProduct = 3;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultFile = path.join(here, 'results', 'products-pg.json');
const dbName = `ostatok_bench_${process.pid}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-pg-'));
const config = loadConfig({
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  PUBLIC_DIR: path.join(dataDir, 'no-client'),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
});
const app = await buildApp({ config, logger: false });

try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${address.port}`;
  const call = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = 'bench-pg@example.ru';
  const password = 'bench-password-123';
  const user = await call('/api/v1/users/signup/', { login, password, first_name: 'Бенч', last_name: 'Тест' });
  const tokens = await call('/api/v1/users/login/', { login, password, email: login });
  const auth = { authorization: `Bearer ${String(tokens.access_token)}` };

  // Seeded in SQL: a million HTTP calls would measure the seeding, not the list.
  const started = performance.now();
  const seed = new pg.Client({ connectionString: url.toString() });
  await seed.connect();
  await seed.query(
    `insert into products_wh (user_id, name, description)
     select $1, 'Товар ' || lpad(g::text, 6, '0') || ' ' || md5(g::text), '' from generate_series(1, $2) g`,
    [user.id, products],
  );
  await seed.query(
    `insert into products_mp (user_id, product_wh_id, name, offer_id, marketplace, market_id)
     select user_id, id, name, 'ART-' || substr(md5(id::text), 1, 10), 'OZON', 'bench' from products_wh where user_id = $1`,
    [user.id],
  );
  await seed.query(
    `insert into lots (user_id, product_id, count, count_max, price, received_at)
     select p.user_id, p.id, (random() * 20)::int, 20, round((50 + random() * 950)::numeric, 2), now() - (n || ' days')::interval
     from products_wh p cross join generate_series(1, $2) n where p.user_id = $1`,
    [user.id, lotsPerProduct],
  );
  await seed.query(
    `insert into reserves (user_id, product_id, count, price) select user_id, id, 1, 100 from products_wh where user_id = $1 and random() < 0.1`,
    [user.id],
  );
  await seed.query(
    `insert into markdowns (user_id, product_id, price, markdown_price) select user_id, id, 100, 70 from products_wh where user_id = $1 and random() < 0.1`,
    [user.id],
  );
  await seed.query('analyze');
  const counts = await seed.query(
    'select (select count(*) from products_wh)::int as products, (select count(*) from lots)::int as lots',
  );
  await seed.end();
  console.error(`seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const routes = [
    { name: 'hello', path: '/api/health', headers: {} as Record<string, string> },
    { name: 'products', path: '/api/v1/products/all/?page=1&page_size=50', headers: auth },
    { name: 'products by count', path: '/api/v1/products/all/?page=1&page_size=50&order_by=-count', headers: auth },
  ];
  const load = async (route: (typeof routes)[number], duration: number) => {
    const r = await autocannon({ url: base + route.path, connections, duration, headers: route.headers, workers: 1 });
    const bad = r.non2xx + r.errors + r.timeouts;
    if (bad > 0) throw new Error(`${route.path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    return { reqPerSec: r.requests.average, p99Ms: r.latency.p99, requests: r.requests.total };
  };
  for (const route of routes) await load(route, 1);
  const samples = new Map(routes.map((r) => [r.name, [] as { reqPerSec: number; p99Ms: number; requests: number }[]]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? routes : [...routes].reverse();
    for (const route of order) {
      const s = await load(route, seconds);
      samples.get(route.name)!.push(s);
      console.error(`round ${round + 1}/${rounds} ${route.name}: ${s.reqPerSec.toFixed(0)} req/s, p99 ${s.p99Ms} ms`);
    }
  }
  const summary = routes.map((route) => ({
    route: `GET ${route.path}`,
    name: route.name,
    medianReqPerSec: median(samples.get(route.name)!.map((s) => s.reqPerSec)),
    medianP99Ms: median(samples.get(route.name)!.map((s) => s.p99Ms)),
    rounds: samples.get(route.name),
  }));
  const hello = summary[0]!;
  console.log(
    `\nproducts list vs hello on PostgreSQL: ${products} products, ${products * lotsPerProduct} lots, ${connections} connections, ${rounds} rounds × ${seconds} s, ${cpus().length} CPUs`,
  );
  console.table(
    summary.map((s) => ({
      route: s.route,
      'median req/s': Math.round(s.medianReqPerSec),
      'median p99 ms': s.medianP99Ms,
      'ratio to hello': (s.medianReqPerSec / hello.medianReqPerSec).toFixed(3),
    })),
  );
  mkdirSync(path.dirname(resultFile), { recursive: true });
  writeFileSync(
    resultFile,
    `${JSON.stringify({ benchmark: 'products-pg', date: new Date().toISOString(), products, lots: products * lotsPerProduct, connections, seconds, rounds, routes: summary }, null, 2)}\n`,
  );
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
