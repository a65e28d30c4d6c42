import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../e2e/helpers/browser.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { median, round1 } from './client/profile.ts';
import { auditPage, type LighthouseSample } from './lighthouse/audit.ts';
import { prepareInstalledProfile } from './lighthouse/installed-profile.ts';
import { positiveInt } from './helpers/env.ts';

/**
 * Lighthouse's mobile audit of the built app on the real server (embedded database) and Debian's
 * Chromium: (a) a first visit to /auth on a fresh profile; (b) /products of an installed profile,
 * signed in with products mirrored and the service worker in place. Run through
 * `npm run bench:lighthouse`, which builds dist/ first; PUBLIC_DIR points the server elsewhere.
 * LIGHTHOUSE_REPORTS=1 also keeps each run's full report beside the summary.
 */
const runs = positiveInt('LIGHTHOUSE_RUNS', 3);
const products = positiveInt('LIGHTHOUSE_PRODUCTS', 250);
const pages = (process.env.LIGHTHOUSE_PAGES ?? 'auth,products').split(',');
const keepReports = process.env.LIGHTHOUSE_REPORTS === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const resultDir = path.join(here, 'results');
const resultFile = path.join(resultDir, 'lighthouse.json');

interface PageResult {
  page: string;
  url: string;
  runs: LighthouseSample[];
  median: {
    performance: number;
    accessibility: number;
    bestPractices: number;
    tbtMs: number;
    lcpMs: number;
    fcpMs: number;
    speedIndexMs: number;
    cls: number;
  };
}

function summarize(page: string, url: string, samples: LighthouseSample[]): PageResult {
  const m = (pick: (s: LighthouseSample) => number) => round1(median(samples.map(pick)));
  return {
    page,
    url,
    runs: samples,
    median: {
      performance: m((s) => s.performance),
      accessibility: m((s) => s.accessibility),
      bestPractices: m((s) => s.bestPractices),
      tbtMs: m((s) => s.tbtMs),
      lcpMs: m((s) => s.lcpMs),
      fcpMs: m((s) => s.fcpMs),
      speedIndexMs: m((s) => s.speedIndexMs),
      cls: Math.round(median(samples.map((s) => s.cls)) * 1000) / 1000,
    },
  };
}

const line = (s: LighthouseSample) =>
  `performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}; TBT ${s.tbtMs.toFixed(0)} ms, LCP ${s.lcpMs.toFixed(0)} ms, FCP ${s.fcpMs.toFixed(0)} ms`;

const loadAtStart = loadavg()[0]!;
const server = await startServer({ JOBS_ENABLED: 'false' });
const dirs: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `ostatok-lighthouse-${label}-`));
  dirs.push(dir);
  return dir;
};
const results: PageResult[] = [];
try {
  mkdirSync(resultDir, { recursive: true });
  const keep = (label: string, run: number) =>
    keepReports
      ? (json: string) => writeFileSync(path.join(resultDir, `lighthouse-${label}-${run}.json`), json)
      : undefined;

  if (pages.includes('auth')) {
    const url = `${server.url}/auth`;
    const samples: LighthouseSample[] = [];
    for (let run = 1; run <= runs; run++) {
      samples.push(await auditPage(url, tempDir('fresh'), false, keep('auth', run)));
      console.error(`/auth, first visit ${run}/${runs}: ${line(samples.at(-1)!)}`);
    }
    results.push(summarize('first visit to /auth (fresh profile)', url, samples));
  }

  if (pages.includes('products')) {
    const profileDir = tempDir('installed');
    await prepareInstalledProfile(profileDir, server.url, products);
    const url = `${server.url}/products`;
    const samples: LighthouseSample[] = [];
    for (let run = 1; run <= runs; run++) {
      samples.push(await auditPage(url, profileDir, true, keep('products', run)));
      console.error(`/products, installed ${run}/${runs}: ${line(samples.at(-1)!)}`);
    }
    results.push(
      summarize(`/products of an installed profile (${products} products, service worker, storage kept)`, url, samples),
    );
  }

  const chromium = execFileSync(chromiumPath(), ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default
    .version as string;
  console.log(
    `\nlighthouse ${lighthouseVersion} benchmark: built app, real server (embedded database), ${chromium} headless, node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log(
    `mobile defaults: emulated phone, simulated slow 4G and 4× CPU slowdown; median of ${runs} runs per page`,
  );
  console.log(`1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);
  console.table(
    results.map((r) => ({
      page: r.page,
      performance: r.median.performance,
      accessibility: r.median.accessibility,
      'best practices': r.median.bestPractices,
      'TBT ms': r.median.tbtMs,
      'LCP ms': r.median.lcpMs,
      'FCP ms': r.median.fcpMs,
    })),
  );
  for (const r of results) {
    console.log(`${r.page}: performance per run ${r.runs.map((s) => s.performance).join(' / ')}`);
    const failing = [...new Set(r.runs.flatMap((s) => s.failing.map((f) => `${f.id} (${f.title})`)))];
    if (failing.length) console.log(`  not passing: ${failing.join('; ')}`);
    const top = r.runs.at(-1)!.bootup.slice(0, 3);
    if (top.length)
      console.log(
        `  main thread by script (last run): ${top.map((b) => `${b.url.replace(server.url, '')} ${b.totalMs} ms`).join(', ')}`,
      );
  }
  for (const note of [
    'Lighthouse simulates the network and CPU (Lantern) from what it observed here: the 4× slowdown multiplies main-thread tasks, so other work on these 2 shared cores raises TBT',
    'all on loopback, so the simulated slow 4G decides what the transfer sizes cost, and text compression counts',
  ])
    console.log(`note: ${note}`);

  const result = {
    benchmark: 'lighthouse',
    date: new Date().toISOString(),
    lighthouse: lighthouseVersion,
    node: process.version,
    chromium,
    cpus: cpus().length,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    pages: results,
  };
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
