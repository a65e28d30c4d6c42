import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { startServer } from '../../e2e/helpers/server.ts';
import { benchUser, seedCatalog } from '../helpers/pg-bench.ts';
import { installCommitWatch } from './commit-watch.ts';
import { median, openProfile, round1 } from './profile.ts';

/**
 * Target 1 of issue 14: a fresh device signing in to an account of 10,000 products (one listing
 * each) and 30,000 lots, until IndexedDB holds them all, against the floor of the same rows
 * written by Dexie's bulkPut into an empty database in the same browser. The server runs on
 * PostgreSQL so the rows can be seeded in SQL (BENCH_PG_URL, as the other PostgreSQL benches).
 * Main-thread long tasks are recorded from the click on «Войти» to the last row written; that
 * moment is the commit of the transaction that completed the rows (./commit-watch.ts).
 */

export interface MirrorSample {
  /** The login call answered (signed in) → the page sees every row in IndexedDB. */
  pullMs: number;
  /** The same from the click on «Войти» (its event timeStamp): adds the password check. */
  fromClickMs: number;
  /** Dexie bulkPut of the same rows into an empty database of the same stores, one table after another. */
  floorMs: number;
  longestTaskMs: number;
  tasksOver200ms: number;
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
}

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
    __signedInAt?: number;
    __mirrored?: Promise<{ clickAt: number; signedInAt: number; doneAt: number }>;
    Dexie?: new (name: string) => {
      version(n: number): { stores(s: Record<string, string>): unknown };
      table(name: string): { bulkPut(rows: unknown[]): Promise<unknown> };
      open(): Promise<unknown>;
      delete(): Promise<void>;
    };
  }
}

const require = createRequire(import.meta.url);
/** The app's stores for these tables (src/db/database.ts, latest version of each). */
const STORES = {
  products_wh: 'id, name',
  products_mp: 'id, product_wh_id, offer_id',
  lots: 'id, product_id, received_at, batch_id, return_id',
};

/** Signs in through the form and resolves when IndexedDB holds `expected` rows of each table. */
export async function signInUntilMirrored(
  page: Page,
  login: string,
  password: string,
  expected: Record<string, number>,
): Promise<{ ms: number; fromClickMs: number; longest: number; over200: number }> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.evaluate((expected) => {
    window.__commitWatch!.expect(expected);
    window.__mirrored = new Promise((resolve) => {
      addEventListener(
        'click',
        (e) =>
          void window.__commitWatch!.done.then((doneAt) =>
            resolve({ clickAt: e.timeStamp, signedInAt: window.__signedInAt ?? e.timeStamp, doneAt }),
          ),
        { capture: true, once: true },
      );
    });
  }, expected);
  await page.getByRole('button', { name: 'Войти' }).click();
  const { clickAt, signedInAt, doneAt } = await page.evaluate(() => window.__mirrored!);
  // The watch saw the keys go in; the stores themselves must say the same.
  const held = await page.evaluate(
    (names) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('ostatok');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(names, 'readonly');
          const out: Record<string, number> = {};
          for (const name of names)
            tx.objectStore(name).count().onsuccess = (e) => (out[name] = (e.target as IDBRequest<number>).result);
          tx.oncomplete = () => (open.result.close(), resolve(out));
        };
      }),
    Object.keys(expected),
  );
  for (const [name, n] of Object.entries(expected))
    if (held[name] !== n) throw new Error(`${name}: IndexedDB holds ${held[name]} rows, the commit watch saw ${n}`);
  const tasks = await page.evaluate(() => window.__longTasks ?? []);
  const during = tasks.filter((t) => t.start + t.duration >= clickAt && t.start <= doneAt);
  if (process.env.BENCH_MIRROR_TASKS === '1')
    console.error(
      `long tasks (ms after the login answer: duration): ${during.map((t) => `${(t.start - signedInAt).toFixed(0)}: ${t.duration.toFixed(0)}`).join(', ')}`,
    );
  return {
    ms: doneAt - signedInAt,
    fromClickMs: doneAt - clickAt,
    longest: Math.max(0, ...during.map((t) => t.duration)),
    over200: during.filter((t) => t.duration > 200).length,
  };
}

/** Every row of `tables` as pull hands them to the device, fetched by node (untimed). */
async function rowsOf(
  baseUrl: string,
  auth: Record<string, string>,
  tables: string[],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = Object.fromEntries(tables.map((t) => [t, []]));
  for (let since = 0; ;) {
    const res = await fetch(`${baseUrl}/api/v1/sync/pull?since=${since}&limit=1000`, { headers: auth });
    if (!res.ok) throw new Error(`pull: ${res.status}`);
    const page = (await res.json()) as {
      cursor: number;
      has_more: boolean;
      changes: { table: string; row: unknown }[];
    };
    for (const c of page.changes) if (c.row && out[c.table]) out[c.table]!.push(c.row);
    since = page.cursor;
    if (!page.has_more) return out;
  }
}

/**
 * The floor: the same rows written by Dexie's bulkPut (one call per table) into an empty database
 * of the same stores, in the page about to sign in, before it does, while nothing else runs.
 */
async function bulkPutFloor(page: Page, rows: Record<string, unknown[]>, run: number): Promise<number> {
  // Evaluated through the debugger protocol, which the app's Content Security Policy does not govern.
  await page.evaluate(readFileSync(require.resolve('dexie/dist/dexie.min.js'), 'utf8'));
  return page.evaluate(
    async ({ stores, name, rows }) => {
      const floor = new window.Dexie!(name);
      floor.version(1).stores(stores);
      await floor.open();
      const started = performance.now();
      for (const t of Object.keys(stores)) await floor.table(t).bulkPut(rows[t]!);
      const ms = performance.now() - started;
      await floor.delete();
      return ms;
    },
    { stores: STORES, name: `bulkput-floor-${run}`, rows },
  );
}

/** BENCH_MIRROR_PROFILE=1: where the main thread spent the first run, by function's self time. */
function printHotFunctions(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byNode.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${(f as { columnNumber?: number }).columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.error('main thread while mirroring, self time (ms):');
  for (const [name, ms] of top) console.error(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
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
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ostatok_bench_mirror_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const server = await startServer({ DATABASE_URL: url.toString(), JOBS_ENABLED: 'false' }).catch(async (err) => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    throw err;
  });
  try {
    const login = `bench-mirror-${Date.now()}@example.ru`;
    const user = await benchUser(server.url, login);
    const seeded = await seedCatalog(url.toString(), user.id, {
      products,
      lotsPerProduct,
      reservesAndMarkdowns: false,
    });
    const expected = { products_wh: seeded.products, products_mp: seeded.listings, lots: seeded.lots };
    const rows = await rowsOf(server.url, user.auth, Object.keys(STORES));
    const samples: MirrorSample[] = [];
    for (let run = 1; run <= runs; run++) {
      const profileDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-mirror-'));
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
        await page.goto(server.url);
        await page.waitForURL(/\/auth$/);
        // The first visit installs the service worker and its precache: let that finish first.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 1000))));
        const floorMs = await bulkPutFloor(page, rows, run);
        const profiler =
          process.env.BENCH_MIRROR_PROFILE === '1' && run === 1 ? await page.context().newCDPSession(page) : undefined;
        if (profiler) {
          await profiler.send('Profiler.enable');
          await profiler.send('Profiler.start');
        }
        const pulled = await signInUntilMirrored(page, login, 'bench-password-123', expected);
        if (profiler) printHotFunctions((await profiler.send('Profiler.stop')).profile);
        samples.push({
          pullMs: pulled.ms,
          fromClickMs: pulled.fromClickMs,
          floorMs,
          longestTaskMs: pulled.longest,
          tasksOver200ms: pulled.over200,
        });
        console.error(
          `initial mirror ${run}/${runs}: signed in → ${seeded.products + seeded.listings + seeded.lots} rows in IndexedDB ${pulled.ms.toFixed(0)} ms (${pulled.fromClickMs.toFixed(0)} ms from the click), bulkPut floor ${floorMs.toFixed(0)} ms, longest task ${pulled.longest.toFixed(0)} ms`,
        );
      } finally {
        await context.close();
        rmSync(profileDir, { recursive: true, force: true });
      }
    }
    const medianPullMs = round1(median(samples.map((s) => s.pullMs)));
    const medianFloorMs = round1(median(samples.map((s) => s.floorMs)));
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
    };
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
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
  ];
  console.log(
    `(d) initial mirror of a fresh device, median of ${m.runs} runs (target ≤ 1.3× the floor, no main-thread task over 200 ms)`,
  );
  console.table(rows);
  console.log(
    `ratio sign-in mirror / bulkPut floor: ${m.ratio}; longest main-thread task while mirroring: ${m.longestTaskMs} ms`,
  );
  return rows;
}
