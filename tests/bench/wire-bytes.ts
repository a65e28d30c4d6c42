import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { benchUser, median, seedCatalog, startBenchServer, writeResult } from './helpers/pg-bench.ts';

/**
 * Target 1 of issue 26: the bytes a fresh device's pull of 10,000 products (one listing each) and
 * 30,000 lots puts on the wire, a row — the device's way (pages of 5,000 in columns, brotli) beside
 * the baseline of the same pull as it went before (pages as a list, no compression) and the other
 * mixes, all in the same run on the same rows. Bytes are the answers' bodies as they left the
 * server plus their headers; each page is decompressed and checked to hold the rows it should.
 * Also how long each way takes on loopback (compressing costs the server CPU).
 * Target: ≤ 60 bytes a row. Writes tests/bench/results/wire-bytes.json.
 */
const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const pageSize = 5000;
const resultFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'wire-bytes.json');

interface Way {
  name: string;
  format: 'rows' | 'columns';
  encoding: 'identity' | 'gzip' | 'br';
}
const ways: Way[] = [
  { name: 'baseline: list pages, uncompressed (before issue 26)', format: 'rows', encoding: 'identity' },
  { name: 'list pages, gzip', format: 'rows', encoding: 'gzip' },
  { name: 'list pages, brotli', format: 'rows', encoding: 'br' },
  { name: 'columns, gzip', format: 'columns', encoding: 'gzip' },
  { name: 'columns, brotli (the app)', format: 'columns', encoding: 'br' },
];

/** One GET with its answer as it crossed the wire: node's http decompresses nothing. */
function get(url: string, headers: Record<string, string>): Promise<{ body: Buffer; wire: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          const raw = Buffer.concat(chunks);
          const headerBytes = res.rawHeaders.reduce((n, h) => n + h.length + 2, 16);
          resolve({ body: raw, wire: raw.length + headerBytes, encoding: res.headers['content-encoding'] });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = (body: Buffer, encoding?: string) =>
  JSON.parse(
    (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString(),
  );

const server = await startBenchServer('wire');
try {
  const user = await benchUser(server.base, 'bench-wire@example.ru');
  const seeded = await seedCatalog(server.url, user.id, { products, lotsPerProduct: 3, reservesAndMarkdowns: false });
  const expected = seeded.products + seeded.listings + seeded.lots;
  console.error(`seeded ${JSON.stringify(seeded)}`);
  const load = { start: loadavg()[0]! };

  const pullAll = async (way: Way) => {
    const started = performance.now();
    let since = 0;
    let rows = 0;
    let wire = 0;
    for (;;) {
      const url = `${server.base}/api/v1/sync/pull?since=${since}&limit=${pageSize}&format=${way.format}`;
      const headers = { ...user.auth, 'accept-encoding': way.encoding };
      const { body, wire: bytes, encoding } = await get(url, headers);
      if ((encoding ?? 'identity') !== way.encoding) throw new Error(`${way.name}: answered ${encoding}`);
      const page = decode(body, encoding) as {
        cursor: number;
        has_more: boolean;
        changes?: unknown[];
        tables?: { rows: unknown[] }[];
      };
      rows += page.changes?.length ?? page.tables!.reduce((n, t) => n + t.rows.length, 0);
      wire += bytes;
      since = page.cursor;
      if (!page.has_more) break;
    }
    if (rows !== expected) throw new Error(`${way.name}: ${rows} rows, expected ${expected}`);
    return { bytesPerRow: wire / rows, ms: performance.now() - started };
  };

  const samples = new Map<string, { bytesPerRow: number; ms: number }[]>(ways.map((w) => [w.name, []]));
  for (let round = 1; round <= rounds; round++) for (const way of ways) samples.get(way.name)!.push(await pullAll(way));
  load.start = Math.round(load.start * 100) / 100;
  const end = Math.round(loadavg()[0]! * 100) / 100;

  const baseline = samples.get(ways[0]!.name)!;
  const table = ways.map((way) => {
    const s = samples.get(way.name)!;
    const bytes = median(s.map((x) => x.bytesPerRow));
    return {
      way: way.name,
      'bytes a row': Math.round(bytes * 10) / 10,
      'of baseline': Math.round((bytes / median(baseline.map((x) => x.bytesPerRow))) * 1000) / 1000,
      'pull ms (loopback)': Math.round(median(s.map((x) => x.ms))),
    };
  });
  console.log(
    `\nwire bytes of a fresh device's pull: ${expected} rows (${seeded.products} products, ${seeded.listings} listings, ${seeded.lots} lots), median of ${rounds} rounds; load average ${load.start} → ${end}`,
  );
  console.table(table);
  const app = table.at(-1)!;
  console.log(`the app's way: ${app['bytes a row']} bytes a row (target ≤ 60)`);
  writeResult(resultFile, {
    date: new Date().toISOString(),
    loadAverage: { start: load.start, end },
    rows: expected,
    rounds,
    ways: table,
    appBytesPerRow: app['bytes a row'],
  });
} finally {
  await server.close();
}
