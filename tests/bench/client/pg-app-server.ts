import pg from 'pg';
import { startServer } from '../../e2e/helpers/server.ts';

export interface PgAppServer {
  /** Where the built app and the API answer. */
  url: string;
  /** The bench's own database, for seeding in SQL. */
  databaseUrl: string;
  /** Stops the server and drops the database. */
  stop(): Promise<void>;
}

/**
 * The real server serving the built app on a PostgreSQL database of its own (BENCH_PG_URL names
 * the server), so a client bench can seed an account in SQL; the database is dropped at the end.
 */
export async function startPgAppServer(name: string): Promise<PgAppServer> {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ostatok_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  const server = await startServer({ DATABASE_URL: url.toString(), JOBS_ENABLED: 'false' }).catch(async (err) => {
    await drop();
    throw err;
  });
  return {
    url: server.url,
    databaseUrl: url.toString(),
    stop: async () => {
      await server.stop();
      await drop();
    },
  };
}
