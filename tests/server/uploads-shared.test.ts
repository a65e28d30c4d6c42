import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { uploadChunks, uploads } from '../../server/db/schema/index.ts';
import { migrateFolderUploads } from '../../server/uploads/migrate-folder.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { randomJpeg, randomPng, uploadNameOf, uploadPicture } from './helpers/pictures.ts';
import { signUp, startTestApp, testConfig, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Two instances over one database, each with its own DATA_DIR, as behind a load balancer: a picture
 * uploaded through one is served by the other, from the database or from S3 (a local emulator).
 */

let t: TestDatabase;
/** Instance B's own connection on PostgreSQL, as a second process would have; PGlite in memory has only one. */
let databaseB: Database;

beforeAll(async () => {
  t = await createTestDatabase();
  databaseB = testDbKind === 'postgres' ? await openDatabase({ url: t.url!, embeddedDir: 'memory://' }) : t.database;
});

afterAll(async () => {
  if (databaseB !== t?.database) await databaseB?.close();
  await t?.drop();
});

const cacheControl = 'public, max-age=31536000, immutable';

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  user: TestUser;
}

const dataDirWith = (files: Record<string, Buffer>) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ostatok-uploads-'));
  mkdirSync(path.join(dir, 'uploads'));
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, 'uploads', name), data);
  return dir;
};

/** The checks every shared store passes: the same for the database and for S3. */
function sharedStoreChecks(kind: 'database' | 's3', pair: () => Pair, env: () => Record<string, string>) {
  it('chooses the store', () => {
    expect(pair().a.uploads.kind).toBe(kind);
    expect(pair().b.uploads.kind).toBe(kind);
  });

  it('serves through B a picture uploaded through A: same bytes, type, cache headers, 304, HEAD', async () => {
    const { a, b, user } = pair();
    const picture = randomPng(5000);
    const res = await uploadPicture(a, user.headers, picture);
    expect(res.statusCode, res.body).toBe(200);
    const name = uploadNameOf(picture, 'png');
    expect(res.json()).toEqual({ url: `/uploads/${name}` });
    // Nothing went to A's own folder: B could never read it there.
    const folderA = path.join(a.config.dataDir, 'uploads');
    expect(existsSync(folderA) ? readdirSync(folderA) : []).toEqual([]);

    const served = await b.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(picture.length));
    expect(served.headers['cache-control']).toBe(cacheControl);
    expect(served.headers.etag).toBe(`"${name}"`);

    const again = await b.inject({ method: 'GET', url: `/uploads/${name}`, headers: { 'if-none-match': `"${name}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(`"${name}"`);
    // A tag for other bytes is no reason to skip them.
    const other = await b.inject({
      method: 'GET',
      url: `/uploads/${name}`,
      headers: { 'if-none-match': `"${'f'.repeat(64)}.png"` },
    });
    expect(other.statusCode).toBe(200);

    const head = await b.inject({ method: 'HEAD', url: `/uploads/${name}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(picture.length));
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 problem+json in Russian for unknown and malformed names', async () => {
    const { b } = pair();
    for (const name of [
      `${'0'.repeat(64)}.png`,
      `${'A'.repeat(64)}.png`,
      `${'0'.repeat(64)}.gif`,
      `${'0'.repeat(63)}.jpg`,
      '..%2Fsecrets.json',
      'photo.jpg',
    ]) {
      expectProblem(await b.inject({ method: 'GET', url: `/uploads/${name}` }), 404, 'not_found');
      const head = await b.inject({ method: 'HEAD', url: `/uploads/${name}` });
      expect(head.statusCode).toBe(404);
    }
  });

  it('streams back byte for byte a picture larger than one chunk', async () => {
    const { a, b, user } = pair();
    const picture = randomJpeg(700 * 1024 + 13);
    const res = await uploadPicture(a, user.headers, picture);
    expect(res.statusCode, res.body).toBe(200);
    const served = await b.inject({ method: 'GET', url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(picture.length));
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it('takes the same picture uploaded through A and B at once: both 200 with one URL', async () => {
    const { a, b, user } = pair();
    const picture = randomPng(300 * 1024);
    const answers = await Promise.all([
      uploadPicture(a, user.headers, picture),
      uploadPicture(b, user.headers, picture),
      uploadPicture(a, user.headers, picture),
      uploadPicture(b, user.headers, picture),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const urls = new Set(answers.map((res) => res.json().url));
    expect(urls).toEqual(new Set([`/uploads/${uploadNameOf(picture, 'png')}`]));
    const served = await a.inject({ method: 'GET', url: [...urls][0]! });
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it('copies the pictures of DATA_DIR/uploads into the store on start, once, when two instances start at once', async () => {
    const { b } = pair();
    const kept = randomPng(1000);
    const keptName = uploadNameOf(kept, 'png');
    // Cut short by a crash long ago: its bytes no longer match its name.
    const damaged = randomJpeg(1000);
    const damagedName = uploadNameOf(damaged, 'jpg');
    const files = { [keptName]: kept, [damagedName]: damaged.subarray(0, 500), 'notes.txt': Buffer.from('x') };
    const dirs = [dataDirWith(files), dataDirWith(files)];
    const started = await Promise.all(dirs.map((DATA_DIR) => startTestApp(t.database, { ...env(), DATA_DIR })));
    try {
      const served = await b.inject({ method: 'GET', url: `/uploads/${keptName}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(kept)).toBe(true);
      expectProblem(await b.inject({ method: 'GET', url: `/uploads/${damagedName}` }), 404, 'not_found');
      // The files stay where they were (the README says they may be deleted afterwards).
      for (const dir of dirs) expect(readdirSync(path.join(dir, 'uploads')).sort()).toEqual(Object.keys(files).sort());
      // Another start copies nothing again; the damaged file is named, not copied.
      expect(await migrateFolderUploads(path.join(dirs[0]!, 'uploads'), b.uploads)).toEqual({
        copied: 0,
        alreadyStored: 1,
        damaged: [damagedName],
      });
    } finally {
      await Promise.all(started.map((app) => app.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** PGlite's default is the folder, so the database store is asked for there; PostgreSQL's default is the database. */
const databaseEnv: Record<string, string> = testDbKind === 'pglite' ? { UPLOADS_STORE: 'database' } : {};

it('refuses S3 settings that cannot work, before starting', () => {
  expect(() => testConfig({ UPLOADS_STORE: 's3' })).toThrow(/S3_BUCKET/);
  expect(() => testConfig({ S3_BUCKET: 'pictures', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  expect(() => testConfig({ UPLOADS_STORE: 'disk' })).toThrow(/folder, database или s3/);
  expect(testConfig({ S3_BUCKET: 'pictures' }).uploads.s3).toMatchObject({
    bucket: 'pictures',
    region: 'us-east-1',
    forcePathStyle: true,
  });
});

describe('uploads in the database', () => {
  let pair: Pair;

  beforeAll(async () => {
    const a = await startTestApp(t.database, databaseEnv);
    const b = await startTestApp(databaseB, databaseEnv);
    pair = { a, b, user: await signUp(a) };
  });

  afterAll(async () => {
    await pair?.a.close();
    await pair?.b.close();
  });

  sharedStoreChecks(
    'database',
    () => pair,
    () => databaseEnv,
  );

  const rowsOf = async (name: string) => {
    const [head] = await t.database.db.select({ n: count() }).from(uploads).where(eq(uploads.name, name));
    const [chunks] = await t.database.db.select({ n: count() }).from(uploadChunks).where(eq(uploadChunks.name, name));
    return { uploads: head!.n, chunks: chunks!.n };
  };

  it('keeps a picture as 256 KiB chunks, one row however often it is uploaded', async () => {
    const { a, b, user } = pair;
    const picture = randomPng(600 * 1024);
    const answers = await Promise.all([
      uploadPicture(a, user.headers, picture),
      uploadPicture(b, user.headers, picture),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(uploadNameOf(picture, 'png'))).toEqual({ uploads: 1, chunks: 3 });
  });
});

describe('uploads in S3-compatible storage (a local emulator)', () => {
  let pair: Pair;
  let emulator: S3rver;
  let emulatorDir: string;
  let s3Settings: Record<string, string>;

  beforeAll(async () => {
    emulatorDir = mkdtempSync(path.join(tmpdir(), 'ostatok-s3-'));
    emulator = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: emulatorDir });
    const { port } = await emulator.run();
    s3Settings = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'ostatok-pictures',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const client = new S3Client({
      endpoint: s3Settings.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: s3Settings.S3_BUCKET }));
    client.destroy();
    // No UPLOADS_STORE: a configured bucket is the default on either engine.
    const a = await startTestApp(t.database, s3Settings);
    const b = await startTestApp(databaseB, s3Settings);
    pair = { a, b, user: await signUp(a) };
  });

  afterAll(async () => {
    await pair?.a.close();
    await pair?.b.close();
    await emulator?.close();
    if (emulatorDir) rmSync(emulatorDir, { recursive: true, force: true });
  });

  sharedStoreChecks(
    's3',
    () => pair,
    () => s3Settings,
  );

  it('keeps nothing in the database', async () => {
    const [row] = await t.database.db.select({ n: count() }).from(uploads);
    // The database describe block above may have stored some; none came from this block's uploads.
    const before = row!.n;
    const res = await uploadPicture(pair.a, pair.user.headers, randomPng(100));
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db.select({ n: count() }).from(uploads);
    expect(after!.n).toBe(before);
  });
});
