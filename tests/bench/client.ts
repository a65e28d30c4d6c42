import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { ServerApi } from '../e2e/helpers/api.ts';
import { chromiumPath } from '../e2e/helpers/browser.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { AppPage } from '../e2e/pages/app-page.ts';
import { AuthPage } from '../e2e/pages/auth-page.ts';
import { coldStart, type ColdStartSample } from './client/cold-start.ts';
import { seedStores } from './client/drain.ts';
import { measureDrain, printDrain } from './client/drain-bench.ts';
import { median, openProfile, round1 } from './client/profile.ts';
import { initialMirrorBench, printInitialMirror } from './client/initial-mirror.ts';
import { firstScreenBench, printFirstScreen } from './client/first-screen.ts';
import { printProductsList, productsListBench } from './client/products-list.ts';
import { printYearDevice, yearDeviceBench } from './client/year-device.ts';
import { positiveInt } from './helpers/env.ts';

/**
 * The client's promises, measured on the built app, the real server (embedded database) and
 * Debian's Chromium: (a) an installed app opens offline fast; (b) a backlog of offline edits
 * drains far faster through the batched push than a naive one-request-per-edit client would;
 * (c) /products stays quick with 10,000 products on the device; (d) a fresh device signing in to
 * 10,000 products and 30,000 lots mirrors them about as fast as IndexedDB can take the rows;
 * (e) on such a device /products shows its first page and answers a search from the server while
 * the mirror fills, on loopback and through a slow link.
 * Run through `npm run bench:client`, which builds dist/ first.
 */
const coldRuns = positiveInt('BENCH_COLD_RUNS', 7);
const listRuns = positiveInt('BENCH_LIST_RUNS', 7);
const listProducts = positiveInt('BENCH_LIST_PRODUCTS', 10_000);
// Enough that the searched letter still fills a page of 50, so both devices render the same rows.
const listBaseline = positiveInt('BENCH_LIST_BASELINE', 250);
const mirrorRuns = positiveInt('BENCH_MIRROR_RUNS', 5);
const mirrorProducts = positiveInt('BENCH_MIRROR_PRODUCTS', 10_000);
const firstRuns = positiveInt('BENCH_FIRST_RUNS', 5);
const firstProducts = positiveInt('BENCH_FIRST_PRODUCTS', 10_000);
const coldStores = 5;
// Target 4 of issue 26: a year of business (50,000 products, 150,000 lots, 100,000 sales, 400,000 ledger rows) × scale.
const yearScale = Number(process.env.BENCH_YEAR_DEVICE_SCALE ?? 1);
const yearRuns = positiveInt('BENCH_YEAR_DEVICE_RUNS', 5);
if (!(yearScale > 0)) throw new Error(`BENCH_YEAR_DEVICE_SCALE must be a positive number, got "${yearScale}"`);
const here = path.dirname(fileURLToPath(import.meta.url));
const resultFile = path.join(here, 'results', 'client.json');

// Other work on the machine skews every figure here; the load averages are printed with them.
const loadAtStart = loadavg()[0]!;
const server = await startServer({ JOBS_ENABLED: 'false' });
const profileDir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-profile-'));
try {
  // First online visit: sign up through the UI, which installs the service worker and its precache.
  const user = {
    login: `bench-${Date.now()}@example.ru`,
    password: 'пароль-для-замера',
    firstName: 'Бенч',
    lastName: 'Клиент',
  };
  const first = await openProfile(profileDir, { offline: false });
  await first.page.goto(server.url);
  await first.page.waitForURL(/\/auth$/);
  await new AuthPage(first.page).register(user);
  const app = new AppPage(first.page);
  await app.expectTitle('Главная');
  await app.waitForServiceWorker();
  // The benchmark's own session, like a second device: the app may rotate its tokens freely.
  const api = await ServerApi.logIn(server.url, user.login, user.password);
  await seedStores(api, coldStores, 'vitrina', (i) => `Витрина ${i}`);
  await first.page.goto(`${server.url}/markets`);
  await first.page.getByText(`Витрина ${coldStores}`).waitFor();
  await first.context.close();

  // (a) Offline cold start.
  const cold: ColdStartSample[] = [];
  for (let run = 1; run <= coldRuns; run++) {
    const sample = await coldStart(profileDir, server.url, `Витрина ${coldStores}`);
    if (!sample.servedByServiceWorker) throw new Error('index.html did not come from the service worker');
    cold.push(sample);
    console.error(
      `cold start ${run}/${coldRuns}: FCP ${sample.fcpMs?.toFixed(0)} ms, list ${sample.listMs.toFixed(0)} ms`,
    );
  }

  // (b) Draining queued edits, on loopback and over a link with 100 ms round trips.
  const drain = await measureDrain(server.url, user);

  // (c) Its own server and sandbox marketplaces: the catalogs are imported, which needs the job worker.
  const list = await productsListBench({ products: listProducts, baselineProducts: listBaseline, runs: listRuns });

  // (d) Its own server on PostgreSQL (BENCH_PG_URL), where 10,000 products and 30,000 lots are seeded in SQL.
  const mirror = await initialMirrorBench({ products: mirrorProducts, lotsPerProduct: 3, runs: mirrorRuns });

  // (e) Its own server on the embedded database, seeded in SQL the same way.
  const firstScreen = await firstScreenBench({ products: firstProducts, lotsPerProduct: 3, runs: firstRuns });
  // (e) A year on the device: its own server on PostgreSQL, the account seeded in SQL.
  const year = await yearDeviceBench({ scale: yearScale, runs: yearRuns });

  const coldSummary = {
    runs: coldRuns,
    // A fresh process sometimes reads the page before Chromium has recorded its paint entry: those runs have no FCP.
    medianFcpMs: round1(median(cold.flatMap((s) => (s.fcpMs === null ? [] : [s.fcpMs])))),
    fcpRuns: cold.filter((s) => s.fcpMs !== null).length,
    medianShellMs: round1(median(cold.map((s) => s.shellMs))),
    medianListMs: round1(median(cold.map((s) => s.listMs))),
  };
  const chromium = execFileSync(chromiumPath(), ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();

  console.log(
    `\nclient benchmark: built app, real server (embedded database), ${chromium} headless, node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log(`1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);
  console.log(
    `(a) offline cold start: a new browser process on the installed profile, no network, open /markets; ${coldStores} stores; median of ${coldRuns}`,
  );
  console.table([
    {
      measure: `navigation → first contentful paint (${coldSummary.fcpRuns} runs reported it)`,
      'median ms': coldSummary.medianFcpMs,
    },
    { measure: 'navigation → index.html from the service worker', 'median ms': coldSummary.medianShellMs },
    { measure: 'navigation → store list painted (from IndexedDB)', 'median ms': coldSummary.medianListMs },
  ]);
  printDrain(drain);
  const listRows = printProductsList(list);
  const mirrorRows = printInitialMirror(mirror);
  const firstRows = printFirstScreen(firstScreen);
  const yearRows = printYearDevice(year);
  for (const note of [
    'edits are queued by writing IndexedDB as queueUpdate does (checked against a UI edit): page code cannot call the bundled app',
    'the drain includes storing each answer in IndexedDB and re-rendering the 1,000-row list, on the same CPUs as the server; live hints during it make one pull after it',
    'the one-by-one client runs in node with no browser open, same paths and bodies, an Idempotency-Key each as the push entries carry',
    '(b) the slow link is a loopback proxy holding each request and each answer half the round trip (BENCH_DRAIN_RTT_MS), for the app (page, pushes, live channel) and the one-by-one client alike',
    "(c) timed in the page: from the input event's own timeStamp to one animation frame plus a task after the awaited rows are in the DOM, so render and paint count",
    '(c) the app keeps products, listings and stock in memory after the first visit to /products; the rows carry the sandbox pictures (their origins allowed by the CSP, as in the demo), loaded lazily',
    "(e) the slow link is Chromium's network emulation (DevTools protocol), set after the app and its precache are in; the page follows the link to /products itself as soon as «Главная» shows",
  ])
    console.log(`note: ${note}`);

  mkdirSync(path.dirname(resultFile), { recursive: true });
  const result = {
    benchmark: 'client',
    date: new Date().toISOString(),
    node: process.version,
    chromium,
    cpus: cpus().length,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    coldStart: { ...coldSummary, stores: coldStores, samples: cold },
    drain,
    productsList: { ...list, summary: listRows },
    initialMirror: { ...mirror, summary: mirrorRows },
    firstScreen: { ...firstScreen, summary: firstRows },
    yearDevice: { ...year, summary: yearRows },
  };
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await server.stop();
  rmSync(profileDir, { recursive: true, force: true });
}
