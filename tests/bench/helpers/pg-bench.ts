import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';

/** What the PostgreSQL benches share: a database of their own, the real server on it, a seeded user. */

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface BenchServer {
  app: FastifyInstance;
  base: string;
  /** The bench's own database. */
  url: string;
  close(): Promise<void>;
}

/**
 * A server instance on `url` (another one on the bench's database, as behind a balancer), or on a
 * fresh embedded database without one; `env` overrides its config.
 */
export async function startInstance(
  url: string | undefined,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; base: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-pg-'));
  const config = loadConfig({
    ...(url ? { DATABASE_URL: url } : {}),
    DATA_DIR: dataDir,
    PUBLIC_DIR: path.join(dataDir, 'no-client'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    // Every instance must accept the others' tokens.
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    return { app, base: `http://127.0.0.1:${address.port}`, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * BENCH_PG_URL names the server (default: the local one); the bench makes its own database there and drops it at the
 * end. `env` overrides the instance's config.
 */
export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ostatok_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dropDatabase = async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  try {
    const instance = await startInstance(url.toString(), env);
    const close = async () => {
      await instance.close();
      await dropDatabase();
    };
    return { app: instance.app, base: instance.base, url: url.toString(), close };
  } catch (err) {
    await dropDatabase();
    throw err;
  }
}

/** Signs a user up and in: their id and the Authorization header of their access token. */
export async function benchUser(base: string, login: string): Promise<{ id: string; auth: Record<string, string> }> {
  const call = async (url: string, body: unknown) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const password = 'bench-password-123';
  const user = await call('/api/v1/users/signup/', { login, password, first_name: 'Бенч', last_name: 'Тест' });
  const tokens = await call('/api/v1/users/login/', { login, password, email: login });
  return { id: String(user.id), auth: { authorization: `Bearer ${String(tokens.access_token)}` } };
}

export interface CatalogSeed {
  products: number;
  lotsPerProduct: number;
  /** Also a reserve and a markdown on about one product in ten. */
  reservesAndMarkdowns: boolean;
}

/**
 * Products, each with one OZON listing, and their lots, written in SQL (a million HTTP calls
 * would measure the seeding, not the route). The triggers keep versions and stock roll-ups as
 * for any write.
 */
export async function seedCatalog(
  url: string,
  userId: string,
  seed: CatalogSeed,
): Promise<{ products: number; listings: number; lots: number; seconds: number }> {
  const started = performance.now();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(
      `insert into products_wh (user_id, name, description)
       select $1, 'Товар ' || lpad(g::text, 6, '0') || ' ' || md5(g::text), '' from generate_series(1, $2) g`,
      [userId, seed.products],
    );
    await db.query(
      `insert into products_mp (user_id, product_wh_id, name, offer_id, marketplace, market_id)
       select user_id, id, name, 'ART-' || substr(md5(id::text), 1, 10), 'OZON', 'bench' from products_wh where user_id = $1`,
      [userId],
    );
    await db.query(
      `insert into lots (user_id, product_id, count, count_max, price, received_at)
       select p.user_id, p.id, (random() * 20)::int, 20, round((50 + random() * 950)::numeric, 2), now() - (n || ' days')::interval
       from products_wh p cross join generate_series(1, $2) n where p.user_id = $1`,
      [userId, seed.lotsPerProduct],
    );
    if (seed.reservesAndMarkdowns) {
      await db.query(
        `insert into reserves (user_id, product_id, count, price) select user_id, id, 1, 100 from products_wh where user_id = $1 and random() < 0.1`,
        [userId],
      );
      await db.query(
        `insert into markdowns (user_id, product_id, price, markdown_price) select user_id, id, 100, 70 from products_wh where user_id = $1 and random() < 0.1`,
        [userId],
      );
    }
    await db.query('analyze');
    const counts = await db.query(
      `select (select count(*) from products_wh where user_id = $1)::int as products,
         (select count(*) from products_mp where user_id = $1)::int as listings,
         (select count(*) from lots where user_id = $1)::int as lots`,
      [userId],
    );
    return { ...counts.rows[0], seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.end();
  }
}

export interface LoadSample {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

/** `connections` clients requesting `url` back to back for `seconds`; any non-2xx answer fails the bench. */
export async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadSample> {
  const r = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { reqPerSec: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, requests: r.requests.total };
}

export function writeResult(file: string, result: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}
