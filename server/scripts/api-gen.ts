import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * Writes api/openapi.json from the routes' zod schemas (the one contract); `npm run api:gen`
 * then turns it into api/schema.gen.ts. CI regenerates both and fails on a diff, so the output
 * must depend on the code alone: no real DATA_DIR, no built client, no secrets from the machine.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'api', 'openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ostatok-api-gen-'));

const config = loadConfig({
  DATA_DIR: dataDir,
  // A directory that never exists: the static files of a built client must not leak into the document.
  PUBLIC_DIR: path.join(dataDir, 'no-client'),
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  JWT_SECRET: 'api-gen-placeholder-secret-not-used-for-anything',
  ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
});

const database = await openDatabase({ embeddedDir: 'memory://' });
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`api:gen: ${path.relative(root, out)} (${Object.keys(app.swagger().paths ?? {}).length} paths)`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
