import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOfColumns } from '../../src/sync/pull-columns.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { addProducts, productsCall } from './helpers/products.ts';
import { apiCall, ok, realizeOther, receiveBatch } from './helpers/stock.ts';
import { costFieldPaths, newTeam } from './helpers/team.ts';

/**
 * The wire of issue 26: a pull page in columns carries exactly the rows of the same page as a list,
 * and answers over 1 KB go out compressed to a client that takes brotli or gzip.
 */
let db: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
  user = await signUp(app);
  // Rows of many tables, an edit and a deletion: products, a receipt's batch and lots, sales, a write-off.
  const ids = await addProducts(
    app,
    user,
    Array.from({ length: 40 }, (_, i) => `Товар ${i}`),
  );
  const [gone] = await addProducts(app, user, ['Удаляемый']);
  await receiveBatch(
    app,
    user,
    '2026-11-01',
    ids.map((product_id, i) => ({ product_id, count: 5 + i, price: 100 + i })),
  );
  await realizeOther(app, user, [{ product_id: ids[0]!, count: 2 }]);
  await ok(apiCall(app, user, 'POST', 'disposal/', { product_id: ids[1], count: 1, price: 10 }), 201);
  await ok(productsCall(app, user, 'PATCH', `warehouse/${ids[2]}/update/`, { name: 'Переименован' }));
  await ok(productsCall(app, user, 'DELETE', 'warehouse/delete/', [gone]));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const pull = async (since: number, limit: number, format?: 'rows' | 'columns') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/sync/pull?since=${since}&limit=${limit}${format ? `&format=${format}` : ''}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('pull in columns', () => {
  it('rebuilds every page of the list exactly, deletions and edited rows included', async () => {
    let since = 0;
    let pages = 0;
    const tables = new Set<string>();
    let deleted = 0;
    for (;;) {
      const rows = await pull(since, 37);
      const columns = await pull(since, 37, 'columns');
      expect(columns).not.toHaveProperty('changes');
      expect(changesOfColumns(columns)).toEqual(rows);
      for (const c of rows.changes) tables.add(c.table);
      deleted += rows.changes.filter((c: { deleted: boolean }) => c.deleted).length;
      pages++;
      since = rows.cursor;
      if (!rows.has_more) break;
    }
    expect(pages).toBeGreaterThan(2);
    for (const t of ['products_wh', 'lots', 'batches', 'stock_movements', 'disposals', 'other_realizations'])
      expect([...tables]).toContain(t);
    expect(deleted).toBeGreaterThan(0);
  });

  it('names each key once a table and leaves out the copies of id and version', async () => {
    const page = await pull(0, 5000, 'columns');
    const lots = page.tables.find((t: { table: string }) => t.table === 'lots');
    expect(lots.derived).toEqual(expect.arrayContaining(['id', '_id', 'version']));
    expect(lots.columns).toContain('product_id');
    expect(lots.columns).not.toContain('id');
    expect(lots.rows[0]).toHaveLength(lots.columns.length + 2);
  });

  it('refuses an unknown format in Russian', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sync/pull?format=csv', headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body).toMatch(/неизвестный формат/);
  });
});

describe('compressed answers', () => {
  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...user.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it.each([
    ['/api/v1/sync/pull?since=0&limit=5000&format=columns'],
    ['/api/v1/sync/pull?since=0&limit=5000'],
    ['/api/v1/products/all/?page=1&page_size=50'],
  ])('%s: brotli or gzip as asked, the same JSON, a fraction of the bytes', async (url) => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a problem over 1 KB is compressed too; a small answer is sent as it is', async () => {
    const small = await get('/api/health', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const long = await app.inject({
      method: 'POST',
      url: '/api/v1/products/warehouse/add/',
      headers: { ...user.headers, 'accept-encoding': 'br' },
      payload: Array.from({ length: 60 }, () => ({ name: '' })),
    });
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toMatch(/problem\+json/);
    const body = long.headers['content-encoding'] === 'br' ? brotliDecompressSync(long.rawPayload) : long.rawPayload;
    expect(body.length).toBeGreaterThan(1024);
    expect(long.headers['content-encoding']).toBe('br');
    expect(JSON.parse(body.toString()).detail).toMatch(/[а-я]/);
  });
});

describe('a member who may not see costs', () => {
  it('gets no money field in a pull in columns nor in any compressed answer', async () => {
    const team = await newTeam(app);
    const [productId] = await addProducts(app, team.owner, ['Дорогой товар']);
    await receiveBatch(app, team.owner, '2026-11-02', [{ product_id: productId!, count: 2, price: 777 }]);
    for (const url of [
      '/api/v1/sync/pull?since=0&limit=5000&format=columns',
      '/api/v1/sync/pull?since=0&limit=5000',
      '/api/v1/products/all/?page=1&page_size=50',
    ]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { ...team.warehouse.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
        expect(res.statusCode, res.body).toBe(200);
        const raw = res.rawPayload;
        const body =
          res.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(raw)
            : res.headers['content-encoding'] === 'gzip'
              ? gunzipSync(raw)
              : raw;
        const json = JSON.parse(body.toString());
        const rows = 'tables' in json ? changesOfColumns(json) : json;
        expect(costFieldPaths(rows), `${url} ${encoding}`).toEqual([]);
        expect(body.toString(), `${url} ${encoding}`).not.toContain('777');
      }
    }
    // The owner sees the same page with its price.
    const owners = await app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?since=0&limit=5000&format=columns',
      headers: team.owner.headers,
    });
    const lots = changesOfColumns(owners.json()).changes.filter((c) => c.table === 'lots');
    expect(lots.map((c) => c.row!.price)).toEqual([777]);
  });
});
