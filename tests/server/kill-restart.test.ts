import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { pushUntilAnswered, restUntilAnswered, stockWrite, WriteLog } from './helpers/retrying-writer.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { freePort } from './helpers/server-process.ts';
import { runTool, tableDigests } from './helpers/table-digest.ts';
import { createTestDatabase, testDbKind } from './helpers/test-database.ts';

/*
 * The real server, as a process, killed with SIGKILL 10 times at random moments while 4 clients write receipts and
 * write-offs through REST and sync push, and restarted each time on the same data (a DATA_DIR folder, or the
 * PostgreSQL database). The clients retry with the same keys, as the app does. At the end: every acknowledged write
 * is there exactly once and nothing else is, no answer was a 5xx error, every lot's ledger sums to its count and each
 * product's stock to its receipts less its write-offs, and a backup restored elsewhere equals the source.
 */

const KILLS = 10;
const WRITERS = 4;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

async function rows<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

describe('kill -9 under concurrent writes', () => {
  it(`loses nothing acknowledged across ${KILLS} kills and restarts (${testDbKind})`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-kill-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (testDbKind === 'postgres') {
      const fresh = await createTestDatabase();
      cleanups.push(() => fresh.drop());
      databaseUrl = fresh.url;
    } else {
      // The first start of a folder creates the cluster (slow on a busy machine): done here, not in a server start.
      await (await openDatabase({ embeddedDir: path.join(dataDir, 'db') })).close();
    }
    const port = await freePort();
    const start = () => startServer({ port, dataDir, databaseUrl });
    let server: ServerProcess = await start();
    cleanups.push(() => server.stop('SIGKILL'));

    const login = `kill-${Date.now()}@example.ru`;
    const signup = await json(server.url, '/api/v1/users/signup/', {
      login,
      password: 'correct horse battery',
      first_name: 'Анна',
      last_name: 'Смирнова',
    });
    const userId = signup.id as string;
    const tokens = await json(server.url, '/api/v1/users/login/', {
      login,
      password: 'correct horse battery',
      email: login,
    });
    const token = tokens.access_token as string;
    const added = await json(
      server.url,
      '/api/v1/products/warehouse/add/',
      ['Кружка', 'Чайник', 'Ложка', 'Блюдце', 'Вилка', 'Нож'].map((name) => ({ name })),
      token,
    );
    const productIds = added.inserted_ids as string[];

    const log = new WriteLog();
    const base = () => server.url;
    let writing = true;
    const writers = Array.from({ length: WRITERS }, async (_, n) => {
      while (writing) {
        if (n % 2 === 0) await restUntilAnswered(base, token, stockWrite(productIds), log);
        else await pushUntilAnswered(base, token, [stockWrite(productIds), stockWrite(productIds)], log);
      }
    });

    const restarts: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      // Killed while writes flow: once a few were answered since the start (or after 10 s), at a random moment.
      const before = log.acknowledged.length;
      const waitUntil = performance.now() + 10_000;
      while (log.acknowledged.length < before + 3 && performance.now() < waitUntil) await pause(50);
      await pause(Math.random() * 800);
      await server.stop('SIGKILL');
      const began = performance.now();
      server = await start();
      restarts.push(Math.round(performance.now() - began));
      console.log(
        `kill ${kill + 1}: restarted in ${restarts.at(-1)} ms, ${log.acknowledged.length} acknowledged so far`,
      );
    }
    await pause(500);
    writing = false;
    await Promise.all(writers);
    await server.stop('SIGTERM');
    console.log(
      `kill-restart (${testDbKind}): ${log.acknowledged.length} acknowledged, ${log.refused.length} refused, ` +
        `${log.connectionErrors} lost connections, ${log.busyAnswers} busy answers retried; restarts ms ${restarts.join(' ')}`,
    );

    expect(log.serverErrors).toEqual([]);
    expect(log.acknowledged.length).toBeGreaterThan(KILLS * 2);

    const database = databaseUrl
      ? await openDatabase({ url: databaseUrl, embeddedDir: 'memory://' })
      : await openDatabase({ embeddedDir: path.join(dataDir, 'db') });
    const where = `user_id = '${userId}'`;
    const lotIds = (await rows<{ id: string }>(database, `select id from lots where ${where}`)).map((r) => r.id);
    const disposalIds = (await rows<{ id: string }>(database, `select id from disposals where ${where}`)).map(
      (r) => r.id,
    );
    const ackReceipts = log.acknowledged.filter((w) => w.kind === 'receipt');
    const ackWriteOffs = log.acknowledged.filter((w) => w.kind === 'writeOff');
    // Exactly the acknowledged writes: every one of them, once, and nothing a client was told failed.
    expect(lotIds.sort()).toEqual(ackReceipts.map((w) => w.id).sort());
    expect(disposalIds.sort()).toEqual(ackWriteOffs.map((w) => w.id).sort());
    expect(log.refused.every(({ status }) => status === 409 || status === 422)).toBe(true);

    const ledger = await rows<{ id: string; count: number; moved: number }>(
      database,
      `select l.id, l.count, coalesce(sum(m.delta), 0)::int as moved from lots l
         left join stock_movements m on m.lot_id = l.id where l.${where} group by l.id, l.count`,
    );
    expect(ledger.filter((l) => Number(l.count) !== Number(l.moved))).toEqual([]);
    const onHand = await rows<{ product_id: string; units: number }>(
      database,
      `select product_id, sum(count)::int as units from lots where ${where} group by product_id`,
    );
    const expected = new Map<string, number>();
    for (const w of log.acknowledged)
      expected.set(w.productId, (expected.get(w.productId) ?? 0) + (w.kind === 'receipt' ? w.count : -w.count));
    for (const { product_id, units } of onHand) expect(Number(units)).toBe(expected.get(product_id) ?? 0);
    const source = await tableDigests(database);
    await database.close();

    // A backup taken at the end, restored into a fresh DATA_DIR or database, equals the source.
    const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.backup`);
    cleanups.push(async () => rmSync(archive, { force: true }));
    const backup = await runTool(
      'backup',
      ['--out', archive],
      databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir },
    );
    expect(backup.code, backup.output).toBe(0);
    let restoredUrl: string | undefined;
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'ostatok-kill-restored-'));
    cleanups.push(async () => rmSync(restoredDir, { recursive: true, force: true }));
    if (databaseUrl) {
      const empty = await createTestDatabase();
      cleanups.push(() => empty.drop());
      // createTestDatabase migrates; restore needs an empty database: drop what it made.
      await empty.database.db.execute(
        sql.raw('drop schema public cascade; create schema public; drop schema if exists drizzle cascade'),
      );
      restoredUrl = empty.url;
    }
    const restore = await runTool(
      'restore',
      ['--from', archive],
      restoredUrl ? { DATABASE_URL: restoredUrl } : { DATA_DIR: restoredDir },
    );
    expect(restore.code, restore.output).toBe(0);
    const restored = restoredUrl
      ? await openDatabase({ url: restoredUrl, embeddedDir: 'memory://' })
      : await openDatabase({ embeddedDir: path.join(restoredDir, 'db') });
    const digests = await tableDigests(restored);
    await restored.close();
    expect(digests).toEqual(source);
  }, 900_000);
});
