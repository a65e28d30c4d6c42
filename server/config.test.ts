import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ostatok-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jobs.enabled).toBe(true);
  });

  it('lists every bad value in one readable error', () => {
    const load = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: 'восемь', DATABASE_URL: 'mysql://x', JOBS_ENABLED: 'maybe' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JOBS_ENABLED/);
  });

  it('generates secrets once, keeps them private in DATA_DIR and reuses them', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(second.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(first.encryptionKey).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(other.encryptionKey.equals(first.encryptionKey)).toBe(false);
  });

  it('prefers secrets from the environment (several instances must share them)', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: key });
    expect(config.encryptionKey.toString('base64')).toBe(key);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('times the automatic stock push: 2 s of quiet, at most 10 s after a burst began, both settable', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).stockPush).toMatchObject({ debounceMs: 2000, maxWaitMs: 10_000 });
    const set = loadConfig({ DATA_DIR: tempDir(), STOCK_PUSH_DEBOUNCE_MS: '500', STOCK_PUSH_MAX_WAIT_MS: '3000' });
    expect(set.stockPush).toMatchObject({ debounceMs: 500, maxWaitMs: 3000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STOCK_PUSH_MAX_WAIT_MS: 'десять' })).toThrow(
      /STOCK_PUSH_MAX_WAIT_MS: ожидалось число/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STOCK_PUSH_MAX_WAIT_MS: '-1' })).toThrow(/STOCK_PUSH_MAX_WAIT_MS/);
  });
});
