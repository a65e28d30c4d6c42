import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDurablePglite, fsyncTree, scheduleCheckpoints } from './durability.ts';
import { lockDataFolder } from './folder-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database handle or an open transaction: both answer the same query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Only for PostgreSQL: LISTEN/NOTIFY needs its own connection string. */
  url?: string;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7000;
/** The embedded database's CHECKPOINT period (server/db/durability.ts): bounds its WAL and its recovery time. */
const CHECKPOINT_EVERY_MS = 60_000;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded database. */
  url?: string;
  /** Folder of the embedded database, or 'memory://' for a throwaway one. */
  embeddedDir: string;
  /** Told when an idle PostgreSQL connection fails (a server restart); the pool replaces it. */
  onConnectionError?: (err: Error) => void;
  /** PostgreSQL only: cancel a statement running longer than this (0 or absent: never). */
  statementTimeoutMs?: number;
}

/** Opens the database and applies pending migrations: the same code and SQL for both engines. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.onConnectionError, options.statementTimeoutMs);
  return openPglite(options.embeddedDir);
}

/** PGlite ignores statement_timeout (it cannot interrupt itself); a push's deadline bounds its work instead. */
async function openPglite(dir: string): Promise<Database> {
  if (dir === 'memory://') {
    const client = await PGlite.create();
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  mkdirSync(dir, { recursive: true });
  const lock = lockDataFolder(dir, 'server');
  try {
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    // server/db/durability.ts: every commit's WAL reaches the disk before the commit returns.
    const client = await createDurablePglite(dir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    if (fresh) {
      // PGlite copied a new cluster in without syncing it: put it on disk once, after a checkpoint.
      await client.exec('checkpoint');
      fsyncTree(dir);
    }
    const checkpoints = scheduleCheckpoints(client, CHECKPOINT_EVERY_MS, (err) =>
      console.error('checkpoint failed', err),
    );
    const close = async () => {
      await checkpoints.stop();
      await client.close();
      lock.release();
    };
    return { db: db as unknown as Db, kind: 'pglite', close };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPostgres(
  url: string,
  onConnectionError?: (err: Error) => void,
  statementTimeoutMs = 0,
): Promise<Database> {
  // A runaway statement must not hold a pooled connection for ever.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (err) => onConnectionError?.(err));
  const db = drizzlePg({ client: pool, schema });
  // Several instances may start together: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // A migration over a big database may rightly run longer than any request statement.
    await lockClient.query('set statement_timeout = 0');
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('reset statement_timeout').catch(() => undefined);
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', url, close: () => pool.end() };
}
