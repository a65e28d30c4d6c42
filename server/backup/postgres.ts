import { spawn } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError, fsyncFile } from './backup-error.ts';

/*
 * PostgreSQL's backup is its own: pg_dump in the custom format (one consistent snapshot, taken while the servers
 * run), and pg_restore into an empty database. The client tools must be of the server's major version or newer.
 */

export async function backupPostgres(url: string, outFile: string): Promise<void> {
  const temp = `${outFile}.${process.pid}.tmp`;
  await run('pg_dump', ['--format=custom', `--file=${temp}`, `--dbname=${url}`]);
  fsyncFile(temp);
  renameSync(temp, outFile);
  fsyncFile(path.dirname(path.resolve(outFile)));
}

export async function restorePostgres(url: string, fromFile: string): Promise<void> {
  const tables = await countTables(url);
  if (tables > 0)
    throw new BackupError(
      `В базе ${safeUrl(url)} уже есть таблицы (${tables}): восстановление пишет только в пустую базу ` +
        '(createdb новое_имя и DATABASE_URL на неё)',
    );
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    fromFile,
  ]);
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) =>
      reject(new BackupError(`Не удалось запустить ${tool} (${err.message}): установите клиент PostgreSQL`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} завершился с кодом ${code}:\n${stderr.trim()}`)),
    );
  });
}

/** The address without its password, for messages. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
