import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

interface Change {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
}
interface TableDigest {
  count: number;
  max_version: number;
  sum_version: string;
}
interface Digest {
  cursor: number;
  tables: Record<string, TableDigest>;
}

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function digest(user: TestUser): Promise<Digest> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/sync/digest', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every change of the user (optionally of one table), all pages. */
async function pullAll(user: TestUser, table?: string): Promise<{ cursor: number; changes: Change[] }> {
  const changes: Change[] = [];
  let since = 0;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?since=${since}&limit=3${table ? `&table=${table}` : ''}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { cursor: number; has_more: boolean; changes: Change[] };
    changes.push(...page.changes);
    since = page.cursor;
    if (!page.has_more) return { cursor: since, changes };
  }
}

/** The digest as the device computes it from what pull gave it (one entry per row: its latest change). */
function digestOf(changes: Change[]): Record<string, TableDigest> {
  const latest = new Map<string, Change>();
  for (const c of changes) latest.set(`${c.table}/${c.id}`, c);
  const out: Record<string, TableDigest> = {};
  for (const c of latest.values()) {
    if (c.deleted) continue;
    const t = (out[c.table] ??= { count: 0, max_version: 0, sum_version: '0' });
    t.count++;
    t.max_version = Math.max(t.max_version, c.version);
    t.sum_version = String(BigInt(t.sum_version) + BigInt(c.version));
  }
  return out;
}

const market = async (user: TestUser, market_id: string) =>
  (await ok(apiCall(app, user, 'POST', 'markets/add/', { market_id, name: `Магазин ${market_id}` }), 201)) as {
    id: string;
    version: number;
  };
async function removeMarket(user: TestUser, market_id: string) {
  const res = await apiCall(app, user, 'DELETE', `markets/${market_id}/`);
  expect(res.statusCode, res.body).toBeLessThan(300);
}
const empty = { count: 0, max_version: 0, sum_version: '0' };

describe('GET /api/v1/sync/digest', () => {
  it('a new user: every mirrored table empty, cursor 0', async () => {
    const user = await signUp(app);
    const d = await digest(user);
    expect(d.cursor).toBe(0);
    expect(Object.keys(d.tables).sort()).toEqual(
      [
        'batches',
        'count_lines',
        'counts',
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
      ].sort(),
    );
    for (const t of Object.values(d.tables)) expect(t).toEqual(empty);
  });

  it('counts live rows, their highest version and version sum after inserts, edits and deletes; the cursor counts tombstones', async () => {
    const user = await signUp(app);
    const a = await market(user, 'a');
    const b = await market(user, 'b');
    expect((await digest(user)).tables.markets).toEqual({
      count: 2,
      max_version: b.version,
      sum_version: String(a.version + b.version),
    });

    const edited = (await ok(apiCall(app, user, 'PATCH', 'markets/a/', { name: 'Новое имя' }))) as { version: number };
    expect(edited.version).toBeGreaterThan(b.version);
    expect((await digest(user)).tables.markets).toEqual({
      count: 2,
      max_version: edited.version,
      sum_version: String(edited.version + b.version),
    });

    await removeMarket(user, 'a');
    const d = await digest(user);
    expect(d.tables.markets).toEqual({ count: 1, max_version: b.version, sum_version: String(b.version) });
    // The deletion is the newest version the user has: the device is caught up only past it.
    const all = await pullAll(user);
    expect(d.cursor).toBe(all.cursor);
    expect(d.cursor).toBeGreaterThan(edited.version);
  });

  it('matches what a full pull adds up to, across tables (products, lots, ledger)', async () => {
    const user = await signUp(app);
    const [p] = await addProducts(app, user, ['Чайник']);
    await ok(apiCall(app, user, 'POST', 'inventory/', { product_id: p, count: 5, price: 10 }), 201);
    await ok(apiCall(app, user, 'POST', 'disposal/', { product_id: p, count: 2, price: 0, description: '' }), 201);
    await market(user, 'x');

    const d = await digest(user);
    const pulled = await pullAll(user);
    const expected = digestOf(pulled.changes);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(4);
    for (const [name, t] of Object.entries(d.tables)) expect(t, name).toEqual(expected[name] ?? empty);
    expect(d.cursor).toBe(pulled.cursor);
  });

  it('never counts another user’s rows', async () => {
    const mine = await signUp(app);
    const theirs = await signUp(app);
    const a = await market(mine, 'mine');
    const before = await digest(mine);
    await market(theirs, 'theirs');
    await market(theirs, 'theirs-2');

    expect(await digest(mine)).toEqual(before);
    expect(before.tables.markets).toEqual({ count: 1, max_version: a.version, sum_version: String(a.version) });
    expect((await digest(theirs)).tables.markets!.count).toBe(2);
  });

  it('refuses an unauthenticated call', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sync/digest' });
    expectProblem(res, 401, res.json().code);
  });
});

describe('GET /api/v1/sync/pull?table=', () => {
  it('serves one table only, paged from 0, tombstones included', async () => {
    const user = await signUp(app);
    const [p] = await addProducts(app, user, ['Термос']);
    await ok(apiCall(app, user, 'POST', 'inventory/', { product_id: p, count: 1, price: 10 }), 201);
    for (const id of ['a', 'b', 'c', 'd']) await market(user, id);
    await removeMarket(user, 'b');

    const { changes } = await pullAll(user, 'markets');
    expect(new Set(changes.map((c) => c.table))).toEqual(new Set(['markets']));
    expect(changes).toHaveLength(4);
    expect(changes.filter((c) => c.deleted)).toHaveLength(1);
    expect(digestOf(changes).markets).toEqual((await digest(user)).tables.markets);
  });

  it('refuses a table that is not mirrored with a Russian problem', async () => {
    const user = await signUp(app);
    for (const bad of ['users', 'refresh_tokens', '', 'markets;drop']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/sync/pull?since=0&table=${encodeURIComponent(bad)}`,
        headers: user.headers,
      });
      const body = expectProblem(res, 400, 'validation_failed');
      expect(body.detail).toMatch(/^Проверьте параметры списка: Таблица — неизвестная таблица/);
    }
  });
});
