import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { positiveInt } from './helpers/env.ts';
import { median, startInstance } from './helpers/pg-bench.ts';

/**
 * GET /api/v1/markets/ (auth + a database read + decrypting 20 store keys) against the bare
 * /api/health route, loaded alternately in one run so both see the same machine state; the
 * ratio says how much of the markets cost is ours rather than Fastify's and the machine's.
 */
const seconds = positiveInt('BENCH_SECONDS', 5);
const rounds = positiveInt('BENCH_ROUNDS', 3);
const connections = 50;
const stores = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultFile = path.join(here, 'results', 'markets-vs-hello.json');

const server = await startInstance(undefined);

try {
  const base = server.base;
  const call = async (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = 'bench@example.ru';
  const password = 'bench-password-123';
  await call('POST', '/api/v1/users/signup/', { login, password, first_name: 'Бенч', last_name: 'Тест' });
  const tokens = await call('POST', '/api/v1/users/login/', { login, password, email: login });
  const auth = { authorization: `Bearer ${String(tokens.access_token)}` };
  for (let i = 1; i <= stores; i++) {
    const body = {
      market_id: `bench-${i}`,
      name: `Магазин ${i}`,
      description: 'для нагрузочного теста',
      marketplace: 'OZON',
      access_token: `key-${i}-0123456789abcdef`,
    };
    await call('POST', '/api/v1/markets/add/', body, auth);
  }

  const routes = [
    { name: 'hello', path: '/api/health', headers: {} as Record<string, string> },
    { name: 'markets', path: '/api/v1/markets/', headers: auth },
  ];

  // The load generator runs in a worker thread so the server keeps the main event loop to itself.
  const load = async (route: (typeof routes)[number], duration: number) => {
    const r = await autocannon({ url: base + route.path, connections, duration, headers: route.headers, workers: 1 });
    const bad = r.non2xx + r.errors + r.timeouts;
    if (bad > 0) throw new Error(`${route.path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    return { reqPerSec: r.requests.average, p99Ms: r.latency.p99, requests: r.requests.total };
  };

  for (const route of routes) await load(route, 1); // warm-up: JIT and connection pools, not measured
  const samples: Record<string, { reqPerSec: number; p99Ms: number; requests: number }[]> = { hello: [], markets: [] };
  for (let round = 0; round < rounds; round++) {
    // Swap the order every round so neither route always runs on a warmer (or hotter) machine.
    const order = round % 2 === 0 ? routes : [...routes].reverse();
    for (const route of order) {
      const s = await load(route, seconds);
      samples[route.name]!.push(s);
      console.error(`round ${round + 1}/${rounds} ${route.name}: ${s.reqPerSec.toFixed(0)} req/s, p99 ${s.p99Ms} ms`);
    }
  }

  const summary = routes.map((route) => ({
    route: `GET ${route.path}`,
    name: route.name,
    medianReqPerSec: median(samples[route.name]!.map((s) => s.reqPerSec)),
    medianP99Ms: median(samples[route.name]!.map((s) => s.p99Ms)),
    rounds: samples[route.name],
  }));
  const [hello, markets] = summary as [(typeof summary)[0], (typeof summary)[0]];
  const ratio = markets.medianReqPerSec / hello.medianReqPerSec;

  console.log(
    `\nmarkets vs hello: ${connections} connections, ${rounds} rounds × ${seconds} s, ${stores} stores, node ${process.version}, ${cpus().length} CPUs`,
  );
  console.table(
    summary.map((s) => ({
      route: s.route,
      'median req/s': Math.round(s.medianReqPerSec),
      'median p99 ms': s.medianP99Ms,
    })),
  );
  console.log(`ratio markets/hello (req/s): ${ratio.toFixed(3)}`);

  mkdirSync(path.dirname(resultFile), { recursive: true });
  const result = {
    benchmark: 'markets-vs-hello',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    connections,
    seconds,
    rounds,
    stores,
    routes: summary,
    ratioReqPerSec: ratio,
  };
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await server.close();
}
