import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, isNull, max } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { productsMp, productsWh } from '../../server/db/schema/products.ts';
import { OzonAdapter } from '../../server/marketplaces/ozon.ts';
import type { CatalogAdapter } from '../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../server/marketplaces/yandex-market.ts';
import { defaultSandboxStores, startSandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from '../e2e/helpers/api.ts';
import { addStores, importCatalogs, type ImportRun } from './helpers/catalog-import.ts';

/**
 * The catalog import of `npm run demo`: three sandbox stores (OZON, Wildberries, Yandex Market) of
 * SANDBOX_OFFERS offers each, imported through the public API into the app on a fresh embedded
 * database, then imported again (which must change nothing). The baseline, in the same run, is
 * reading the same catalogs through fresh copies of the same adapters and writing nothing: the
 * marketplaces' paging and rate limits, which no import can beat. The ratio is what writing costs.
 */
const offersPerStore = Number(process.env.SANDBOX_OFFERS ?? 2000);
const stores = defaultSandboxStores;
const expected = offersPerStore * stores.length;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultFile = path.join(here, 'results', 'import.json');

// Other work on the machine skews the figures; the load averages are printed with them.
const loadAtStart = loadavg()[0]!;
const sandbox = await startSandbox({ offersPerStore, stores });
const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-import-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PUBLIC_DIR: path.join(dataDir, 'no-client'),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'true',
  OZON_API_URL: sandbox.url,
  WB_CONTENT_API_URL: sandbox.url,
  YM_API_URL: sandbox.url,
});
const app = await buildApp({ config, logger: false });

/** Rows the server holds, straight from the database: the figure the import must end at. */
async function tableCounts() {
  const { db } = app.database;
  const of = async (table: typeof productsMp | typeof productsWh) => {
    const [all] = await db.select({ rows: count(), version: max(table.version) }).from(table);
    const [live] = await db.select({ rows: count() }).from(table).where(isNull(table.deletedAt));
    return { rows: all!.rows, live: live!.rows, maxVersion: Number(all!.version ?? 0) };
  };
  return { products_mp: await of(productsMp), products_wh: await of(productsWh) };
}

/**
 * Reads every store's whole catalog through a fresh adapter (fresh rate pacers), in order, as the job queue runs them.
 */
async function readOnly(): Promise<{ wallMs: number; offers: number; perStoreMs: Record<string, number> }> {
  const { pageSize } = config.marketplaces;
  const adapters: Record<string, CatalogAdapter> = {
    OZON: new OzonAdapter({ baseUrl: sandbox.url, pageSize }),
    WILDBERRIES: new WildberriesAdapter({ baseUrl: sandbox.url, pageSize }),
    YM: new YandexMarketAdapter({ baseUrl: sandbox.url, pageSize }),
  };
  const started = performance.now();
  let offers = 0;
  const perStoreMs: Record<string, number> = {};
  for (const s of stores) {
    const storeStarted = performance.now();
    for await (const page of adapters[s.marketplace]!.listProducts({
      marketId: s.marketId,
      apiKey: s.apiKey,
      name: s.name ?? s.marketId,
    }))
      offers += page.length;
    perStoreMs[s.marketplace] = performance.now() - storeStarted;
  }
  return { wallMs: performance.now() - started, offers, perStoreMs };
}

function assertCounts(counts: Awaited<ReturnType<typeof tableCounts>>, when: string) {
  for (const [table, c] of Object.entries(counts)) {
    if (c.rows !== expected || c.live !== expected)
      throw new Error(`${when}: ${table} holds ${c.rows} rows (${c.live} live), expected exactly ${expected}`);
  }
}

try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${address.port}`;
  const api = await ServerApi.signUp(base, {
    login: 'bench-import@example.ru',
    password: 'bench-password-123',
    first_name: 'Бенч',
    last_name: 'Импорт',
  });
  await addStores(api, stores);

  const baseline = await readOnly();
  if (baseline.offers !== expected)
    throw new Error(`the sandbox served ${baseline.offers} offers, expected ${expected}`);
  console.error(`read only: ${baseline.wallMs.toFixed(0)} ms`);

  const first = await importCatalogs(api, stores);
  const afterFirst = await tableCounts();
  assertCounts(afterFirst, 'after the first import');
  console.error(`first import: ${first.wallMs.toFixed(0)} ms`);

  const second = await importCatalogs(api, stores);
  const afterSecond = await tableCounts();
  assertCounts(afterSecond, 'after the second import');
  const changed = second.stores.filter((s) => s.added + s.updated > 0);
  if (changed.length > 0) throw new Error(`the second import changed something: ${JSON.stringify(changed)}`);
  for (const table of ['products_mp', 'products_wh'] as const) {
    if (afterSecond[table].maxVersion !== afterFirst[table].maxVersion)
      throw new Error(`the second import bumped versions in ${table}`);
  }
  console.error(`second import: ${second.wallMs.toFixed(0)} ms`);

  const row = (what: string, run: ImportRun | { wallMs: number }) => ({
    run: what,
    'wall s': Number((run.wallMs / 1000).toFixed(2)),
    'offers/s': Math.round(expected / (run.wallMs / 1000)),
    'ratio to read-only': Number((run.wallMs / baseline.wallMs).toFixed(2)),
  });
  const sec = (ms: number | undefined) => (ms === undefined ? Number.NaN : Number((ms / 1000).toFixed(2)));
  const perStore = stores.map(({ marketplace }) => {
    const [a, b] = [first, second].map((run) => run.stores.find((s) => s.marketplace === marketplace));
    return {
      marketplace,
      'read only s': sec(baseline.perStoreMs[marketplace]),
      'first s': sec(a?.turnMs),
      'first added/updated': `${a?.added}/${a?.updated}`,
      'second s': sec(b?.turnMs),
      'second added/updated': `${b?.added}/${b?.updated}`,
    };
  });

  console.log(
    `\ncatalog import: ${stores.length} sandbox stores × ${offersPerStore} offers, app in process on a fresh embedded database, node ${process.version}, ${cpus().length} CPUs, 1-minute load average ${loadAtStart.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
  );
  console.table([
    row('read only: the 3 catalogs through fresh adapters, nothing written (baseline)', baseline),
    row('first import (empty database)', first),
    row('second import (nothing to change)', second),
  ]);
  console.log("per store (an import job's turn in the queue, by the server's clock):");
  console.table(perStore);
  console.log(
    `server after both imports: products_mp ${afterSecond.products_mp.rows}, products_wh ${afterSecond.products_wh.rows} (expected ${expected} each; the second import bumped no version)`,
  );
  for (const note of [
    'wall time: POST /api/v1/extract/products/many/ sent → every job seen done by GET /api/v1/jobs/{id}/ polled every 25 ms; the queue runs the jobs one after another',
    'the adapters pace requests as the real marketplaces require (Wildberries: 100 requests/min, burst 5, 100 cards a page), so Wildberries is mostly that pacing in every run',
    "the second import starts right after the first, on the app's Wildberries pacer that the first import emptied: no burst left",
  ])
    console.log(`note: ${note}`);

  mkdirSync(path.dirname(resultFile), { recursive: true });
  const result = {
    benchmark: 'import',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    stores: stores.map((s) => s.marketplace),
    offersPerStore,
    readOnly: baseline,
    first: {
      ...first,
      offersPerSecond: expected / (first.wallMs / 1000),
      ratioToReadOnly: first.wallMs / baseline.wallMs,
    },
    second: {
      ...second,
      offersPerSecond: expected / (second.wallMs / 1000),
      ratioToReadOnly: second.wallMs / baseline.wallMs,
    },
    counts: { afterFirst, afterSecond },
  };
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await app.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
