import path from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../../db/client.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { createRepositories, type Repositories } from '../../repositories/index.ts';
import { StockEngine } from '../../stock/engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
    /** Encrypts secrets at rest (marketplace keys). */
    secrets: SecretBox;
    /** The only way stock changes: FIFO outflows, put-backs and lot edits with their ledger rows. */
    stock: StockEngine;
  }
}

/** Opens the database (unless one is handed in) and exposes the repositories, the only code that queries it. */
export default fp<{ database?: Database }>(async (app, opts) => {
  const { config } = app;
  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      embeddedDir: path.join(config.dataDir, 'db'),
      statementTimeoutMs: config.statementTimeoutMs,
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; the pool reconnects'),
    }));
  app.decorate('database', database);
  const secrets = new SecretBox(config.encryptionKey);
  app.decorate('secrets', secrets);
  const repos = createRepositories(database.db, secrets);
  app.decorate('repos', repos);
  app.decorate('stock', new StockEngine(repos.stock));
  if (!opts.database) app.addHook('onClose', () => database.close());
});
