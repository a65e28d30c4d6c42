import { cpus, loadavg } from 'node:os';
import Fastify from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchUser,
  load,
  median,
  seedCatalog,
  startBenchServer,
  startInstance,
  writeResult,
  type LoadSample,
} from './helpers/pg-bench.ts';

/**
 * The products list (GET /api/v1/products/all/, figures derived from lots, reserves and
 * markdowns in SQL) over 100,000 products and 300,000 lots on PostgreSQL, loaded alternately with
 * the bare /api/health route in one run: requests per second, the ratio, p50 and p99. The same
 * page is also asked of a second instance with PAGE_CACHE_MB=0, where every request reads the
 * database, as the first read after each of the seller's writes does; and one page is timed
 * in process (the repository's statement alone) to show what the database costs.
 * Targets (issue 14): the list at ≥ 25% of the health rate, p99 ≤ 50 ms at 50 connections.
 * BENCH_PG_URL names the server (default: the local one); the bench makes its own database there.
 */
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const lotsPerProduct = 3;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 50;
const resultFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'products-pg.json');

const server = await startBenchServer('products');
const uncached = await startInstance(server.url, { PAGE_CACHE_MB: '0' });
try {
  const user = await benchUser(server.base, 'bench-pg@example.ru');
  const seeded = await seedCatalog(server.url, user.id, { products, lotsPerProduct, reservesAndMarkdowns: true });
  console.error(`seeded ${JSON.stringify(seeded)}`);

  const firstPage = '/api/v1/products/all/?page=1&page_size=50';
  const routes = [
    { name: 'hello', base: server.base, path: '/api/health', headers: {} as Record<string, string> },
    { name: 'products', base: server.base, path: firstPage, headers: user.auth },
    { name: 'products by count', base: server.base, path: `${firstPage}&order_by=-count`, headers: user.auth },
    {
      name: 'products, every read from the database (PAGE_CACHE_MB=0)',
      base: uncached.base,
      path: firstPage,
      headers: user.auth,
    },
  ];
  for (const route of routes) await load(route.base + route.path, route.headers, connections, 1);

  // The statement alone, one at a time in process: what PostgreSQL and the driver cost per page.
  const statementMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await server.app.repos.products.listJson(user.id, {
      page: 1,
      pageSize: 50,
      search: '',
      orderBy: 'name',
      descending: false,
      availableOnly: false,
    });
    statementMs.push(performance.now() - started);
  }
  console.error(`page statement alone: median ${median(statementMs).toFixed(2)} ms over ${statementMs.length}`);
  const samples = new Map(routes.map((r) => [r.name, [] as LoadSample[]]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? routes : [...routes].reverse();
    for (const route of order) {
      const s = await load(route.base + route.path, route.headers, connections, seconds);
      samples.get(route.name)!.push(s);
      console.error(
        `round ${round + 1}/${rounds} ${route.name}: ${s.reqPerSec.toFixed(0)} req/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`,
      );
    }
  }
  const summary = routes.map((route) => ({
    route: `GET ${route.path}${route.base === uncached.base ? ' (no page cache)' : ''}`,
    name: route.name,
    medianReqPerSec: median(samples.get(route.name)!.map((s) => s.reqPerSec)),
    medianP50Ms: median(samples.get(route.name)!.map((s) => s.p50Ms)),
    medianP99Ms: median(samples.get(route.name)!.map((s) => s.p99Ms)),
    rounds: samples.get(route.name),
  }));
  const hello = summary[0]!;

  // What this machine gives at best: bare Fastify (no routes, hooks or database) answering
  // {"status":"ok"} and the products page's own bytes, loaded the same way. The list cannot beat
  // the ratio of these two, whatever the server does to make the page.
  const page = await (await fetch(server.base + firstPage, { headers: user.auth })).text();
  const bare = Fastify();
  bare.get('/ok', async () => ({ status: 'ok' }));
  bare.get('/page', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
  const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
  const ceiling: Record<string, LoadSample[]> = { ok: [], page: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 === 0 ? ['ok', 'page'] : ['page', 'ok']) {
        const s = await load(`${bareBase}/${name}`, {}, connections, seconds);
        ceiling[name]!.push(s);
        console.error(
          `round ${round + 1}/${rounds} bare fastify ${name}: ${s.reqPerSec.toFixed(0)} req/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`,
        );
      }
    }
  } finally {
    await bare.close();
  }
  const bareOk = median(ceiling.ok!.map((s) => s.reqPerSec));
  const barePage = median(ceiling.page!.map((s) => s.reqPerSec));

  console.log(
    `\nproducts list vs hello on PostgreSQL: ${seeded.products} products, ${seeded.lots} lots, ${connections} connections, ${rounds} rounds × ${seconds} s, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(
    summary.map((s) => ({
      route: s.route,
      'median req/s': Math.round(s.medianReqPerSec),
      'median p50 ms': s.medianP50Ms,
      'median p99 ms': s.medianP99Ms,
      'ratio to hello': (s.medianReqPerSec / hello.medianReqPerSec).toFixed(3),
    })),
  );
  console.log(
    `ceiling: bare Fastify sends the page's ${Buffer.byteLength(page)} bytes at ${Math.round(barePage)} req/s (p99 ${median(ceiling.page!.map((s) => s.p99Ms))} ms) against {"status":"ok"} at ${Math.round(bareOk)} req/s: ratio ${(barePage / bareOk).toFixed(3)}`,
  );
  console.log(`the page's statement alone, one at a time in process: median ${median(statementMs).toFixed(2)} ms`);
  console.log('targets: ratio to hello ≥ 0.25 and p99 ≤ 50 ms');
  writeResult(resultFile, {
    benchmark: 'products-pg',
    date: new Date().toISOString(),
    loadAverage: loadavg(),
    ...seeded,
    connections,
    seconds,
    rounds,
    routes: summary,
    statementMedianMs: median(statementMs),
    ceiling: {
      pageBytes: Buffer.byteLength(page),
      bareOkReqPerSec: bareOk,
      barePageReqPerSec: barePage,
      rounds: ceiling,
    },
  });
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await uncached.close();
  await server.close();
}
