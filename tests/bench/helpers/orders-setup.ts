import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startSandbox, type Sandbox, type SandboxStore } from '../../../server/sandbox/server.ts';
import { ServerApi } from '../../e2e/helpers/api.ts';
import { startInstance } from './pg-bench.ts';

/**
 * What bench:orders runs on: the sandbox marketplaces with the real limits (the specs' stock limits, the references'
 * order limits — the sandbox's defaults), the server in process with its job queue and order intake running, and
 * sellers each with an OZON, a Wildberries and a Yandex Market store of their own. Each seller's catalogs are
 * imported, the same article number on the three stores grouped into one warehouse product, every product given
 * stock, everything pushed once by hand and the automatic push turned on — so an order on one store must reach the
 * other two stores' stock by itself.
 */

export interface Seller {
  api: ServerApi;
  userId: string;
  stores: SandboxStore[];
  /** The warehouse products, each listed on all three stores: product id → offer id per store (marketId). */
  products: Array<{ productId: string; offers: Map<string, string> }>;
}

export interface OrdersBench {
  sandbox: Sandbox;
  app: FastifyInstance;
  base: string;
  sellers: Seller[];
  database: 'PGlite' | 'PostgreSQL';
  close(): Promise<void>;
}

/** Three sandbox stores of seller `k` (0-based): numeric ids, so the YM campaign id is the market id. */
export function sellerStores(k: number): SandboxStore[] {
  return [
    { marketplace: 'OZON', marketId: String(5_100_000 + k), apiKey: `ozon-bench-${k}`, name: `Бенч OZON ${k + 1}` },
    { marketplace: 'WILDBERRIES', marketId: `wb-bench-${k}`, apiKey: `wb-bench-${k}`, name: `Бенч WB ${k + 1}` },
    { marketplace: 'YM', marketId: String(44_000_000 + k), apiKey: `ym-bench-${k}`, name: `Бенч Маркет ${k + 1}` },
  ];
}

/** The sandbox store's id in its stock and order calls: OZON Client-Id, WB marketId, YM campaign id. */
export const sandboxStoreId = (s: SandboxStore) => s.marketId;

/** A fresh database on the PostgreSQL server at `adminUrl`, dropped by the answer's drop(). */
async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ostatok_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface BenchOptions {
  sellers: number;
  offersPerStore: number;
  /** The order intake interval of every store, seconds (30 at least). */
  intakeSeconds: number;
  /** Whether the stores' order intake starts on (the backlog turns it on later); true by default. */
  intakeOn?: boolean;
  /** A PostgreSQL server to make a database on; the embedded PGlite without one. */
  pgAdminUrl?: string;
  /** Extra stores the sandbox serves besides the sellers' (the backlog's own seller). */
  extraStores?: SandboxStore[];
  log: (line: string) => void;
}

export async function startOrdersBench(options: BenchOptions): Promise<OrdersBench> {
  const sellerStoreLists = Array.from({ length: options.sellers }, (_, k) => sellerStores(k));
  const sandbox = await startSandbox({
    offersPerStore: options.offersPerStore,
    postingsPerStore: 0,
    returnsPerStore: 0,
    stores: [...sellerStoreLists.flat(), ...(options.extraStores ?? [])],
  });
  const pgDb = options.pgAdminUrl ? await freshPgDatabase(options.pgAdminUrl) : undefined;
  const instance = await startInstance(pgDb?.url, {
    JOBS_ENABLED: 'true',
    ORDER_INTAKE_ENABLED: 'true',
    OZON_API_URL: sandbox.url,
    WB_CONTENT_API_URL: sandbox.url,
    WB_ANALYTICS_API_URL: sandbox.url,
    WB_MARKETPLACE_API_URL: sandbox.url,
    YM_API_URL: sandbox.url,
  });
  const close = async () => {
    await instance.close();
    await pgDb?.drop();
    await sandbox.close();
  };
  try {
    const sellers: Seller[] = [];
    for (const [k, stores] of sellerStoreLists.entries()) {
      const started = performance.now();
      sellers.push(await prepareSeller(instance.base, k, stores, options));
      options.log(`seller ${k + 1}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return {
      sandbox,
      app: instance.app,
      base: instance.base,
      sellers,
      database: pgDb ? 'PostgreSQL' : 'PGlite',
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

interface WireJob {
  status: string;
  error: string | null;
}

export async function waitJobs(api: ServerApi, ids: string[], ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (const id of ids) {
    for (;;) {
      const job = await api.call<WireJob>('GET', `/api/v1/jobs/${id}/`);
      if (job.status === 'done') break;
      if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.error}`);
      if (Date.now() > deadline) throw new Error(`job ${id} not done in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The article's number within its store's catalog (OZ…-00012 → 12): the same number is one product. */
const offerNumber = (offerId: string) => Number(/(\d+)$/.exec(offerId)?.[1] ?? Number.NaN);

async function prepareSeller(base: string, k: number, stores: SandboxStore[], options: BenchOptions): Promise<Seller> {
  const api = await ServerApi.signUp(base, {
    login: `bench-orders-${k}-${process.pid}@example.ru`,
    password: 'bench-password-123',
    first_name: 'Бенч',
    last_name: `Заказы ${k + 1}`,
  });
  const me = await api.call<{ id: string }>('GET', '/api/v1/users/me');
  for (const s of stores)
    await api.call('POST', '/api/v1/markets/add/', {
      market_id: s.marketId,
      name: s.name,
      marketplace: s.marketplace,
      access_token: s.apiKey,
      order_intake: options.intakeOn ?? true,
      order_intake_interval: options.intakeSeconds,
    });
  const imported = await api.call<{ job_ids: string[] }>(
    'POST',
    '/api/v1/extract/products/many/',
    stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  );
  await waitJobs(api, imported.job_ids);

  // Every listing, by store and article number.
  const byNumber = new Map<number, Map<string, { productId: string; offerId: string }>>();
  for (let page = 1; ; page++) {
    const list = await api.call<{
      products: Array<{ product_wh: { id: string }; products_mp: Array<{ offer_id: string; market_id: string }> }>;
      total: number;
    }>('GET', `/api/v1/products/all/?page=${page}&page_size=200`);
    for (const row of list.products)
      for (const l of row.products_mp) {
        const n = offerNumber(l.offer_id);
        if (!byNumber.has(n)) byNumber.set(n, new Map());
        byNumber.get(n)!.set(l.market_id, { productId: row.product_wh.id, offerId: l.offer_id });
      }
    if (page * 200 >= list.total) break;
  }
  // One warehouse product per article number, listed on all three stores; stock of 10,000 units each.
  const products: Seller['products'] = [];
  for (const [n, listings] of [...byNumber].sort((a, b) => a[0] - b[0])) {
    // The sandbox archives every 97th article (server/sandbox/data.ts): no buyer orders it.
    if (listings.size !== stores.length || n % 97 === 0) continue;
    const [main, ...others] = stores.map((s) => listings.get(s.marketId)!);
    await api.call('PATCH', `/api/v1/products/group/${main!.productId}/`, [
      ...new Set(others.map((o) => o.productId).filter((id) => id !== main!.productId)),
    ]);
    products.push({
      productId: main!.productId,
      offers: new Map(stores.map((s) => [s.marketId, listings.get(s.marketId)!.offerId])),
    });
  }
  for (let i = 0; i < products.length; i += 500) {
    const part = products.slice(i, i + 500);
    const saved = await api.call<{ results: { id: string }[] }>('POST', '/api/v1/inventory_batch/', {
      batch: part.map((p) => ({ product_id: p.productId, count: 10_000, price: 100 })),
    });
    await api.call('POST', '/api/v1/batch/', {
      date: new Date().toISOString(),
      kind: 'purchase',
      description: 'bench:orders',
      inventory_ids: saved.results.map((r) => r.id),
    });
  }
  // Everything on the marketplaces once, then the automatic push.
  const push = await api.call<{ job_id: string }>('POST', '/api/v1/stock-push/start/', {});
  await waitJobs(api, [push.job_id]);
  await api.call('PATCH', '/api/v1/stock-push/settings/', { auto_push: true });
  return { api, userId: me.id, stores, products };
}
