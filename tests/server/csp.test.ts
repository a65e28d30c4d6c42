import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { startTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

// The Content Security Policy (server/plugins/external/helmet.ts): strict in real use; the demo alone
// (CSP_EXTRA_IMAGE_ORIGINS, set by server/scripts/demo.ts) lets its sandbox's plain-http pictures in.
const sandboxOrigin = 'http://127.0.0.1:8090';

let db: TestDatabase;
let strict: FastifyInstance;
let demo: FastifyInstance;

beforeAll(async () => {
  const publicDir = mkdtempSync(path.join(tmpdir(), 'ostatok-dist-'));
  writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>Остаток</title>');
  writeFileSync(path.join(publicDir, 'sw.js'), 'self.x=1');
  db = await createTestDatabase();
  strict = await startTestApp(db.database, { PUBLIC_DIR: publicDir });
  demo = await startTestApp(db.database, { PUBLIC_DIR: publicDir, CSP_EXTRA_IMAGE_ORIGINS: sandboxOrigin });
});
afterAll(async () => {
  await strict?.close();
  await demo?.close();
  await db?.drop();
});

/** The sources of each directive of a response's policy. */
async function policyOf(app: FastifyInstance, url: string): Promise<Record<string, string[]>> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the Content Security Policy', () => {
  it('keeps pictures to https, data, blob and the app itself without the demo variable', async () => {
    for (const url of ['/', '/products', '/api/health']) {
      const policy = await policyOf(strict, url);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(policy['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
  });

  it('lets the service worker fetch the https pictures it caches, and nothing over plain http', async () => {
    const policy = await policyOf(strict, '/sw.js');
    expect(policy['connect-src']).toEqual(["'self'", 'https:']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('adds the demo sandbox origin for pictures only when CSP_EXTRA_IMAGE_ORIGINS names it', async () => {
    const page = await policyOf(demo, '/products');
    expect(page['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', sandboxOrigin]);
    // Pages still connect only to their own origin and the live socket.
    expect(page['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    const worker = await policyOf(demo, '/sw.js');
    expect(worker['connect-src']).toEqual(["'self'", 'https:', sandboxOrigin]);
  });

  it('refuses an extra origin that is not a bare http(s) origin', () => {
    for (const bad of [
      '127.0.0.1:8090',
      'http://127.0.0.1:8090/images',
      "http://a.ru 'unsafe-inline'",
      'javascript:alert(1)',
    ]) {
      expect(() =>
        loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ostatok-cfg-')), CSP_EXTRA_IMAGE_ORIGINS: bad }),
      ).toThrow(ConfigError);
    }
    const two = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ostatok-cfg-')),
      CSP_EXTRA_IMAGE_ORIGINS: `${sandboxOrigin}, https://img.example.ru`,
    });
    expect(two.extraImageOrigins).toEqual([sandboxOrigin, 'https://img.example.ru']);
  });
});
