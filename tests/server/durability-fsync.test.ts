import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { freePort } from './helpers/server-process.ts';
import { testDbKind } from './helpers/test-database.ts';

/*
 * The embedded database's commits reach the disk before their answer (server/db/durability.ts), shown on the real
 * server process under strace: every system call fsync, and every write of an answer to the client's TCP socket,
 * in order. For receipts sent one after another, each answer must follow an fsync of a WAL file (pg_wal/) made
 * since the previous answer. Without the fix the same run makes no fsync at all (issue 23: 50 receipts, 0 fsync).
 * PostgreSQL syncs by itself: this runs on the embedded engine only.
 */

const RECEIPTS = 20;

const hasStrace = (() => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

describe.runIf(testDbKind === 'pglite')('embedded database durability', () => {
  it('fsyncs the WAL before each acknowledged write is answered', async () => {
    expect(hasStrace, 'strace is needed (apt-get install -y strace; .ci/run installs it)').toBe(true);
    dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-fsync-'));
    // The cluster is created beforehand: its first start is slow and not what is measured.
    await (await openDatabase({ embeddedDir: path.join(dataDir, 'db') })).close();
    const port = await freePort();
    const trace = path.join(dataDir, 'strace.txt');
    server = await startServer({
      port,
      dataDir,
      env: { LOG_LEVEL: 'silent' },
      wrap: ['strace', '-f', '-qq', '-yy', '-e', 'trace=fsync,fdatasync,write,writev', '-o', trace],
      readyMs: 180_000,
    });
    const login = `fsync-${Date.now()}@example.ru`;
    const password = 'correct horse battery';
    await post(server.url, '/api/v1/users/signup/', { login, password, first_name: 'Анна', last_name: 'Смирнова' });
    const token = (await post(server.url, '/api/v1/users/login/', { login, password, email: login }))
      .access_token as string;
    const [productId] = (await post(server.url, '/api/v1/products/warehouse/add/', [{ name: 'Кружка' }], token))
      .inserted_ids as string[];
    for (let i = 0; i < RECEIPTS; i++)
      await post(server.url, '/api/v1/inventory/', { product_id: productId, count: 1, price: 100 }, token);
    await server.stop('SIGTERM');

    // F: an fsync of a WAL file; A: a write to a client's socket of this server (one answer, maybe in pieces).
    const events: Array<'F' | 'A'> = [];
    for (const line of readFileSync(trace, 'utf8').split('\n')) {
      if (/\bf(data)?sync\(\d+<[^>]*\/pg_wal\/[^>]*>\) = 0/.test(line)) events.push('F');
      else if (new RegExp(`\\bwritev?\\(\\d+<TCP:\\[127\\.0\\.0\\.1:${port}->`).test(line)) events.push('A');
    }
    const collapsed = events.filter((event, i) => event !== events[i - 1]);
    const answers = collapsed.flatMap((event, i) => (event === 'A' ? [i] : []));
    const receiptAnswers = answers.slice(-RECEIPTS);
    expect(receiptAnswers).toHaveLength(RECEIPTS);
    // Each receipt's answer directly follows a WAL fsync made after the answer before it.
    expect(receiptAnswers.filter((i) => collapsed[i - 1] !== 'F')).toEqual([]);
    expect(events.filter((e) => e === 'F').length).toBeGreaterThanOrEqual(RECEIPTS);
  }, 300_000);
});
