import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import {
  databaseBefore,
  execOn,
  insertOldAccount,
  ownedDigests,
  tableColumns,
  type Exec,
  type OldAccount,
  type PreviousSchemaDatabase,
  type Row,
} from './helpers/migration-fixture.ts';
import { startTestApp } from './helpers/test-app.ts';

/*
 * Migration 0012_team on a database filled at the schema before it, on this run's engine: every account must
 * come out as the owner of a business of its own whose id is the account's, so not one owned row is rewritten.
 */

const mirroredTables = [
  'batches',
  'disposals',
  'lots',
  'markdowns',
  'markets',
  'order_lines',
  'orders',
  'other_realizations',
  'posting_statuses',
  'products_mp',
  'products_wh',
  'realizations',
  'reserves',
  'returns',
  'stock_movements',
];

let old: PreviousSchemaDatabase;
let database: Database;
let exec: Exec;
let app: FastifyInstance;
let accounts: OldAccount[];
let columnsBefore: Record<string, string[]>;
let columnsAfter: Record<string, string[]>;
let digestsBefore: Record<string, Record<string, string>>;
let digestsAfter: Record<string, Record<string, string>>;

beforeAll(async () => {
  old = await databaseBefore('0012_team');
  accounts = [
    await insertOldAccount(old.exec, 1, { firstName: 'Анна', lastName: 'Смирнова' }),
    await insertOldAccount(old.exec, 2, { firstName: 'Пётр', lastName: '' }),
    await insertOldAccount(old.exec, 3, { firstName: '', lastName: '' }),
  ];
  columnsBefore = await tableColumns(old.exec);
  digestsBefore = await ownedDigests(old.exec, columnsBefore);
  database = await old.upgrade();
  exec = execOn(database);
  columnsAfter = await tableColumns(exec);
  // Taken before the app starts: nothing but the migration has touched the rows yet.
  digestsAfter = await ownedDigests(exec, columnsBefore);
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await old?.drop();
});

const businessNameOf = (a: OldAccount) => `${a.firstName} ${a.lastName}`.trim() || a.login;
const ownedTables = () => Object.keys(columnsBefore).filter((t) => columnsBefore[t]!.includes('user_id'));

async function signIn(a: OldAccount) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { login: a.login, password: a.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}
const get = (url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Row;

describe('the database before 0012_team', () => {
  it('is at the previous schema, and every account has rows in every owned table', () => {
    expect(columnsBefore.businesses).toBeUndefined();
    expect(columnsBefore.members).toBeUndefined();
    expect(columnsBefore.products_wh).not.toContain('created_by');
    // Without rows the digests below would compare nothing.
    expect(ownedTables().length).toBeGreaterThanOrEqual(20);
    for (const table of ownedTables())
      for (const a of accounts) expect(digestsBefore[table]![a.id], `${table} of account ${a.login}`).toBeDefined();
  });
});

describe('migration 0012_team', () => {
  it('makes every account the owner of a business whose id is its own, named after the person or the login', async () => {
    const businesses = await exec(sql`select id, name, created_at from businesses order by name`);
    const members = await exec(sql`select user_id, business_id, role, can_see_costs, joined_at from members`);
    expect(businesses).toHaveLength(accounts.length);
    expect(members).toHaveLength(accounts.length);
    for (const a of accounts) {
      expect(
        businesses.find((b) => b.id === a.id),
        a.login,
      ).toMatchObject({ name: businessNameOf(a) });
      const member = members.find((m) => m.user_id === a.id);
      expect(member, a.login).toMatchObject({ business_id: a.id, role: 'owner', can_see_costs: true });
      expect(new Date(member!.joined_at as string).toISOString()).toBe(a.createdAt);
    }
    expect(businesses.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Анна Смирнова', 'Пётр', accounts[2]!.login]),
    );
    expect(await exec(sql`select * from invitations`)).toEqual([]);
  });

  it('loses, adds and changes no row of any table, versions included, and leaves every owned row in a business', async () => {
    expect(digestsAfter).toEqual(digestsBefore);
    for (const table of ownedTables()) {
      const orphans = await exec(
        sql.raw(`select count(*)::int as n from "${table}" r left join businesses b on b.id = r.user_id
          where r.user_id is not null and b.id is null`),
      );
      expect(Number(orphans[0]!.n), table).toBe(0);
    }
  });

  it('adds authorship to every mirrored table and the end reason to sessions, null on every old row', async () => {
    // The upgrade runs every later migration too: only the columns this one adds are its own to check here.
    const ofThisMigration = ['created_by', 'updated_by', 'end_reason'];
    const added: Record<string, string[]> = {};
    for (const [table, cols] of Object.entries(columnsAfter)) {
      const fresh = cols.filter((c) => !columnsBefore[table]?.includes(c) && ofThisMigration.includes(c));
      if (columnsBefore[table] && fresh.length > 0) added[table] = fresh;
    }
    expect(added).toEqual({
      ...Object.fromEntries(mirroredTables.map((t) => [t, ['created_by', 'updated_by']])),
      sessions: ['end_reason'],
    });
    // The trigger writes updated_by on every mirrored table: one without the column could not be written at all.
    const triggered = await exec(sql`select distinct c.relname as t from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
      where p.proname = 'bump_mirrored_row_version' and not tg.tgisinternal order by 1`);
    // Tables made by later migrations (stock counts, 0013) come with the trigger; those of before teams got it here.
    expect(triggered.map((r) => r.t).filter((t) => columnsBefore[t as string])).toEqual(mirroredTables);
    for (const table of mirroredTables) {
      const rows = await exec(
        sql.raw(`select count(*)::int as n, count(created_by)::int as created, count(updated_by)::int as updated
          from "${table}"`),
      );
      expect(Number(rows[0]!.n), table).toBeGreaterThan(0);
      expect({ table, created: Number(rows[0]!.created), updated: Number(rows[0]!.updated) }).toEqual({
        table,
        created: 0,
        updated: 0,
      });
    }
    expect(await exec(sql`select count(end_reason)::int as n from sessions`)).toEqual([{ n: 0 }]);
  });
});

describe('the app on the migrated database', () => {
  it('signs every old account in as the owner of its business, with its products and a team of one', async () => {
    for (const a of accounts) {
      const { access_token } = await signIn(a);
      expect(claimsOf(access_token)).toMatchObject({ sub: a.id, bid: a.id, role: 'owner', costs: true });

      const me = await get('/api/v1/users/me/', access_token);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toEqual({
        id: a.id,
        login: a.login,
        first_name: a.firstName,
        last_name: a.lastName,
        business: { id: a.id, name: businessNameOf(a) },
        role: 'owner',
        can_see_costs: true,
      });

      const list = await get('/api/v1/products/all/', access_token);
      expect(list.statusCode, list.body).toBe(200);
      const body = list.json() as { total: number; products: Array<{ product_wh: Row; articles: string[] }> };
      expect(body.total).toBe(a.products.length);
      expect(
        body.products.map((p) => ({ id: p.product_wh.id, name: p.product_wh.name, count: p.product_wh.count })),
      ).toEqual(expect.arrayContaining(a.products));
      expect(body.products.find((p) => p.product_wh.id === a.products[0]!.id)!.articles).toEqual([
        `ART-${accounts.indexOf(a) + 1}`,
      ]);

      const team = await get('/api/v1/team/', access_token);
      expect(team.statusCode, team.body).toBe(200);
      expect(team.json()).toMatchObject({
        business: { id: a.id, name: businessNameOf(a) },
        members: [{ user_id: a.id, login: a.login, role: 'owner', can_see_costs: true }],
        invitations: [],
      });
    }
  });

  it('keeps sign-ins from before teams: the old refresh token rotates, an access token without a business works', async () => {
    const a = accounts[0]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh/',
      payload: { refresh: a.refreshToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json() as { access_token: string };
    expect(claimsOf(pair.access_token)).toMatchObject({ sub: a.id, bid: a.id, role: 'owner', sid: a.sessionId });
    expect((await get('/api/v1/users/me/', pair.access_token)).statusCode).toBe(200);

    // Issued before the migration: only sub and sid, as tokens were then.
    const preTeamToken = await new SignJWT({ typ: 'access', sid: accounts[1]!.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(accounts[1]!.id)
      .setIssuer('ostatok')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(app.config.jwtSecret);
    const me = await get('/api/v1/users/me/', preTeamToken);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: accounts[1]!.id, role: 'owner', business: { id: accounts[1]!.id } });
  });

  it('replays an idempotent request recorded before teams instead of running it again', async () => {
    const a = accounts[2]!;
    const { access_token } = await signIn(a);
    const res = await app.inject({
      method: 'DELETE',
      url: a.deletion.url,
      payload: a.deletion.body,
      headers: { authorization: `Bearer ${access_token}`, 'idempotency-key': a.deletion.key },
    });
    // Run again, deleting a product already deleted would answer 404.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toEqual(a.deletion.answer);
  });

  it('records the member as the author of a new write and as the editor of an old row', async () => {
    const a = accounts[1]!;
    const { access_token } = await signIn(a);
    const headers = { authorization: `Bearer ${access_token}` };
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/products/warehouse/add/',
      payload: [{ name: 'Новый после миграции' }],
      headers,
    });
    expect(added.statusCode, added.body).toBe(201);
    const [newId] = (added.json() as { inserted_ids: string[] }).inserted_ids;
    expect(await exec(sql`select user_id, created_by, updated_by from products_wh where id = ${newId}`)).toEqual([
      { user_id: a.id, created_by: a.id, updated_by: a.id },
    ]);

    const oldProduct = a.products[1]!;
    const [before] = await exec(sql`select version from products_wh where id = ${oldProduct.id}`);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/products/warehouse/${oldProduct.id}/update/`,
      payload: { name: `${oldProduct.name} (правка)` },
      headers,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await exec(
      sql`select created_by, updated_by, version from products_wh where id = ${oldProduct.id}`,
    );
    // Who created a row before teams is not known: it stays null rather than being guessed.
    expect(after).toMatchObject({ created_by: null, updated_by: a.id });
    expect(BigInt(after!.version as string)).toBeGreaterThan(BigInt(before!.version as string));
  });
});
