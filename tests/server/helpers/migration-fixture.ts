import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { hashPassword } from '../../../server/lib/passwords.ts';
import { sha256 } from '../../../server/lib/tokens.ts';
import { testDbKind } from './test-database.ts';

export type Row = Record<string, unknown>;
/** Runs one statement: the database of the previous schema has no app code that fits it, only SQL. */
export type Exec = (query: SQL) => Promise<Row[]>;

const executor =
  (db: { execute(query: SQL): Promise<unknown> }): Exec =>
  async (query) =>
    ((await db.execute(query)) as { rows: Row[] }).rows;
export const execOn = (database: Database): Exec => executor(database.db);

const realMigrations = fileURLToPath(new URL('../../../server/db/migrations', import.meta.url));

/** The migrations folder as it was before `tag`: the journal cut there and the SQL of `tag` and later gone. */
function migrationsBefore(tag: string, into: string): string {
  const folder = path.join(into, 'migrations');
  cpSync(realMigrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag} in the journal`);
  for (const later of journal.entries.slice(cut)) rmSync(path.join(folder, `${later.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }, null, 2));
  return folder;
}

export interface PreviousSchemaDatabase {
  /** SQL on the database at the previous schema; closed by `upgrade`. */
  exec: Exec;
  /** Opens the database as the server does: every pending migration of the real folder runs. */
  upgrade(): Promise<Database>;
  /** Removes the database (PostgreSQL) or its folder (PGlite); the opened Database must be closed first. */
  drop(): Promise<void>;
}

/** A fresh database of this test run's engine, migrated up to (not including) `tag`. */
export async function databaseBefore(tag: string): Promise<PreviousSchemaDatabase> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ostatok-migration-'));
  const migrationsFolder = migrationsBefore(tag, scratch);
  if (testDbKind === 'pglite') {
    // The folder sits inside scratch, so is its lock file (`<dir>.lock`, server/db/folder-lock.ts).
    const dir = path.join(scratch, 'db');
    const client = await PGlite.create(dir);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    return {
      exec: executor(db),
      async upgrade() {
        await client.close();
        return openDatabase({ embeddedDir: dir });
      },
      drop: async () => rmSync(scratch, { recursive: true, force: true }),
    };
  }
  // As tests/server/helpers/test-database.ts does: a database of its own on the server of TEST_DATABASE_URL.
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('OSTATOK_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ostatok_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg({ client });
  await migratePg(db, { migrationsFolder });
  return {
    exec: executor(db),
    async upgrade() {
      await client.end();
      return openDatabase({ url: url.toString(), embeddedDir: 'memory://' });
    },
    async drop() {
      rmSync(scratch, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface OldAccount {
  id: string;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  /** Live warehouse products, by name, with the stock their lots hold. */
  products: Array<{ id: string; name: string; count: number }>;
  deletedProductId: string;
  /** The raw refresh token of a sign-in from before teams, and its session (refresh family). */
  refreshToken: string;
  sessionId: string;
  /** An idempotent deletion of the deleted product, recorded before teams: its retry must replay. */
  deletion: { key: string; url: string; body: string[]; answer: { deleted_ids: string[] } };
}

/**
 * One account's world at the schema of 0011, written in SQL with that schema's columns: a store, products and
 * their listing, a batch, lots with their movements, every kind of outflow, a return, an order, jobs and a stock
 * push, an idempotency record, sign-ins (one live, one ended). Names are unique per account.
 */
export async function insertOldAccount(
  exec: Exec,
  n: number,
  person: { firstName: string; lastName: string },
): Promise<OldAccount> {
  const id = randomUUID();
  const login = `old-${n}-${randomBytes(3).toString('hex')}@example.ru`;
  const password = `old password ${n}`;
  const createdAt = `2024-0${n}-15T10:00:00.000Z`;
  const uuid = (): string => randomUUID();
  const [market, mug, plate, gone] = [uuid(), uuid(), uuid(), uuid()];
  const [listing, batch, lot1, lot2] = [uuid(), uuid(), uuid(), uuid()];
  const [disposal, realization, otherRealization, reserve] = [uuid(), uuid(), uuid(), uuid()];
  const [order, job, sessionId, endedSession] = [uuid(), uuid(), uuid(), uuid()];
  const storeMarketId = `store-${n}`;
  const offer = `ART-${n}`;
  const refreshToken = randomBytes(32).toString('base64url');
  const deletion = {
    key: `delete-gone-${n}`,
    url: '/api/v1/products/warehouse/delete/',
    body: [gone],
    answer: { deleted_ids: [gone] },
  };
  // Exactly what server/plugins/app/transactional-writes.ts hashes for a request.
  const requestHash = sha256(`DELETE ${deletion.url} ${JSON.stringify(deletion.body)}`);

  await exec(sql`insert into users (id, login, password_hash, first_name, last_name, created_at)
    values (${id}, ${login}, ${await hashPassword(password)}, ${person.firstName}, ${person.lastName}, ${createdAt}::timestamptz)`);
  await exec(sql`insert into markets (id, user_id, market_id, name, description, marketplace, order_intake, order_intake_interval)
    values (${market}, ${id}, ${storeMarketId}, ${`Магазин ${n}`}, 'FBS', 'ozon', true, 30)`);
  await exec(sql`insert into products_wh (id, user_id, name, description, images, shelf, market_ids, deleted_at) values
    (${mug}, ${id}, ${`Кружка ${n}`}, 'керамика', '["mug.jpg"]'::jsonb, 'A-1', ${JSON.stringify([market])}::jsonb, null),
    (${plate}, ${id}, ${`Тарелка ${n}`}, '', '[]'::jsonb, '', '[]'::jsonb, null),
    (${gone}, ${id}, ${`Удалённый ${n}`}, '', '[]'::jsonb, '', '[]'::jsonb, now())`);
  await exec(sql`insert into products_mp (id, user_id, product_wh_id, market_ref, marketplace, market_id, offer_id, external_id, name, extra)
    values (${listing}, ${id}, ${mug}, ${market}, 'ozon', ${storeMarketId}, ${offer}, ${`sku-${n}`}, ${`Кружка ${n} (OZON)`}, '{"fbs":true}'::jsonb)`);
  await exec(sql`insert into posting_statuses (user_id, product_mp_id, awaiting_packaging, delivering)
    values (${id}, ${listing}, 1, 2)`);
  await exec(sql`insert into batches (id, user_id, kind, date, description)
    values (${batch}, ${id}, 'purchase', '2024-06-01T09:00:00Z'::timestamptz, 'Поставка')`);
  // Mug: 10 received, 1 disposed, 2 sold; plate: 4 received, 1 sold elsewhere.
  await exec(sql`insert into lots (id, user_id, product_id, batch_id, count, count_max, price, received_at) values
    (${lot1}, ${id}, ${mug}, ${batch}, 7, 10, 120.50, '2024-06-01T09:00:00Z'::timestamptz),
    (${lot2}, ${id}, ${plate}, null, 3, 4, 55, '2024-06-02T09:00:00Z'::timestamptz)`);
  await exec(sql`insert into disposals (id, user_id, product_id, batch_id, count, price, description)
    values (${disposal}, ${id}, ${mug}, ${batch}, 1, 120.50, 'Разбита')`);
  await exec(sql`insert into realizations (id, user_id, product_id, count, price, realization_price, status, entered_price)
    values (${realization}, ${id}, ${mug}, 2, 120.50, 300, 'completed', 120.50)`);
  await exec(sql`insert into other_realizations (id, user_id, product_id, count, price, realization_price, description)
    values (${otherRealization}, ${id}, ${plate}, 1, 55, 70, 'Продана на рынке')`);
  await exec(sql`insert into stock_movements (user_id, product_id, lot_id, delta, reason, source_table, source_id, unit_cost) values
    (${id}, ${mug}, ${lot1}, 10, 'receipt', 'lots', ${lot1}, 120.50),
    (${id}, ${plate}, ${lot2}, 4, 'receipt', 'lots', ${lot2}, 55),
    (${id}, ${mug}, ${lot1}, -1, 'disposal', 'disposals', ${disposal}, 120.50),
    (${id}, ${mug}, ${lot1}, -2, 'realization', 'realizations', ${realization}, 120.50),
    (${id}, ${plate}, ${lot2}, -1, 'other_realization', 'other_realizations', ${otherRealization}, 55)`);
  await exec(sql`insert into markdowns (user_id, product_id, lot_id, price, markdown_price, count, description)
    values (${id}, ${plate}, ${lot2}, 55, 40, 1, 'Скол')`);
  await exec(sql`insert into reserves (id, user_id, product_id, count, price, status, posting_marketplace, posting_store_id, posting_number)
    values (${reserve}, ${id}, ${mug}, 1, 120.50, 'active', 'ozon', ${market}, ${`P-${n}`})`);
  await exec(sql`insert into returns (user_id, product_id, market_ref, marketplace, market_id, external_id, order_number, article, count, name, price, realization_id, returned_at)
    values (${id}, ${mug}, ${market}, 'ozon', ${storeMarketId}, ${`RET-${n}`}, ${`P-${n}-0`}, ${offer}, 1, ${`Кружка ${n}`}, 300, ${realization}, '2024-06-10T12:00:00Z'::timestamptz)`);
  await exec(sql`insert into orders (id, user_id, store_id, marketplace, posting_number, status, stage, ordered_at, changed_at)
    values (${order}, ${id}, ${market}, 'ozon', ${`P-${n}`}, 'awaiting_packaging', 'awaiting_packaging', '2024-06-11T08:00:00Z'::timestamptz, '2024-06-11T08:05:00Z'::timestamptz)`);
  await exec(sql`insert into order_lines (user_id, order_id, line_key, offer_id, name, quantity, price, product_mp_id, product_id, books, reserve_id)
    values (${id}, ${order}, '1', ${offer}, ${`Кружка ${n}`}, 1, 300, ${listing}, ${mug}, 'reserved', ${reserve})`);
  await exec(sql`insert into order_intake (store_id, user_id, cursor, last_ok_at)
    values (${market}, ${id}, '2024-06-11T08:05:00Z'::timestamptz, '2024-06-11T08:06:00Z'::timestamptz)`);
  await exec(sql`insert into jobs (id, user_id, kind, payload, status, progress, result)
    values (${job}, ${id}, 'stock_push', '{}'::jsonb, 'done', 100, '{"sent":1}'::jsonb)`);
  await exec(sql`insert into stock_push_log (user_id, job_id, marketplace, market_id, store_name, product_mp_id, product_id, offer_id, name, quantity, ok)
    values (${id}, ${job}, 'ozon', ${storeMarketId}, ${`Магазин ${n}`}, ${listing}, ${mug}, ${offer}, ${`Кружка ${n}`}, 6, true)`);
  await exec(sql`insert into stock_push_settings (user_id, auto_push) values (${id}, true)`);
  await exec(sql`insert into job_turns (user_id) values (${id})`);
  await exec(sql`insert into idempotency_records (scope, key, user_id, request_hash, status, body)
    values (${id}, ${deletion.key}, ${id}, ${requestHash}, 200, ${JSON.stringify(deletion.answer)}::jsonb)`);
  await exec(
    sql`insert into sessions (id, user_id, revoked_at) values (${sessionId}, ${id}, null), (${endedSession}, ${id}, now())`,
  );
  await exec(sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at, revoked_at) values
    (${id}, ${sessionId}, ${sha256(refreshToken)}, now() + interval '30 days', null),
    (${id}, ${endedSession}, ${sha256(randomBytes(32).toString('base64url'))}, now() + interval '30 days', now())`);
  await exec(sql`insert into auth_attempts (key, success) values (${login}, true)`);

  return {
    id,
    login,
    password,
    ...person,
    createdAt,
    products: [
      { id: mug, name: `Кружка ${n}`, count: 7 },
      { id: plate, name: `Тарелка ${n}`, count: 3 },
    ],
    deletedProductId: gone,
    refreshToken,
    sessionId,
    deletion,
  };
}

/** Columns of every table of the public schema. */
export async function tableColumns(exec: Exec): Promise<Record<string, string[]>> {
  const rows = await exec(sql`select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' order by table_name, column_name`);
  const columns: Record<string, string[]> = {};
  for (const { t, c } of rows as Array<{ t: string; c: string }>) (columns[t] ??= []).push(c);
  return columns;
}

/**
 * Per table and per owner (user_id, or '*' for tables without one): the row count and an md5 of the rows, each
 * as JSON of only the columns named in `columns`. Comparing the same columns before and after a migration shows
 * whether any row was lost, added or changed (versions and timestamps included).
 */
export async function ownedDigests(
  exec: Exec,
  columns: Record<string, string[]>,
): Promise<Record<string, Record<string, string>>> {
  const present = await tableColumns(exec);
  const digests: Record<string, Record<string, string>> = {};
  for (const [table, kept] of Object.entries(columns)) {
    const dropped = (present[table] ?? []).filter((c) => !kept.includes(c));
    const owner = kept.includes('user_id') ? `coalesce(r.user_id::text, '-')` : `'*'`;
    const rows = await exec(
      sql.raw(`select owner, count(*)::int as n, md5(string_agg(j, E'\\n' order by j)) as d
        from (select ${owner} as owner, (to_jsonb(r) - '{${dropped.join(',')}}'::text[])::text as j from "${table}" r) s
        group by owner`),
    );
    digests[table] = Object.fromEntries(rows.map((r) => [String(r.owner), `${Number(r.n)} rows, md5 ${String(r.d)}`]));
  }
  return digests;
}
