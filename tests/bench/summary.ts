import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round1 } from './client/profile.ts';
import { writeResult } from './helpers/pg-bench.ts';

/**
 * The five figures of issue 14 side by side with their baselines, from the JSON the benchmarks
 * just wrote (`npm run bench` runs them first): each with its ratio, its target and whether this
 * run met it. Writes tests/bench/results/summary.json.
 */
const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

function read<T>(name: string): T | undefined {
  const file = path.join(results, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

interface Timing {
  ms: number;
}
interface ClientResult {
  date: string;
  loadAverage: { start: number; end: number };
  coldStart: { medianFcpMs: number; medianShellMs: number; medianListMs: number; runs: number };
  drain: {
    edits: number;
    loopback: { outboxMs: { median: number }; oneByOneMs: { median: number }; ratio: number; rounds: number };
    slowLink: {
      roundTripMs: number;
      outboxMs: { median: number };
      oneByOneMs: { median: number };
      ratio: number;
      rounds: number;
    };
  };
  productsList: {
    runs: number;
    devices: { label: string; products: number; navigation: Timing[]; keystroke: Timing[] }[];
  };
  initialMirror: {
    rows: number;
    runs: number;
    medianPullMs: number;
    medianFloorMs: number;
    ratio: number;
    longestTaskMs: number;
    link?: { mbit: number; roundTripMs: number };
    medianSlowLinkMs?: number;
    slowLinkRatio?: number;
    medianWireBytesPerRow?: number;
  };
  firstScreen?: {
    products: number;
    lots: number;
    runs: number;
    loopback: { medianFirstRowMs: number; medianKeystrokeMs: number };
    slow: { medianFirstRowMs: number; medianKeystrokeMs: number };
    medianIdleSearchMs: number;
  };
}
interface WireResult {
  date: string;
  rows: number;
  ways: { way: string; 'bytes a row': number }[];
  appBytesPerRow: number;
}
interface ProductsPgResult {
  date: string;
  loadAverage?: number[];
  rounds: number;
  routes: { name: string; medianReqPerSec: number; medianP99Ms: number }[];
}
interface PullPgResult {
  date: string;
  rounds: number;
  helloMedianReqPerSec: number;
  pullMedianRowsPerSec: number;
}

interface Row {
  target: string;
  figure: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean;
}

const rows: Row[] = [];
const missing: string[] = [];
const fmt = (n: number, unit = 'ms') => `${round1(n)} ${unit}`;

const client = read<ClientResult>('client.json');
if (!client) missing.push('client.json (npm run bench:client)');
else {
  const m = client.initialMirror;
  rows.push({
    target: `1. sign-in → ${m.rows} rows mirrored`,
    figure: fmt(m.medianPullMs),
    baseline: `bulkPut of the same rows ${fmt(m.medianFloorMs)}`,
    ratio: `${m.ratio}×`,
    goal: `≤ 1.3×, no task > 200 ms (longest ${m.longestTaskMs} ms)`,
    met: m.ratio <= 1.3 && m.longestTaskMs <= 200,
  });
  const [large, small] = ['large', 'baseline'].map((l) => client.productsList.devices.find((d) => d.label === l)!);
  for (const [what, of, goal] of [
    ['navigation', (d: typeof large) => d!.navigation, 100],
    ['search keystroke', (d: typeof large) => d!.keystroke, 50],
  ] as const) {
    const [l, s] = [median(of(large).map((t) => t.ms)), median(of(small).map((t) => t.ms))];
    rows.push({
      target: `2. /products ${what}, ${large!.products} products`,
      figure: fmt(l),
      baseline: `${small!.products} products ${fmt(s)}`,
      ratio: `${round1((l / s) * 100) / 100}×`,
      goal: `≤ ${goal} ms, ≤ 1.3×`,
      met: l <= goal && l / s <= 1.3,
    });
  }
  const c = client.coldStart;
  rows.push({
    target: '3. offline cold start → list painted',
    figure: fmt(c.medianListMs),
    // An absolute target: the budget is its baseline; the shell (index.html from the service worker) shows where the
    // time starts.
    baseline: `budget 1000 ms (shell from the service worker ${fmt(c.medianShellMs)})`,
    ratio: `${round1((c.medianListMs / 1000) * 100) / 100} of the budget`,
    goal: '≤ 1000 ms',
    met: c.medianListMs <= 1000,
  });
  const d = client.drain;
  rows.push({
    target: `4. drain ${d.edits} edits, ${d.slowLink.roundTripMs} ms round trips`,
    figure: fmt(d.slowLink.outboxMs.median),
    baseline: `one by one ${fmt(d.slowLink.oneByOneMs.median)}`,
    ratio: `${d.slowLink.ratio.toFixed(2)}× faster`,
    goal: '≥ 10× faster',
    met: d.slowLink.ratio >= 10,
  });
  rows.push({
    target: `4. drain ${d.edits} edits, loopback`,
    figure: fmt(d.loopback.outboxMs.median),
    baseline: `one by one ${fmt(d.loopback.oneByOneMs.median)}`,
    ratio: `${d.loopback.ratio.toFixed(2)}× faster`,
    goal: '≥ 1× (no slower)',
    met: d.loopback.ratio >= 1,
  });
}

const list = read<ProductsPgResult>('products-pg.json');
if (!list) missing.push('products-pg.json (npm run bench:products-pg)');
else {
  const hello = list.routes.find((r) => r.name === 'hello')!;
  for (const r of list.routes.filter((x) => x.name !== 'hello')) {
    const ratio = r.medianReqPerSec / hello.medianReqPerSec;
    rows.push({
      target: `5. ${r.name}, 100k products`,
      figure: `${Math.round(r.medianReqPerSec)} req/s, p99 ${r.medianP99Ms} ms`,
      baseline: `/api/health ${Math.round(hello.medianReqPerSec)} req/s`,
      ratio: ratio.toFixed(3),
      goal: '≥ 0.25, p99 ≤ 50 ms',
      met: ratio >= 0.25 && r.medianP99Ms <= 50,
    });
  }
}

const pull = read<PullPgResult>('pull-pg.json');
if (!pull) missing.push('pull-pg.json (npm run bench:pull-pg)');
else
  rows.push({
    target: '5. fresh-device pull, 50,000 rows',
    figure: `${Math.round(pull.pullMedianRowsPerSec)} rows/s`,
    baseline: `/api/health ${Math.round(pull.helloMedianReqPerSec)} req/s`,
    ratio: `${(pull.pullMedianRowsPerSec / pull.helloMedianReqPerSec).toFixed(2)} rows per health request`,
    goal: '≥ 20,000 rows/s',
    met: pull.pullMedianRowsPerSec >= 20_000,
  });

/** Issue 26: a year of business on a slow link. */
const rows26: Row[] = [];
const wire = read<WireResult>('wire-bytes.json');
if (!wire) missing.push('wire-bytes.json (npm run bench:wire)');
else
  rows26.push({
    target: `1. bytes a row on the wire, fresh device's pull of ${wire.rows} rows`,
    figure: `${wire.appBytesPerRow} B (columns, brotli)`,
    baseline: `list pages uncompressed ${wire.ways[0]!['bytes a row']} B`,
    ratio: (wire.appBytesPerRow / wire.ways[0]!['bytes a row']).toFixed(3),
    goal: '≤ 60 B a row',
    met: wire.appBytesPerRow <= 60,
  });
const mirror = client?.initialMirror;
if (mirror?.slowLinkRatio !== undefined)
  rows26.push({
    target: `2. initial mirror through ${mirror.link!.mbit} Mbit/s, ${mirror.link!.roundTripMs} ms (${mirror.medianWireBytesPerRow} B a row)`,
    figure: fmt(mirror.medianSlowLinkMs!),
    baseline: `loopback ${fmt(mirror.medianPullMs)}`,
    ratio: `${mirror.slowLinkRatio}×`,
    goal: '≤ 1.3×',
    met: mirror.slowLinkRatio <= 1.3,
  });
else if (client) missing.push('client.json without the slow-link mirror (npm run bench:client)');
const first = client?.firstScreen;
if (first) {
  const worst = (k: 'medianFirstRowMs' | 'medianKeystrokeMs') => Math.max(first.loopback[k], first.slow[k]);
  rows26.push({
    target: `3. sign-in → first row of /products (${first.products} products, mirror filling)`,
    figure: `${fmt(first.loopback.medianFirstRowMs)} loopback, ${fmt(first.slow.medianFirstRowMs)} slow link`,
    baseline: 'budget 1500 ms',
    ratio: `${(worst('medianFirstRowMs') / 1500).toFixed(2)} of the budget`,
    goal: '≤ 1500 ms',
    met: worst('medianFirstRowMs') <= 1500,
  });
  rows26.push({
    target: '3. search keystroke → results while the mirror fills',
    figure: `${fmt(first.loopback.medianKeystrokeMs)} loopback, ${fmt(first.slow.medianKeystrokeMs)} slow link`,
    baseline: `the same search on the idle server ${fmt(first.medianIdleSearchMs)}`,
    ratio: `${(worst('medianKeystrokeMs') / first.medianIdleSearchMs).toFixed(2)}× the idle search`,
    goal: '≤ 300 ms',
    met: worst('medianKeystrokeMs') <= 300,
  });
} else if (client) missing.push('client.json without the first screen (npm run bench:client)');

console.log(
  `\nissue 14 targets (medians; ${cpus().length} CPUs; 1-minute load average now ${loadavg()[0]!.toFixed(2)}${client ? `, ${client.loadAverage.start.toFixed(2)} at the client bench's start` : ''})`,
);
console.table(rows.map((r) => ({ ...r, met: r.met ? 'yes' : 'NO' })));
console.log('\nissue 26 targets (medians)');
console.table(rows26.map((r) => ({ ...r, met: r.met ? 'yes' : 'NO' })));
for (const m of missing) console.log(`missing: ${m}`);
writeResult(path.join(results, 'summary.json'), {
  benchmark: 'summary',
  date: new Date().toISOString(),
  loadAverage: loadavg(),
  sources: { client: client?.date, productsPg: list?.date, pullPg: pull?.date, wire: wire?.date },
  rows,
  issue26: rows26,
  missing,
});
console.log(`written: ${path.relative(process.cwd(), path.join(results, 'summary.json'))}`);
