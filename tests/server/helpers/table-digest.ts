import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { repoRoot } from './server-process.ts';

/** Every table of the database (all schemas but the system ones) with its row count and a digest of its rows. */
export async function tableDigests(database: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = (await database.db.execute(
    sql.raw(
      "select schemaname as s, tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    ),
  )) as unknown as { rows: Array<{ s: string; t: string }> };
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const { s, t } of tables.rows) {
    const result = (await database.db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as d from "${s}"."${t}" r`,
      ),
    )) as unknown as { rows: Array<{ n: number; d: string }> };
    digests[`${s}.${t}`] = { rows: Number(result.rows[0]!.n), digest: result.rows[0]!.d };
  }
  return digests;
}

/** Runs `npm run backup` / `npm run restore` (their scripts) with the environment given: answers code and output. */
export function runTool(
  tool: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/scripts/${tool}.ts`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}
