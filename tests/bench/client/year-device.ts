import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { benchUser, seedCatalog } from '../helpers/pg-bench.ts';
import { installCommitWatch } from './commit-watch.ts';
import { startPgAppServer } from './pg-app-server.ts';
import { rowsOf, signInUntilMirrored } from './mirror-steps.ts';
import { timeHome, timeHomeComputed } from './home-timing.ts';
import { colourNames, keptCounts, seedYear } from './year-seed.ts';
import { DEXIE_CACHE_MS, leaveToMarkets, timeKeystroke, timeNavigation } from './list-timing.ts';
import { median, openProfile, round1 } from './profile.ts';

/**
 * Target 4 of issue 26, a year on the device: an account of 50,000 products, 150,000 lots, 100,000 sales and
 * 400,000 ledger rows dated over the last year (seeded in SQL on PostgreSQL, BENCH_PG_URL; BENCH_YEAR_DEVICE_SCALE
 * scales it for a quick run). A fresh device keeps the working set and the history window
 * (src/sync/history-window.ts). Measured: the sign-in mirror against the bulkPut floor of the rows it keeps; /products
 * navigation and a keystroke against a 250-product device of the same server; the home page from settled tables;
 * IndexedDB's size and the JS heap.
 */

const require = createRequire(import.meta.url);
const DAY = 86_400_000;
/** src/sync/history-window.ts HISTORY_DAYS and historyFrom: the bench must expect what the app keeps. */
const HISTORY_DAYS = 13 * 7 + 7;
const historyFrom = (now = Date.now()) => new Date(Math.floor(now / DAY) * DAY - HISTORY_DAYS * DAY).toISOString();

/** The app's stores of these tables (src/db/database.ts, latest version of each). */
const STORES = {
  products_wh: 'id, name, *barcodes',
  products_mp: 'id, product_wh_id, offer_id',
  lots: 'id, product_id, received_at, batch_id, return_id',
  realizations: 'id, product, datetime',
  stock_movements: 'id, product_id, created_at',
};

export interface YearDeviceSummary {
  scale: number;
  seeded: { products: number; lots: number; sales: number; movements: number; seedSeconds: number };
  kept: Record<string, number>;
  runs: number;
  mirror: {
    samples: { pullMs: number; floorMs: number }[];
    medianPullMs: number;
    medianFloorMs: number;
    ratio: number;
  };
  list: {
    yearNavigationMs: number;
    baselineNavigationMs: number;
    navigationRatio: number;
    yearKeystrokeMs: number;
    baselineKeystrokeMs: number;
    keystrokeRatio: number;
  };
  /** From settled tables: the results it kept (src/features/home/api/home-snapshot.ts). */
  home: { samples: number[]; medianMs: number };
  /** Its kept results deleted: computed from the tables. */
  homeComputed: { samples: number[]; medianMs: number };
  indexedDbMB: number;
  jsHeapMB: number;
}

/** The rows a windowed device keeps, as pull hands them over (untimed, by node). */
const keptRows = (base: string, auth: Record<string, string>, from: string) =>
  rowsOf(base, auth, Object.keys(STORES), `&history_from=${from}`);

async function bulkPutFloor(page: Page, rows: Record<string, unknown[]>, run: number): Promise<number> {
  await page.evaluate(readFileSync(require.resolve('dexie/dist/dexie.min.js'), 'utf8'));
  // Handed over in slices: one argument of ~400,000 rows is more than the protocol's message takes.
  await page.evaluate(() => void (window.__floorRows = {}));
  for (const [table, list] of Object.entries(rows))
    for (let i = 0; i < list.length || i === 0; i += 20_000)
      await page.evaluate(({ table, slice }) => void (window.__floorRows![table] ??= []).push(...slice), {
        table,
        slice: list.slice(i, i + 20_000),
      });
  return page.evaluate(
    async ({ stores, name }) => {
      const rows = window.__floorRows!;
      const floor = new window.Dexie!(name);
      floor.version(1).stores(stores);
      await floor.open();
      const started = performance.now();
      for (const t of Object.keys(stores)) await floor.table(t).bulkPut(rows[t]!);
      const ms = performance.now() - started;
      await floor.delete();
      delete window.__floorRows;
      return ms;
    },
    { stores: STORES, name: `year-floor-${run}` },
  );
}

declare global {
  interface Window {
    __floorRows?: Record<string, unknown[]>;
  }
}

export async function yearDeviceBench({ scale, runs }: { scale: number; runs: number }): Promise<YearDeviceSummary> {
  const server = await startPgAppServer('year');
  const url = server.databaseUrl;
  const profiles: string[] = [];
  try {
    const n = (x: number) => Math.max(1, Math.round(x * scale));
    const login = `bench-year-${Date.now()}@example.ru`;
    const smallLogin = `bench-year-small-${Date.now()}@example.ru`;
    const user = await benchUser(server.url, login);
    const small = await benchUser(server.url, smallLogin);
    const started = performance.now();
    const catalog = await seedCatalog(url, user.id, {
      products: n(50_000),
      lotsPerProduct: 3,
      reservesAndMarkdowns: false,
    });
    const smallCatalog = await seedCatalog(url, small.id, {
      products: 250,
      lotsPerProduct: 3,
      reservesAndMarkdowns: false,
    });
    for (const u of [user, small]) await colourNames(url, u.id);
    const movements = await seedYear(url, user.id, n(100_000));
    const seedSeconds = (performance.now() - started) / 1000;
    const from = historyFrom();
    const kept = await keptCounts(url, user.id, from, {
      products_wh: catalog.products,
      products_mp: catalog.listings,
      lots: catalog.lots,
    });
    const rows = await keptRows(server.url, user.auth, from);
    for (const [t, want] of Object.entries(kept))
      if (rows[t]!.length !== want)
        throw new Error(`${t}: the windowed pull gives ${rows[t]!.length}, expected ${want}`);
    console.error(`year device: seeded in ${seedSeconds.toFixed(0)} s; the device keeps ${JSON.stringify(kept)}`);

    // The initial mirror, each run on a fresh profile; the last one stays for the screens.
    const samples: { pullMs: number; floorMs: number }[] = [];
    let page: Page | undefined;
    let close: (() => Promise<void>) | undefined;
    for (let run = 1; run <= runs; run++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-year-'));
      profiles.push(dir);
      const opened = await openProfile(dir, { offline: false });
      await opened.page.addInitScript(installCommitWatch, 'ostatok');
      await opened.page.goto(server.url);
      await opened.page.waitForURL(/\/auth$/);
      await opened.page.evaluate(() =>
        navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 1000))),
      );
      const floorMs = await bulkPutFloor(opened.page, rows, run);
      const pulled = await signInUntilMirrored(opened.page, login, 'bench-password-123', kept);
      samples.push({ pullMs: pulled.ms, floorMs });
      console.error(
        `year mirror ${run}/${runs}: ${Object.values(kept).reduce((a, b) => a + b, 0)} rows ${pulled.ms.toFixed(0)} ms, floor ${floorMs.toFixed(0)} ms`,
      );
      if (run < runs) {
        await opened.context.close();
      } else {
        page = opened.page;
        close = () => opened.context.close();
      }
    }
    const yearPage = page!;
    await yearPage.locator('header h1').filter({ hasText: 'Главная' }).waitFor();
    // Settled: the engine's first pull done and nothing queued; then the screens.
    await yearPage.evaluate(() => new Promise((r) => setTimeout(r, 3000)));

    const cdp = await yearPage.context().newCDPSession(yearPage);
    const usage = await yearPage.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

    // The 250-product device, on the same server.
    const smallDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-year-small-'));
    profiles.push(smallDir);
    const smallOpened = await openProfile(smallDir, { offline: false });
    await smallOpened.page.addInitScript(installCommitWatch, 'ostatok');
    await smallOpened.page.goto(server.url);
    await smallOpened.page.waitForURL(/\/auth$/);
    await signInUntilMirrored(smallOpened.page, smallLogin, 'bench-password-123', {
      products_wh: smallCatalog.products,
      products_mp: smallCatalog.listings,
      lots: smallCatalog.lots,
    });

    const needle = 'ж'; // in two of the eight colours: about a quarter of the rows
    const timings = {
      year: { nav: [] as number[], key: [] as number[] },
      small: { nav: [] as number[], key: [] as number[] },
    };
    const home: number[] = [];
    const homeComputed: number[] = [];
    for (const p of [yearPage, smallOpened.page]) {
      await leaveToMarkets(p, 300).catch(() => undefined);
      await timeNavigation(p); // first visit: code and the catalog read once, not in the medians
      await leaveToMarkets(p, DEXIE_CACHE_MS + 1000);
    }
    for (let run = 1; run <= runs; run++) {
      for (const [label, p] of (run % 2
        ? [
            ['year', yearPage],
            ['small', smallOpened.page],
          ]
        : [
            ['small', smallOpened.page],
            ['year', yearPage],
          ]) as ['year' | 'small', Page][]) {
        timings[label].nav.push((await timeNavigation(p)).ms);
        timings[label].key.push((await timeKeystroke(p, needle)).ms);
        await leaveToMarkets(p, DEXIE_CACHE_MS + 1000);
      }
      home.push(await timeHome(yearPage));
      await leaveToMarkets(yearPage, DEXIE_CACHE_MS + 1000);
      homeComputed.push(await timeHomeComputed(yearPage, DEXIE_CACHE_MS + 1000));
      await leaveToMarkets(yearPage, DEXIE_CACHE_MS + 1000);
      console.error(
        `year screens ${run}/${runs}: /products ${timings.year.nav.at(-1)!.toFixed(0)} vs ${timings.small.nav.at(-1)!.toFixed(0)} ms, keystroke ${timings.year.key.at(-1)!.toFixed(0)} vs ${timings.small.key.at(-1)!.toFixed(0)} ms, home ${home.at(-1)!.toFixed(0)} ms (computed ${homeComputed.at(-1)!.toFixed(0)} ms)`,
      );
    }
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await smallOpened.context.close();
    await close?.();

    const medianPullMs = round1(median(samples.map((s) => s.pullMs)));
    const medianFloorMs = round1(median(samples.map((s) => s.floorMs)));
    const m = (xs: number[]) => round1(median(xs));
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      scale,
      seeded: {
        products: catalog.products,
        lots: catalog.lots,
        sales: n(100_000),
        movements,
        seedSeconds: round1(seedSeconds),
      },
      kept,
      runs,
      mirror: { samples, medianPullMs, medianFloorMs, ratio: ratio(medianPullMs, medianFloorMs) },
      list: {
        yearNavigationMs: m(timings.year.nav),
        baselineNavigationMs: m(timings.small.nav),
        navigationRatio: ratio(m(timings.year.nav), m(timings.small.nav)),
        yearKeystrokeMs: m(timings.year.key),
        baselineKeystrokeMs: m(timings.small.key),
        keystrokeRatio: ratio(m(timings.year.key), m(timings.small.key)),
      },
      home: { samples: home, medianMs: m(home) },
      homeComputed: { samples: homeComputed, medianMs: m(homeComputed) },
      indexedDbMB: round1(usage / 1e6),
      jsHeapMB: round1(heap.usedSize / 1e6),
    };
  } finally {
    await server.stop();
    for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints target 4; answers its table for the JSON. */
export function printYearDevice(y: YearDeviceSummary): Array<Record<string, string | number>> {
  const kept = Object.values(y.kept).reduce((a, b) => a + b, 0);
  const rows = [
    {
      measure: `initial mirror: signed in → IndexedDB holds the ${kept} rows kept`,
      'median ms': y.mirror.medianPullMs,
      ratio: y.mirror.ratio,
    },
    { measure: 'baseline: Dexie bulkPut of the same rows', 'median ms': y.mirror.medianFloorMs, ratio: 1 },
    {
      measure: '/products navigation (year device)',
      'median ms': y.list.yearNavigationMs,
      ratio: y.list.navigationRatio,
    },
    {
      measure: 'baseline: /products navigation, 250-product device',
      'median ms': y.list.baselineNavigationMs,
      ratio: 1,
    },
    { measure: 'search keystroke (year device)', 'median ms': y.list.yearKeystrokeMs, ratio: y.list.keystrokeRatio },
    { measure: 'baseline: search keystroke, 250-product device', 'median ms': y.list.baselineKeystrokeMs, ratio: 1 },
    {
      measure: 'home page: «Главная» clicked → both charts painted (target ≤ 500 ms)',
      'median ms': y.home.medianMs,
      ratio: '',
    },
    {
      measure: 'home page computed from the tables (its kept results deleted)',
      'median ms': y.homeComputed.medianMs,
      ratio: '',
    },
  ];
  console.log(
    `(e) a year on the device (scale ${y.scale}): ${y.seeded.products} products, ${y.seeded.lots} lots, ${y.seeded.sales} sales, ${y.seeded.movements} ledger rows on the server; median of ${y.runs} runs (targets: ratios ≤ 1.3)`,
  );
  console.table(rows);
  console.log(`kept on the device: ${JSON.stringify(y.kept)}; IndexedDB ${y.indexedDbMB} MB; JS heap ${y.jsHeapMB} MB`);
  return rows;
}

// Run on its own: `node --import tsx tests/bench/client/year-device.ts` (the built app in dist/, or PUBLIC_DIR).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const scale = Number(process.env.BENCH_YEAR_DEVICE_SCALE ?? 1);
  const runs = Number(process.env.BENCH_YEAR_DEVICE_RUNS ?? 5);
  console.log(`1-minute load average at the start: ${loadavg()[0]!.toFixed(2)}`);
  const y = await yearDeviceBench({ scale, runs });
  printYearDevice(y);
  console.log(`1-minute load average at the end: ${loadavg()[0]!.toFixed(2)}`);
  console.log(JSON.stringify(y));
}
