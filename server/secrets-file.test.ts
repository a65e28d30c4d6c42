import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { readOrCreateSecretsFile } from './secrets-file.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ostatok-secrets-'));

describe('secrets.json', () => {
  it('is created whole, private, with no temporary file left beside it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    const created = readOrCreateSecretsFile(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(created);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    expect(readOrCreateSecretsFile(file)).toEqual(created);
  });

  it('treats an empty file left by a crash as absent: the next start writes new secrets', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, '');
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.encryptionKey).toHaveLength(32);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { encryptionKey: string };
    expect(Buffer.from(stored.encryptionKey, 'base64').equals(config.encryptionKey)).toBe(true);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    // The second start keeps what the first wrote.
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey.equals(config.encryptionKey)).toBe(true);
  });

  it('refuses to start over a damaged file, naming it, and leaves it untouched', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    const truncated = '{\n  "jwtSecret": "abc';
    writeFileSync(file, truncated);
    const load = () => loadConfig({ DATA_DIR: dir });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/повреждён[\s\S]*damaged/);
    expect(load).toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe(truncated);
  });

  it('refuses valid JSON that is not a pair of secrets (a key of the wrong length)', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'secrets.json'),
      JSON.stringify({ jwtSecret: 'x'.repeat(64), encryptionKey: Buffer.alloc(16).toString('base64') }),
    );
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
  });

  it('does not read the file when both secrets come from the environment', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'secrets.json'), 'not json');
    const key = Buffer.alloc(32, 2).toString('base64');
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40), ENCRYPTION_KEY: key });
    expect(config.encryptionKey.toString('base64')).toBe(key);
  });
});
