import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const bigAsset = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"строка ${i}"`).join(',')}];`;

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  const publicDir = mkdtempSync(path.join(tmpdir(), 'ostatok-dist-'));
  writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>Остаток</title>');
  mkdirSync(path.join(publicDir, 'assets'));
  writeFileSync(path.join(publicDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(publicDir, 'sw.js'), 'self.x=1');
  // As the build leaves a large chunk: its .br and .gz beside it (vite.config.ts precompress).
  writeFileSync(path.join(publicDir, 'assets', 'vendor-9f8e.js'), bigAsset);
  writeFileSync(path.join(publicDir, 'assets', 'vendor-9f8e.js.br'), brotliCompressSync(bigAsset));
  writeFileSync(path.join(publicDir, 'assets', 'vendor-9f8e.js.gz'), gzipSync(bigAsset));
  db = await createTestDatabase();
  app = await startTestApp(db.database, { PUBLIC_DIR: publicDir });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('serving the built PWA', () => {
  it.each(['/', '/markets', '/user', '/market/new', '/product/42?td=2'])(
    'answers the app shell for %s, revalidated every time',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Остаток');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and the service worker as revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed asset compressed, as brotli or gzip, with a year-long immutable cache', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/vendor-9f8e.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(bigAsset.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/vendor-9f8e.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigAsset);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/vendor-9f8e.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigAsset);
  });

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/api'],
    ['GET', '/uploads/missing.png'],
    ['POST', '/markets'],
  ])('never gives the shell to %s %s: problem+json 404 instead', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers a plain visit to the live channel address with 426 problem+json', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/some-id/' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ code: 'upgrade_required' });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });
});
