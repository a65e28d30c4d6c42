import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchUser,
  load,
  median,
  seedCatalog,
  startBenchServer,
  writeResult,
  type LoadSample,
} from './helpers/pg-bench.ts';

/**
 * The sync pull of a fresh device (GET /api/v1/sync/pull from cursor 0 until has_more is false, in
 * pages of 5,000 as src/sync/transports.ts asks) over 10,000 products with their listings and
 * 30,000 lots on PostgreSQL: rows served per second, alternating in one run with the bare
 * /api/health route under 50 connections as the baseline of what the machine gives.
 * Target (issue 14): ≥ 20,000 rows/s.
 */
const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const lotsPerProduct = 3;
const pageSize = 5000;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 50;
const resultFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'pull-pg.json');

interface PullSample {
  rows: number;
  pages: number;
  seconds: number;
  rowsPerSec: number;
}

const server = await startBenchServer('pull');
try {
  const user = await benchUser(server.base, 'bench-pull@example.ru');
  const seeded = await seedCatalog(server.url, user.id, { products, lotsPerProduct, reservesAndMarkdowns: false });
  console.error(`seeded ${JSON.stringify(seeded)}`);
  const expected = seeded.products + seeded.listings + seeded.lots;

  /** Every page in turn, parsed as the device parses it. */
  const pullAll = async (): Promise<PullSample> => {
    const started = performance.now();
    let since = 0;
    let rows = 0;
    let pages = 0;
    for (;;) {
      const res = await fetch(`${server.base}/api/v1/sync/pull?since=${since}&limit=${pageSize}`, {
        headers: user.auth,
      });
      if (!res.ok) throw new Error(`pull: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as { cursor: number; has_more: boolean; changes: unknown[] };
      rows += page.changes.length;
      pages++;
      since = page.cursor;
      if (!page.has_more) break;
    }
    const took = (performance.now() - started) / 1000;
    // A short pull would flatter the figure.
    if (rows < expected) throw new Error(`pulled ${rows} rows, expected at least ${expected}`);
    return { rows, pages, seconds: took, rowsPerSec: rows / took };
  };

  await pullAll();
  await load(`${server.base}/api/health`, {}, connections, 1);
  const hello: LoadSample[] = [];
  const pulls: PullSample[] = [];
  for (let round = 0; round < rounds; round++) {
    const steps = [
      async () => {
        const s = await load(`${server.base}/api/health`, {}, connections, seconds);
        hello.push(s);
        console.error(`round ${round + 1}/${rounds} hello: ${s.reqPerSec.toFixed(0)} req/s, p99 ${s.p99Ms} ms`);
      },
      async () => {
        const s = await pullAll();
        pulls.push(s);
        console.error(
          `round ${round + 1}/${rounds} pull: ${s.rows} rows in ${s.pages} pages, ${s.seconds.toFixed(2)} s, ${s.rowsPerSec.toFixed(0)} rows/s`,
        );
      },
    ];
    for (const step of round % 2 === 0 ? steps : steps.reverse()) await step();
  }
  const helloRate = median(hello.map((s) => s.reqPerSec));
  const rowsPerSec = median(pulls.map((s) => s.rowsPerSec));
  console.log(
    `\nfresh-device pull vs hello on PostgreSQL: ${seeded.products} products, ${seeded.listings} listings, ${seeded.lots} lots, pages of ${pageSize}, ${rounds} rounds, ${cpus().length} CPUs`,
  );
  console.table([
    { measure: 'GET /api/health, 50 connections', median: `${Math.round(helloRate)} req/s` },
    {
      measure: `GET /api/v1/sync/pull, one device, since=0`,
      median: `${Math.round(rowsPerSec)} rows/s (${median(pulls.map((s) => s.seconds)).toFixed(2)} s)`,
    },
    { measure: 'rows/s per hello req/s', median: (rowsPerSec / helloRate).toFixed(2) },
  ]);
  console.log('target: ≥ 20,000 rows/s');
  writeResult(resultFile, {
    benchmark: 'pull-pg',
    date: new Date().toISOString(),
    ...seeded,
    pageSize,
    connections,
    seconds,
    rounds,
    helloMedianReqPerSec: helloRate,
    pullMedianRowsPerSec: rowsPerSec,
    hello,
    pulls,
  });
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await server.close();
}
