import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { positiveInt } from './helpers/env.ts';
import { measureBacklog, type BacklogResult } from './helpers/orders-backlog.ts';
import { measureRate, ProductPool, type RatePlan, type RateResult } from './helpers/orders-latency.ts';
import { startOrdersBench, type OrdersBench } from './helpers/orders-setup.ts';
import { writeResult } from './helpers/pg-bench.ts';

/**
 * `npm run bench:orders` (issue 22): with the sandbox enforcing the real limits and the server in process,
 *
 * a) order → other marketplaces' stock: an order on one store's sandbox, then the other two stores' sandbox stock
 *    watched until it shows one unit less; p50/p95 at 1, 10 and 100 orders a minute per store, split into
 *    order → intake (the reserve appears) and intake → stock; with the intake every 60 s (the default) and every 30 s.
 *    Run lengths give ≥ 20 orders per rate within minutes: at 1 a minute, BENCH_ORDERS_SELLERS sellers (4: 12 stores)
 *    order for 2 minutes (24 orders); at 10 and 100 a minute, one seller (3 stores) for 1 minute (30) and 30 s (150).
 *    After each rate the bench waits for its last orders (at most the interval + 90 s) before the next.
 * b) backlog: BENCH_ORDERS_BACKLOG (10,000) orders waiting in the sandbox when a seller's intake is turned on, timed
 *    until every order is stored and booked, against the floor the order calls' rate limits allow.
 *
 * On the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL names one (the bench makes
 * and drops a database of its own there). BENCH_ORDERS_STAND_IN=1 measures intake → stock alone, the bench writing
 * each order's reserve through the API as the intake would (for a server without the intake); its rows say so.
 * Writes tests/bench/results/orders.json.
 */

const offersPerStore = positiveInt('BENCH_ORDERS_OFFERS', 600);
const sellers = positiveInt('BENCH_ORDERS_SELLERS', 4);
const backlogOrders = positiveInt('BENCH_ORDERS_BACKLOG', 10_000);
const intervals = (process.env.BENCH_ORDERS_INTERVALS ?? '60,30').split(',').map((s) => Number(s.trim()));
if (intervals.some((i) => !Number.isInteger(i) || i < 30))
  throw new Error('BENCH_ORDERS_INTERVALS: whole seconds, 30 at least, e.g. "60,30"');
const standIn = process.env.BENCH_ORDERS_STAND_IN === '1';
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const resultFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'orders.json');
const log = (line: string) => console.error(line);
const loadAtStart = loadavg()[0]!;

const rates = (allSellers: number[]): Array<Omit<RatePlan, 'drainMs' | 'standIn'>> => [
  { sellers: allSellers, perMinute: 1, seconds: 120 },
  { sellers: [0], perMinute: 10, seconds: 60 },
  { sellers: [0], perMinute: 100, seconds: 30 },
];

interface LatencyRow extends RateResult {
  database: string;
  intakeSeconds: number;
  standIn: boolean;
}

async function setIntervals(bench: OrdersBench, seconds: number): Promise<void> {
  for (const seller of bench.sellers)
    for (const s of seller.stores)
      await seller.api.call('PATCH', `/api/v1/markets/${encodeURIComponent(s.marketId)}/`, {
        order_intake_interval: seconds,
      });
}

async function latency(pgUrl: string | undefined): Promise<LatencyRow[]> {
  const bench = await startOrdersBench({
    sellers,
    offersPerStore,
    intakeSeconds: intervals[0]!,
    pgAdminUrl: pgUrl,
    log,
  });
  const rows: LatencyRow[] = [];
  try {
    const pool = new ProductPool();
    const all = bench.sellers.map((_, k) => k);
    for (const [i, intakeSeconds] of intervals.entries()) {
      if (i > 0) {
        await setIntervals(bench, intakeSeconds);
        // A run already scheduled keeps its moment: after one old interval every store is on the new one.
        await new Promise((r) => setTimeout(r, (intervals[i - 1]! + 5) * 1000));
      }
      for (const plan of rates(all)) {
        log(
          `${bench.database}, intake every ${intakeSeconds} s: ${plan.perMinute}/min on ${plan.sellers.length * 3} stores for ${plan.seconds} s${standIn ? ' (stand-in intake)' : ''}`,
        );
        const { result } = await measureRate(bench, pool, {
          ...plan,
          drainMs: (intakeSeconds + 90) * 1000,
          standIn,
        });
        rows.push({ ...result, database: bench.database, intakeSeconds, standIn });
        if (result.complete === 0)
          throw new Error(
            'no order reached the other marketplaces: is the order intake running (ORDER_INTAKE_ENABLED, server/orders/)? BENCH_ORDERS_STAND_IN=1 measures the push alone',
          );
      }
    }
  } finally {
    await bench.close();
  }
  return rows;
}

async function backlog(pgUrl: string | undefined): Promise<BacklogResult & { database: string }> {
  const bench = await startOrdersBench({
    sellers: 1,
    offersPerStore,
    intakeSeconds: intervals[0]!,
    intakeOn: false,
    pgAdminUrl: pgUrl,
    log,
  });
  try {
    return {
      ...(await measureBacklog(bench, bench.sellers[0]!, backlogOrders, 30 * 60_000, log)),
      database: bench.database,
    };
  } finally {
    await bench.close();
  }
}

const s = (ms: number) => (Number.isNaN(ms) ? '—' : (ms / 1000).toFixed(1));
const databases: Array<string | undefined> = [undefined, ...(pgAdminUrl ? [pgAdminUrl] : [])];
const latencyRows: LatencyRow[] = [];
const backlogs: Array<BacklogResult & { database: string }> = [];
for (const db of databases) {
  latencyRows.push(...(await latency(db)));
  if (!standIn) backlogs.push(await backlog(db));
}

console.log(
  `\norder → other marketplaces' stock (issue 22 target: p95 ≤ 60 s); sandbox with the real limits, app in process, node ${process.version}, ${cpus().length} CPUs, 1-minute load average ${loadAtStart.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
);
console.table(
  latencyRows.map((r) => ({
    database: r.database,
    'intake every': `${r.intakeSeconds} s`,
    'orders/min/store': r.perMinute,
    stores: r.stores,
    run: `${r.seconds} s`,
    orders: r.orders,
    'reached both': r.complete,
    'p50 s': s(r.totalMs.p50),
    'p95 s': s(r.totalMs.p95),
    'order→intake p50/p95 s': r.standIn ? 'stand-in' : `${s(r.intakeMs.p50)} / ${s(r.intakeMs.p95)}`,
    'intake→stock p50/p95 s': `${s(r.pushMs.p50)} / ${s(r.pushMs.p95)}`,
    'max s': s(r.totalMs.max),
    'p95 ≤ 60 s': r.standIn ? '—' : r.complete === r.orders && r.totalMs.p95 <= 60_000 ? 'yes' : 'NO',
  })),
);
for (const b of backlogs) {
  console.log(
    `\nbacklog (${b.database}): ${b.orders} orders waiting; stored in ${b.storedSeconds.toFixed(1)} s, booked in ${b.bookedSeconds.toFixed(1)} s; floor by the rate limits ${b.floorSeconds.toFixed(1)} s; ratio ${b.ratio.toFixed(2)} (from the first order call served: ${b.fromFirstRequestSeconds.toFixed(1)} s, ratio ${b.ratioFromFirstRequest.toFixed(2)})`,
  );
  console.table(
    b.stores.map((st) => ({
      marketplace: st.marketplace,
      orders: st.orders,
      'requests needed': st.requestsNeeded,
      'requests made': st.requestsMade,
      'floor s': Number(st.floorSeconds.toFixed(2)),
      'feed and limit': st.how,
    })),
  );
}
for (const note of [
  "latency: the sandbox answered POST /__sandbox/postings/{mp} → both other stores' sandbox stock shows one unit less (polled every 100 ms); order→intake ends at the reserve's created_at",
  "the floor: requests the feeds need at the adapters' page sizes ÷ the allowed rate, the slowest store (stores are taken in side by side); a window quota (YM 10,000/hour, WB burst 20) lets that many go at once, so the wire itself can beat it",
])
  console.log(`note: ${note}`);

writeResult(resultFile, {
  benchmark: 'orders',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: { start: loadAtStart, end: loadavg()[0] },
  settings: { offersPerStore, sellers, intervals, standIn, backlogOrders },
  latency: latencyRows,
  backlog: backlogs,
});
console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
