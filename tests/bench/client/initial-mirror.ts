import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { benchUser, seedCatalog } from '../helpers/pg-bench.ts';
import { installCommitWatch } from './commit-watch.ts';
import { startPgAppServer } from './pg-app-server.ts';
import { startSlowLink } from './latency-proxy.ts';
import { bulkPutFloor, printHotFunctions, rowsOf, signInUntilMirrored, STORES } from './mirror-steps.ts';
import { median, openProfile, round1 } from './profile.ts';

/**
 * Target 1 of issue 14: a fresh device signing in to an account of 10,000 products (one listing
 * each) and 30,000 lots, until IndexedDB holds them all, against the floor of the same rows
 * written by Dexie's bulkPut into an empty database in the same browser. The server runs on
 * PostgreSQL so the rows can be seeded in SQL (BENCH_PG_URL, as the other PostgreSQL benches).
 * Main-thread long tasks are recorded from the click on «Войти» to the last row written; that
 * moment is the commit of the transaction that completed the rows (./commit-watch.ts).
 *
 * Issue 26 adds the link a tablet lives on: each run signs in a second fresh device through a
 * shaping proxy (BENCH_LINK_MBIT, 10 Mbit/s each way, and BENCH_LINK_RTT_MS, 100 ms round trips;
 * ./latency-proxy.ts) and counts the answer bytes that crossed it from the click to the last row.
 */

/** The slow link of issue 26's target 2. */
const linkMbit = Number(process.env.BENCH_LINK_MBIT ?? 10);
const linkRttMs = Number(process.env.BENCH_LINK_RTT_MS ?? 100);

export interface MirrorSample {
  /** The login call answered (signed in) → the page sees every row in IndexedDB. */
  pullMs: number;
  /** The same from the click on «Войти» (its event timeStamp): adds the password check. */
  fromClickMs: number;
  /** Dexie bulkPut of the same rows into an empty database of the same stores, one table after another. */
  floorMs: number;
  longestTaskMs: number;
  tasksOver200ms: number;
  /** The same sign-in on another fresh device through the shaped link. */
  slowLinkMs: number;
  /** Answer bytes that crossed the shaped link from the click to the last row, over the rows. */
  wireBytesPerRow: number;
}

export interface MirrorSummary {
  products: number;
  lots: number;
  rows: number;
  runs: number;
  samples: MirrorSample[];
  medianPullMs: number;
  medianFloorMs: number;
  ratio: number;
  longestTaskMs: number;
  link: { mbit: number; roundTripMs: number };
  medianSlowLinkMs: number;
  /** Slow link over loopback, medians. */
  slowLinkRatio: number;
  medianWireBytesPerRow: number;
}

/**
 * A fresh browser profile at the app's sign-in screen on `baseUrl`, its service worker installed,
 * watching its IndexedDB commits and long tasks; `work` then signs in. The profile is thrown away.
 */
async function freshDevice<T>(baseUrl: string, run: number, work: (page: Page) => Promise<T>): Promise<T> {
  const profileDir = mkdtempSync(path.join(tmpdir(), `ostatok-bench-mirror-${run}-`));
  const { context, page } = await openProfile(profileDir, { offline: false });
  try {
    await page.addInitScript(installCommitWatch, 'ostatok');
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks!.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceResourceTiming[])
          if (e.name.includes('/users/login')) window.__signedInAt = e.responseEnd;
      }).observe({ type: 'resource', buffered: true });
    });
    await page.goto(baseUrl);
    await page.waitForURL(/\/auth$/);
    // The first visit installs the service worker and its precache: let that finish first.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 1000))));
    return await work(page);
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

export async function initialMirrorBench({
  products,
  lotsPerProduct,
  runs,
}: {
  products: number;
  lotsPerProduct: number;
  runs: number;
}): Promise<MirrorSummary> {
  const server = await startPgAppServer('mirror');
  const url = server.databaseUrl;
  try {
    const login = `bench-mirror-${Date.now()}@example.ru`;
    const user = await benchUser(server.url, login);
    const seeded = await seedCatalog(url, user.id, {
      products,
      lotsPerProduct,
      reservesAndMarkdowns: false,
    });
    const expected = { products_wh: seeded.products, products_mp: seeded.listings, lots: seeded.lots };
    const rows = await rowsOf(server.url, user.auth, Object.keys(STORES));
    const total = seeded.products + seeded.listings + seeded.lots;
    const link = await startSlowLink(server.url, linkRttMs, (linkMbit * 1_000_000) / 8);
    const samples: MirrorSample[] = [];
    try {
      for (let run = 1; run <= runs; run++) {
        const loopback = await freshDevice(server.url, run, async (page) => {
          const floorMs = await bulkPutFloor(page, rows, run);
          const profiler =
            process.env.BENCH_MIRROR_PROFILE === '1' && run === 1
              ? await page.context().newCDPSession(page)
              : undefined;
          if (profiler) {
            await profiler.send('Profiler.enable');
            await profiler.send('Profiler.start');
          }
          const pulled = await signInUntilMirrored(page, login, 'bench-password-123', expected);
          if (profiler) printHotFunctions((await profiler.send('Profiler.stop')).profile);
          return { floorMs, pulled };
        });
        const slow = await freshDevice(link.url, run, async (page) => {
          const before = link.answerBytes();
          const pulled = await signInUntilMirrored(page, login, 'bench-password-123', expected);
          return { pulled, bytes: link.answerBytes() - before };
        });
        const { floorMs, pulled } = loopback;
        samples.push({
          pullMs: pulled.ms,
          fromClickMs: pulled.fromClickMs,
          floorMs,
          longestTaskMs: pulled.longest,
          tasksOver200ms: pulled.over200,
          slowLinkMs: slow.pulled.ms,
          wireBytesPerRow: round1(slow.bytes / total),
        });
        console.error(
          `initial mirror ${run}/${runs}: signed in → ${total} rows in IndexedDB ${pulled.ms.toFixed(0)} ms (${pulled.fromClickMs.toFixed(0)} ms from the click), bulkPut floor ${floorMs.toFixed(0)} ms, longest task ${pulled.longest.toFixed(0)} ms; through ${linkMbit} Mbit/s, ${linkRttMs} ms: ${slow.pulled.ms.toFixed(0)} ms, ${(slow.bytes / total).toFixed(1)} bytes a row`,
        );
      }
    } finally {
      await link.stop();
    }
    const medianPullMs = round1(median(samples.map((s) => s.pullMs)));
    const medianFloorMs = round1(median(samples.map((s) => s.floorMs)));
    const medianSlowLinkMs = round1(median(samples.map((s) => s.slowLinkMs)));
    return {
      products: seeded.products,
      lots: seeded.lots,
      rows: seeded.products + seeded.listings + seeded.lots,
      runs,
      samples,
      medianPullMs,
      medianFloorMs,
      ratio: Math.round((medianPullMs / medianFloorMs) * 100) / 100,
      longestTaskMs: round1(Math.max(...samples.map((s) => s.longestTaskMs))),
      link: { mbit: linkMbit, roundTripMs: linkRttMs },
      medianSlowLinkMs,
      slowLinkRatio: Math.round((medianSlowLinkMs / medianPullMs) * 100) / 100,
      medianWireBytesPerRow: round1(median(samples.map((s) => s.wireBytesPerRow))),
    };
  } finally {
    await server.stop();
  }
}

/** Prints target 1; answers its table for the JSON. */
export function printInitialMirror(m: MirrorSummary): Array<Record<string, string | number>> {
  const rows = [
    {
      measure: `signed in (login answered) → IndexedDB holds ${m.rows} rows (${m.products} products, their listings, ${m.lots} lots)`,
      'median ms': m.medianPullMs,
      'min–max': `${round1(Math.min(...m.samples.map((s) => s.pullMs)))}–${round1(Math.max(...m.samples.map((s) => s.pullMs)))}`,
    },
    {
      measure: 'baseline: Dexie bulkPut of the same rows into an empty database',
      'median ms': m.medianFloorMs,
      'min–max': `${round1(Math.min(...m.samples.map((s) => s.floorMs)))}–${round1(Math.max(...m.samples.map((s) => s.floorMs)))}`,
    },
    {
      measure: `the same sign-in through ${m.link.mbit} Mbit/s, ${m.link.roundTripMs} ms round trips (a shaping proxy)`,
      'median ms': m.medianSlowLinkMs,
      'min–max': `${round1(Math.min(...m.samples.map((s) => s.slowLinkMs)))}–${round1(Math.max(...m.samples.map((s) => s.slowLinkMs)))}`,
    },
  ];
  console.log(
    `(d) initial mirror of a fresh device, median of ${m.runs} runs (target ≤ 1.3× the floor, no main-thread task over 200 ms)`,
  );
  console.table(rows);
  console.log(
    `ratio sign-in mirror / bulkPut floor: ${m.ratio}; longest main-thread task while mirroring: ${m.longestTaskMs} ms`,
  );
  console.log(
    `slow link / loopback: ${m.slowLinkRatio} (target ≤ 1.3); answer bytes on the wire a row: ${m.medianWireBytesPerRow} (target ≤ 60)`,
  );
  return rows;
}
