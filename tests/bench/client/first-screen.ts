import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { productName, seededAccount, type SeededAccount } from '../../e2e/helpers/embedded-catalog.ts';
import { positiveInt } from '../helpers/env.ts';
import { median, openProfile, round1 } from './profile.ts';

/**
 * Target 3 of issue 26: a fresh device signing in to an account of 10,000 products and 30,000
 * lots. Measured in the page: (1) the login call answered → the first row of /products on screen
 * (the page itself follows the link to /products as soon as the app lands on «Главная», so no
 * automation delay counts), while the pull fills the mirror; (2) one keystroke in the search box
 * → its results on screen, while the list still comes from the server. On loopback and through
 * Chromium's own network emulation (BENCH_FIRST_MBIT Mbit/s, BENCH_FIRST_LATENCY_MS latency),
 * each run a new browser profile, the two links taking turns. The server runs on the embedded
 * database, as `npm start` does, seeded in SQL (tests/e2e/helpers/embedded-catalog.ts).
 */

export interface FirstScreenSample {
  link: 'loopback' | 'slow';
  /** Login answered → first row painted. */
  firstRowMs: number;
  /** The last key of a search → its one row painted. */
  keystrokeMs: number;
  /**
   * Baseline from the same run: the same kind of search (another product, so not from the page
   * cache) asked by node of the server once the browser is closed and the server idle.
   */
  idleSearchMs: number;
  /** The catalog-loading notice was on screen when each result painted: served by the server. */
  firstRowWhileFilling: boolean;
  keystrokeWhileFilling: boolean;
}

export interface FirstScreenSummary {
  products: number;
  lots: number;
  runs: number;
  slowLink: { mbit: number; latencyMs: number };
  samples: FirstScreenSample[];
  loopback: { medianFirstRowMs: number; medianKeystrokeMs: number };
  slow: { medianFirstRowMs: number; medianKeystrokeMs: number };
  medianIdleSearchMs: number;
  loadAverage: { start: number; end: number };
}

declare global {
  interface Window {
    __signedInAt?: number;
    __firstRow?: Promise<{ rowAt: number; filling: boolean }>;
    __searched?: Promise<{ ms: number; filling: boolean }>;
  }
}

/** Installed before the click on «Войти»: the login answer's time, and the way to /products. */
function watchFirstRow() {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[])
      if (e.name.includes('/users/login')) window.__signedInAt = e.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  window.__firstRow = new Promise((resolve) => {
    let clicked = false;
    const tick = () => {
      if (!clicked && location.pathname === '/') {
        const link = document.querySelector<HTMLAnchorElement>('a[href="/products"]');
        if (link) {
          link.click();
          clicked = true;
        }
      }
      if (clicked && document.querySelector('[data-testid="product-row"]')) {
        const filling = document.querySelector('[data-testid="catalog-loading"]') !== null;
        // Painted: the frame after the one that put the row in.
        requestAnimationFrame(() => setTimeout(() => resolve({ rowAt: performance.now(), filling })));
        return;
      }
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/** Resolves when the only row is `name`, timed from the next keydown's own timeStamp. */
function watchSearch(name: string) {
  window.__searched = new Promise((resolve) => {
    let keyAt: number | undefined;
    addEventListener('keydown', (e) => (keyAt = e.timeStamp), { capture: true, once: true });
    const tick = () => {
      const rows = document.querySelectorAll('[data-testid="product-row"]');
      if (keyAt !== undefined && rows.length === 1 && rows[0]!.textContent!.includes(name)) {
        const filling = document.querySelector('[data-testid="catalog-loading"]') !== null;
        requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - keyAt!, filling })));
        return;
      }
      requestAnimationFrame(tick);
    };
    tick();
  });
}

async function oneRun(
  account: SeededAccount,
  link: FirstScreenSample['link'],
  slow: FirstScreenSummary['slowLink'],
  searched: number,
  idleSearch: (n: number) => Promise<number>,
): Promise<FirstScreenSample> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-first-'));
  const { context, page } = await openProfile(dir, { offline: false });
  try {
    await page.goto(account.server.url);
    await page.waitForURL(/\/auth$/);
    // The app and its precache come in first (an installed app has them): timed is what sign-in brings.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 500))));
    if (link === 'slow') {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: slow.latencyMs,
        downloadThroughput: (slow.mbit * 1_000_000) / 8,
        uploadThroughput: (slow.mbit * 1_000_000) / 8,
      });
    }
    await page.evaluate(watchFirstRow);
    await page.locator('input[name="login"]').fill(account.login);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    const first = await page.evaluate(() => window.__firstRow!);
    const signedInAt = await page.evaluate(() => window.__signedInAt ?? NaN);
    const keystroke = await searchKeystroke(page, searched);
    await context.close();
    return {
      link,
      firstRowMs: round1(first.rowAt - signedInAt),
      keystrokeMs: round1(keystroke.ms),
      idleSearchMs: round1(await idleSearch(searched + 1)),
      firstRowWhileFilling: first.filling,
      keystrokeWhileFilling: keystroke.filling,
    };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * «Товар 00200» shows ten products; the keystroke «0» leaves the one that is timed. Each run searches
 * another product (`n`), so no answer comes from the server's page cache.
 */
async function searchKeystroke(page: Page, n: number): Promise<{ ms: number; filling: boolean }> {
  const name = productName(n);
  const box = page.locator('input[name="search"]');
  await box.fill(name.slice(0, -1));
  await page.waitForFunction(
    (prefix) => {
      const rows = [...document.querySelectorAll('[data-testid="product-row"]')];
      return rows.length === 10 && rows.every((r) => r.textContent!.includes(prefix));
    },
    name.slice(0, -1),
    { timeout: 60_000 },
  );
  await page.evaluate(watchSearch, name);
  await page.keyboard.press(name.at(-1)!);
  return page.evaluate(() => window.__searched!);
}

/**
 * The bench's own calls, as another device of the account. `touch`: a write before each run — the
 * server keeps list pages until the business's data changes (app.pageCache), and a later run's
 * first page would otherwise come from there while the first run's did not; a seller signing in
 * after colleagues' edits meets the uncached page. `idleSearch`: the baseline, one uncached search.
 */
async function serverCalls(
  account: SeededAccount,
): Promise<{ touch: (i: number) => Promise<void>; idleSearch: (n: number) => Promise<number> }> {
  const base = account.server.url;
  const login = await fetch(`${base}/api/v1/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.login, password: account.password, email: account.login }),
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    'content-type': 'application/json',
  };
  const list = await fetch(`${base}/api/v1/products/all/?page=1&page_size=1&order_by=-name`, { headers });
  const id = ((await list.json()) as { products: { product_wh: { id: string } }[] }).products[0]!.product_wh.id;
  return {
    async touch(i) {
      const res = await fetch(`${base}/api/v1/products/warehouse/${id}/update/`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ description: `замер ${i}` }),
      });
      if (!res.ok) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
    },
    async idleSearch(n) {
      const search = encodeURIComponent(productName(n));
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/products/all/?page=1&page_size=50&order_by=name&search=${search}`, {
        headers,
      });
      await res.text();
      if (!res.ok) throw new Error(`search: ${res.status}`);
      return performance.now() - started;
    },
  };
}

export async function firstScreenBench({
  products,
  lotsPerProduct,
  runs,
}: {
  products: number;
  lotsPerProduct: number;
  runs: number;
}): Promise<FirstScreenSummary> {
  const slowLink = {
    mbit: positiveInt('BENCH_FIRST_MBIT', 10),
    latencyMs: positiveInt('BENCH_FIRST_LATENCY_MS', 100),
  };
  const start = loadavg()[0]!;
  const account = await seededAccount({ products, lotsPerProduct });
  try {
    const { touch, idleSearch } = await serverCalls(account);
    const samples: FirstScreenSample[] = [];
    let i = 0;
    for (let run = 1; run <= runs; run++)
      for (const link of ['loopback', 'slow'] as const) {
        await touch(i);
        const s = await oneRun(account, link, slowLink, 100 * (20 + i++), idleSearch);
        samples.push(s);
        console.error(
          `first screen ${run}/${runs} ${link}: signed in → first row ${s.firstRowMs} ms${s.firstRowWhileFilling ? ' (from the server, mirror filling)' : ''}, keystroke → results ${s.keystrokeMs} ms${s.keystrokeWhileFilling ? ' (from the server)' : ' (from the device)'}; idle server search ${s.idleSearchMs} ms`,
        );
      }
    const medians = (link: FirstScreenSample['link']) => {
      const of = samples.filter((s) => s.link === link);
      return {
        medianFirstRowMs: round1(median(of.map((s) => s.firstRowMs))),
        medianKeystrokeMs: round1(median(of.map((s) => s.keystrokeMs))),
      };
    };
    return {
      products: account.products,
      lots: account.lots,
      runs,
      slowLink,
      samples,
      loopback: medians('loopback'),
      slow: medians('slow'),
      medianIdleSearchMs: round1(median(samples.map((s) => s.idleSearchMs))),
      loadAverage: { start, end: loadavg()[0]! },
    };
  } finally {
    await account.server.stop();
  }
}

export function printFirstScreen(f: FirstScreenSummary): Array<Record<string, string | number>> {
  const filling = (link: string, key: 'firstRowWhileFilling' | 'keystrokeWhileFilling') =>
    `${f.samples.filter((s) => s.link === link && s[key]).length}/${f.runs}`;
  const rows = [
    {
      measure: 'login answered → first row of /products (loopback)',
      'median ms': f.loopback.medianFirstRowMs,
      'while filling': filling('loopback', 'firstRowWhileFilling'),
    },
    {
      measure: `login answered → first row of /products (${f.slowLink.mbit} Mbit/s, ${f.slowLink.latencyMs} ms)`,
      'median ms': f.slow.medianFirstRowMs,
      'while filling': filling('slow', 'firstRowWhileFilling'),
    },
    {
      measure: 'search keystroke → its results (loopback)',
      'median ms': f.loopback.medianKeystrokeMs,
      'while filling': filling('loopback', 'keystrokeWhileFilling'),
    },
    {
      measure: `search keystroke → its results (${f.slowLink.mbit} Mbit/s, ${f.slowLink.latencyMs} ms)`,
      'median ms': f.slow.medianKeystrokeMs,
      'while filling': filling('slow', 'keystrokeWhileFilling'),
    },
    {
      measure: 'baseline: the same search asked by node of the idle server (no browser, no pull)',
      'median ms': f.medianIdleSearchMs,
      'while filling': '—',
    },
  ];
  console.log(
    `(e) first screen of a fresh device signing in to ${f.products} products and ${f.lots} lots, median of ${f.runs} runs per link (targets: first row ≤ 1500 ms, keystroke ≤ 300 ms); load average ${f.loadAverage.start.toFixed(2)} → ${f.loadAverage.end.toFixed(2)}`,
  );
  console.table(rows);
  return rows;
}

// `npx tsx tests/bench/client/first-screen.ts` (after `vite build`): this measure alone, merged into
// results/client.json.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const summary = await firstScreenBench({
    products: positiveInt('BENCH_FIRST_PRODUCTS', 10_000),
    lotsPerProduct: 3,
    runs: positiveInt('BENCH_FIRST_RUNS', 5),
  });
  const rows = printFirstScreen(summary);
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results', 'client.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...previous, firstScreen: { ...summary, summary: rows } }, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), file)}`);
}
