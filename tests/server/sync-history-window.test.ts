import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The device's history window (docs/sync-protocol.md «Окно истории»): pull and digest with history_from leave out
 * sales and ledger rows dated before it, unless written since; the digest adds up exactly what such a device keeps.
 */

interface Change {
  table: string;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}
interface TableDigest {
  count: number;
  max_version: number;
  sum_version: string;
}

let t: TestDatabase;
let app: FastifyInstance;
const DAY = 86_400_000;
const from = new Date(Date.now() - 98 * DAY).toISOString();

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

async function pullAll(user: TestUser, query: string, since = 0): Promise<{ cursor: number; changes: Change[] }> {
  const changes: Change[] = [];
  for (;;) {
    const page = await ok(apiCall(app, user, 'GET', `sync/pull?since=${since}&limit=4${query}`));
    changes.push(...(page.changes as Change[]));
    since = page.cursor;
    if (!page.has_more) return { cursor: since, changes };
  }
}

const digest = async (user: TestUser, query = '') =>
  (await ok(apiCall(app, user, 'GET', `sync/digest${query}`))) as {
    cursor: number;
    tables: Record<string, TableDigest>;
  };

/** The date a windowed row is kept by on the device. */
const dateOf = (c: Change) => String(c.table === 'realizations' ? c.row?.datetime : c.row?.created_at);

/** What a device keeps of a history table after a windowed pull: live rows dated inside the window. */
function keptDigest(changes: Change[], table: string): TableDigest {
  const latest = new Map<string, Change>();
  for (const c of changes) if (c.table === table) latest.set(c.id, c);
  const kept = [...latest.values()].filter((c) => !c.deleted && Date.parse(dateOf(c)) >= Date.parse(from));
  return {
    count: kept.length,
    max_version: Math.max(0, ...kept.map((c) => c.version)),
    sum_version: String(kept.reduce((s, c) => s + BigInt(c.version), 0n)),
  };
}

/**
 * Dates a sale and its ledger rows 200 days back as if written then: triggers off, so neither the version nor
 * updated_at moves (they would, on any ordinary write).
 */
async function age(saleId: string) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const then = sql`now() - interval '200 days'`;
    await tx.execute(sql`update realizations set datetime = ${then}, created_at = ${then}, updated_at = ${then}
      where id = ${saleId}`);
    await tx.execute(sql`update stock_movements set created_at = ${then}, updated_at = ${then}
      where source_id = ${saleId} or source_table = 'lots'`);
  });
}

describe('the history window of pull and digest', () => {
  let user: TestUser;
  let product: string;
  let old: { id: string; version: number };
  let recent: { id: string; version: number };

  beforeAll(async () => {
    user = await signUp(app);
    product = (await addProducts(app, user, ['Чайник']))[0]!;
    await ok(apiCall(app, user, 'POST', 'inventory/', { product_id: product, count: 10, price: 100 }), 201);
    old = await ok(apiCall(app, user, 'POST', 'realization/', { product, count: 2, realization_price: 300 }), 201);
    recent = await ok(apiCall(app, user, 'POST', 'realization/', { product, count: 1, realization_price: 300 }), 201);
    await age(old.id);
  });

  it('a fresh pull leaves out sales and ledger rows dated before the window; lots and products all come', async () => {
    const all = await pullAll(user, '');
    const windowed = await pullAll(user, `&history_from=${from}`);
    const ids = (cs: Change[], table: string) => cs.filter((c) => c.table === table).map((c) => c.id);
    expect(ids(all.changes, 'realizations').sort()).toEqual([old.id, recent.id].sort());
    expect(ids(windowed.changes, 'realizations')).toEqual([recent.id]);
    // The receipt and the old sale's rows are dated 200 days back: only the recent sale's row is in the window.
    const ledger = windowed.changes.filter((c) => c.table === 'stock_movements');
    expect(ledger.map((c) => c.row?.source_id)).toEqual([recent.id]);
    expect(all.changes.filter((c) => c.table === 'stock_movements')).toHaveLength(3);
    for (const table of ['products_wh', 'lots']) expect(ids(windowed.changes, table)).toEqual(ids(all.changes, table));
    // Nothing the user wrote later than the window's rows is skipped: both end at the same cursor.
    expect(windowed.cursor).toBe(all.cursor);
  });

  it('the windowed digest adds up what the device keeps; without a window, everything', async () => {
    const windowed = await pullAll(user, `&history_from=${from}`);
    const d = await digest(user, `?history_from=${from}`);
    for (const table of ['realizations', 'stock_movements'])
      expect(d.tables[table], table).toEqual(keptDigest(windowed.changes, table));
    expect(d.tables.realizations).toEqual({
      count: 1,
      max_version: recent.version,
      sum_version: String(recent.version),
    });
    expect((await digest(user)).tables.realizations!.count).toBe(2);
    expect((await digest(user)).tables.lots).toEqual(d.tables.lots);
  });

  it('an old sale edited now reaches a device that pulls incrementally, and still counts outside the window', async () => {
    const before = await pullAll(user, `&history_from=${from}`);
    const cancelled = await ok(apiCall(app, user, 'PATCH', `realization/${old.id}/`, { status: 'cancelled' }));
    const after = await pullAll(user, `&history_from=${from}`, before.cursor);
    const edit = after.changes.find((c) => c.id === old.id);
    expect(edit?.version).toBe(cancelled.version);
    expect(edit?.row?.status).toBe('cancelled');
    // The units put back are a ledger row of today: in the window.
    expect(after.changes.some((c) => c.table === 'stock_movements' && c.row?.source_id === old.id)).toBe(true);
    const d = await digest(user, `?history_from=${from}`);
    expect(d.tables.realizations!.count).toBe(1);
    expect(d.tables.realizations).toEqual(keptDigest([...before.changes, ...after.changes], 'realizations'));
    expect(d.tables.stock_movements).toEqual(keptDigest([...before.changes, ...after.changes], 'stock_movements'));
  });

  it('the ledger older than the window is there on demand: GET movements with before', async () => {
    const older = await ok(apiCall(app, user, 'GET', `products/${product}/movements/?before=${from}&page_size=200`));
    // The receipt and the old sale's row; the sale's cancellation is a row of today.
    expect(older.total).toBe(2);
    expect(older.results.every((m: { created_at: string }) => Date.parse(m.created_at) < Date.parse(from))).toBe(true);
    const all = await ok(apiCall(app, user, 'GET', `products/${product}/movements/?page_size=200`));
    expect(all.total).toBeGreaterThan(older.total);
  });

  it('a history_from that is not a date is refused in Russian', async () => {
    for (const url of ['sync/pull?history_from=вчера', 'sync/digest?history_from=2026-13-45'])
      expect(expectProblem(await apiCall(app, user, 'GET', url), 400, 'validation_failed').detail).toMatch(/ISO 8601/);
  });

  it('another user sees none of it', async () => {
    const other = await signUp(app);
    const d = await digest(other, `?history_from=${from}`);
    expect(d.tables.realizations!.count).toBe(0);
    expect((await pullAll(other, `&history_from=${from}`)).changes).toEqual([]);
  });
});
