import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { defaultSandboxStores, startSandbox, type Sandbox, type SandboxStore } from '../../../server/sandbox/server.ts';
import { ServerApi } from '../../e2e/helpers/api.ts';
import { startServer, type RunningServer } from '../../e2e/helpers/server.ts';
import { eventually } from '../../e2e/helpers/wait.ts';
import { AppPage } from '../../e2e/pages/app-page.ts';
import { addStores, importCatalogs } from '../helpers/catalog-import.ts';
import { DEXIE_CACHE_MS, leaveToMarkets, timeKeystroke, timeNavigation, type PaintTiming } from './list-timing.ts';
import { median, openProfile, round1 } from './profile.ts';

export interface ListDevice {
  label: string;
  products: number;
  /**
   * The first visit, not in the medians: the route's code is fetched and compiled, and products,
   * listings and stock are read from IndexedDB (the app keeps them in memory from then on).
   */
  firstVisitMs: number;
  /** After more than DEXIE_CACHE_MS on /markets, so nothing comes from Dexie's own cache of the last visit. */
  navigation: PaintTiming[];
  /** Back within 300 ms of leaving, while Dexie's cache still holds the last visit's results. */
  quickReturn: PaintTiming[];
  keystroke: PaintTiming[];
}

export interface ListSummary {
  products: number;
  baselineProducts: number;
  runs: number;
  needle: string;
  seedMs: { import: number; pull: number };
  devices: ListDevice[];
}

interface Device extends ListDevice {
  context: BrowserContext;
  page: Page;
  profileDir: string;
}

// Long enough on /markets that Dexie's cache of the last visit is gone: the visit gets only what the app keeps.
const DWELL_MS = DEXIE_CACHE_MS + 1000;
// Medians of at least this many runs.
const DEFAULT_RUNS = 7;

const storesOf = (marketplaces: string[]) => defaultSandboxStores.filter((s) => marketplaces.includes(s.marketplace));

interface BenchUser {
  login: string;
  password: string;
}

/** A user whose stores' catalogs are imported on the server, checked to hold `products` products. */
async function seedUser(
  server: RunningServer,
  label: string,
  stores: SandboxStore[],
  products: number,
): Promise<{ user: BenchUser; importMs: number }> {
  const user = { login: `bench-list-${label}-${Date.now()}@example.ru`, password: 'пароль-для-замера' };
  const api = await ServerApi.signUp(server.url, { ...user, first_name: 'Бенч', last_name: label });
  await addStores(api, stores);
  const imported = await importCatalogs(api, stores);
  const onServer = (await api.call<{ total: number }>('GET', '/api/v1/products/all/?page=1&page_size=1')).total;
  if (onServer !== products)
    throw new Error(`${label}: the server holds ${onServer} products after the import, expected ${products}`);
  return { user, importMs: imported.wallMs };
}

/**
 * Signs in on a fresh profile and waits until the app has pulled the whole catalog into
 * IndexedDB, as a new tablet would; ends on /markets, reached through the menu.
 */
async function signInAndPull(page: Page, baseUrl: string, user: BenchUser, products: number): Promise<number> {
  await page.goto(baseUrl);
  await page.waitForURL(/\/auth$/);
  await page.locator('input[name="login"]').fill(user.login);
  await page.locator('input[name="password"]').fill(user.password);
  const started = performance.now();
  await page.getByRole('button', { name: 'Войти' }).click();
  const app = new AppPage(page);
  await app.expectTitle('Главная');
  await eventually(
    async () => {
      const counts = await app.localRowCounts();
      return counts.products_wh === products && counts.products_mp === products && counts.outbox === 0;
    },
    `IndexedDB holds ${products} products and their listings`,
    300_000,
  );
  const pullMs = performance.now() - started;
  await app.openMenu('Магазины');
  await app.expectTitle('Магазины');
  return pullMs;
}

/**
 * /products with `products` warehouse products (one marketplace listing each, from the sandbox's
 * catalogs) in IndexedDB, against a baseline device of `baselineProducts` in the same run: the
 * menu navigation until the first page of rows is painted, and one search keystroke until the
 * filtered rows are painted. The two devices take turns, alternating who goes first.
 */
export async function productsListBench({
  products,
  baselineProducts,
  runs = DEFAULT_RUNS,
}: {
  products: number;
  baselineProducts: number;
  runs?: number;
}): Promise<ListSummary> {
  if (products % 2 !== 0)
    throw new Error('the large catalog is split over two stores: give an even number of products');
  // OZON and Yandex Market hold the large catalog; Wildberries, on its own sandbox, the baseline's
  // (the sandbox has one catalog size, and each marketplace its own address in the server's config).
  const large = await startSandbox({ offersPerStore: products / 2, stores: storesOf(['OZON', 'YM']) });
  const small = await startSandbox({ offersPerStore: baselineProducts, stores: storesOf(['WILDBERRIES']) });
  const sandboxes: Sandbox[] = [large, small];
  const devices: Device[] = [];
  let server: RunningServer | undefined;
  const needle = 'ж'; // in two of the sandbox's eight colours (бежевый, жёлтый): about a quarter of the rows
  try {
    // The sandbox serves its pictures over plain http, which the strict CSP refuses: every row would
    // then fail its picture (a violation report and an error re-render each). Real catalogs' pictures
    // are https and allowed, so the sandboxes are allowed here as `npm run demo` allows its own.
    server = await startServer({
      JOBS_ENABLED: 'true',
      OZON_API_URL: large.url,
      YM_API_URL: large.url,
      WB_CONTENT_API_URL: small.url,
      CSP_EXTRA_IMAGE_ORIGINS: `${large.url}, ${small.url}`,
    });
    const seedMs = { import: 0, pull: 0 };
    for (const [label, stores, n] of [
      ['baseline', storesOf(['WILDBERRIES']), baselineProducts],
      ['large', storesOf(['OZON', 'YM']), products],
    ] as const) {
      const { user, importMs } = await seedUser(server, label, stores, n);
      const profileDir = mkdtempSync(path.join(tmpdir(), `ostatok-bench-list-${label}-`));
      const { context, page } = await openProfile(profileDir, { offline: false });
      const device: Device = {
        label,
        products: n,
        firstVisitMs: 0,
        navigation: [],
        quickReturn: [],
        keystroke: [],
        context,
        page,
        profileDir,
      };
      devices.push(device);
      const pullMs = await signInAndPull(page, server.url, user, n);
      if (label === 'large') Object.assign(seedMs, { import: importMs, pull: pullMs });
    }

    for (const d of devices) {
      d.firstVisitMs = (await timeNavigation(d.page)).ms;
      await leaveToMarkets(d.page, DWELL_MS);
    }
    for (let run = 1; run <= runs; run++) {
      for (const d of run % 2 ? devices : [...devices].reverse()) {
        const nav = await timeNavigation(d.page);
        const key = await timeKeystroke(d.page, needle);
        await leaveToMarkets(d.page, 300);
        const quick = await timeNavigation(d.page);
        await leaveToMarkets(d.page, DWELL_MS);
        d.navigation.push(nav);
        d.keystroke.push(key);
        d.quickReturn.push(quick);
        console.error(
          `list ${run}/${runs} ${d.label} (${d.products}): navigation ${nav.ms.toFixed(0)} ms (${nav.rows} rows), keystroke ${key.ms.toFixed(0)} ms (${key.rows} rows), quick return ${quick.ms.toFixed(0)} ms`,
        );
      }
    }
    return {
      products,
      baselineProducts,
      runs,
      needle,
      seedMs,
      devices: devices.map(({ label, products: n, firstVisitMs, navigation, quickReturn, keystroke }) => ({
        label,
        products: n,
        firstVisitMs,
        navigation,
        quickReturn,
        keystroke,
      })),
    };
  } finally {
    for (const d of devices) {
      await d.context.close();
      rmSync(d.profileDir, { recursive: true, force: true });
    }
    await server?.stop();
    for (const s of sandboxes) await s.close();
  }
}

/** Prints section (c) of the client benchmark; returns its table for the JSON. */
export function printProductsList(list: ListSummary): Array<Record<string, string | number>> {
  const large = list.devices.find((d) => d.label === 'large')!;
  const small = list.devices.find((d) => d.label === 'baseline')!;
  const measures = [
    {
      measure: `navigation: menu «Товары» clicked after ${DWELL_MS / 1000} s on /markets → first page of rows painted`,
      of: (d: ListDevice) => d.navigation,
    },
    {
      measure: `search: «${list.needle}» typed into the empty box → only matching rows painted`,
      of: (d: ListDevice) => d.keystroke,
    },
    {
      measure: "navigation back 0.3 s after leaving (Dexie's cache still holds the last visit)",
      of: (d: ListDevice) => d.quickReturn,
    },
  ];
  const rows = measures.map(({ measure, of }) => {
    const [l, s] = [large, small].map((d) => of(d).map((t) => t.ms));
    const [lm, sm] = [median(l!), median(s!)];
    return {
      measure,
      [`${list.products}: median`]: round1(lm),
      [`${list.products}: min–max`]: `${round1(Math.min(...l!))}–${round1(Math.max(...l!))}`,
      [`${list.baselineProducts}: median`]: round1(sm),
      [`${list.baselineProducts}: min–max`]: `${round1(Math.min(...s!))}–${round1(Math.max(...s!))}`,
      'ratio of medians': Math.round((lm / sm) * 100) / 100,
    };
  });
  console.log(
    `(c) /products with ${list.products} products in IndexedDB (one marketplace listing each) against ${list.baselineProducts} on another device, taking turns; ms, ${list.runs} runs each`,
  );
  console.table(rows);
  const shown = (d: ListDevice) => `${d.navigation[0]?.rows}/${d.keystroke[0]?.rows}`;
  console.log(
    `rows painted (navigation/search): ${shown(large)} with ${list.products}, ${shown(small)} with ${list.baselineProducts}`,
  );
  console.log(
    `first visit (route code fetched, products, listings and stock read from IndexedDB; not in the medians): ${round1(large.firstVisitMs)} ms with ${list.products}, ${round1(small.firstVisitMs)} ms with ${list.baselineProducts}`,
  );
  console.log(
    `seeding ${list.products}: import from the sandbox on the server ${round1(list.seedMs.import / 1000)} s, sign-in → IndexedDB holds them all ${round1(list.seedMs.pull / 1000)} s`,
  );
  return rows;
}
