import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { runTool, tableDigests } from './helpers/table-digest.ts';
import { signUp, startTestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind } from './helpers/test-database.ts';

/*
 * `npm run backup` and `npm run restore` on the engine of this run: data written through the API, backed up, restored
 * into a fresh database (or DATA_DIR), and every table's rows compared with the source.
 */

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Users, products, receipts and write-offs through the real server over `database`. */
async function writeData(database: Database, env: Record<string, string> = {}) {
  const app = await startTestApp(database, env);
  for (let u = 0; u < 2; u++) {
    const user = await signUp(app);
    const products = await addProducts(app, user, ['Кружка', 'Чайник', 'Ложка']);
    for (const [i, productId] of products.entries()) {
      await ok(
        apiCall(app, user, 'POST', 'inventory/', { id: randomUUID(), product_id: productId, count: 5 + i, price: 120 }),
        201,
      );
      await ok(
        apiCall(app, user, 'POST', 'disposal/', { id: randomUUID(), product_id: productId, count: 1, price: 120 }),
        201,
      );
    }
  }
  await app.close();
}

async function createEmptyPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `ostatok_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(testDbKind === 'pglite')('backup and restore of the embedded database', () => {
  it('copies the stopped DATA_DIR and restores it into an empty one, equal table by table', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-backup-src-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const source = await openDatabase({ embeddedDir: path.join(dataDir, 'db') });
    await writeData(source);
    mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'ab', 'picture.webp'), 'картинка');
    writeFileSync(
      path.join(dataDir, 'secrets.json'),
      JSON.stringify({ jwtSecret: 'j'.repeat(64), encryptionKey: 'k' }),
    );
    const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.zip`);
    cleanups.push(async () => rmSync(archive, { force: true }));

    // While the database is open (a running server holds the folder's lock) the copy is refused.
    const refused = await runTool('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/занята процессом/);
    expect(existsSync(archive)).toBe(false);

    const expected = await tableDigests(source);
    await source.close();
    const backup = await runTool('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);

    const target = mkdtempSync(path.join(tmpdir(), 'ostatok-backup-dst-'));
    cleanups.push(async () => rmSync(target, { recursive: true, force: true }));
    const restore = await runTool('restore', ['--from', archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(path.join(target, 'uploads', 'ab', 'picture.webp'), 'utf8')).toBe('картинка');
    expect(readFileSync(path.join(target, 'secrets.json'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
    );
    // A second restore onto the restored folder is refused: restore never writes over data.
    const again = await runTool('restore', ['--from', archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/не пуста/);

    const restored = await openDatabase({ embeddedDir: path.join(target, 'db') });
    const digests = await tableDigests(restored);
    await restored.close();
    expect(digests['public.lots']!.rows).toBe(6);
    expect(digests).toEqual(expected);
  }, 180_000);
});

describe.runIf(testDbKind === 'postgres')('backup and restore of a PostgreSQL database', () => {
  it('pg_dump while the server runs, pg_restore into an empty database, equal table by table', async () => {
    const source = await createTestDatabase();
    cleanups.push(() => source.drop());
    await writeData(source.database);
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'ostatok-backup-pg-')), 'ostatok.dump');
    cleanups.push(async () => rmSync(path.dirname(archive), { recursive: true, force: true }));
    const backup = await runTool('backup', ['--out', archive], { DATABASE_URL: source.url! });
    expect(backup.code, backup.output).toBe(0);
    const expected = await tableDigests(source.database);

    const emptyUrl = await createEmptyPostgresDatabase();
    const restore = await runTool('restore', ['--from', archive], { DATABASE_URL: emptyUrl });
    expect(restore.code, restore.output).toBe(0);
    const again = await runTool('restore', ['--from', archive], { DATABASE_URL: emptyUrl });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/уже есть таблицы/);

    const restored = await openDatabase({ url: emptyUrl, embeddedDir: 'memory://' });
    const digests = await tableDigests(restored);
    await restored.close();
    expect(digests['public.lots']!.rows).toBe(6);
    expect(digests).toEqual(expected);
  }, 120_000);
});
