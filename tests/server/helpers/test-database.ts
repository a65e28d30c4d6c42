import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/db/client.ts';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind: TestDbKind = process.env.OSTATOK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of this file's own database (for a second app instance); undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * One database per test file: an in-memory PGlite, or a fresh database on the PostgreSQL server
 * of TEST_DATABASE_URL, migrated by the same code as production and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ embeddedDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('OSTATOK_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ostatok_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), embeddedDir: 'memory://' });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
