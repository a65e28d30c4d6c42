// @vitest-environment node
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { OstatokDatabase } from '../db/database.ts';
import { loadProductStock } from '../stock/projected-stock.ts';
import { signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { setApiBase } from './config.ts';
import { apiCall } from './contract.ts';
import { historyFrom, pruneHistory } from './history-window.ts';
import { checkMirror } from './mirror-digest.ts';
import { fetchOlderMovements, fetchOlderSales, keepOlderSale, OlderHistoryUnavailable } from './older-history.ts';
import { queueCreate, queueUpdate } from './outbox.ts';
import { pullChanges } from './pull.ts';
import { drainOutbox } from './push-worker.ts';
import { digestOverHttp, pullOverHttp, pushOverHttp } from './transports.ts';

/*
 * The device's history window against the real server (in-process, PGlite): a year's old sales and ledger stay on
 * the server and come on demand, and pruning never loses an edit still in the outbox nor moves a stock figure.
 */

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Math.floor((Date.now() - n * DAY) / 60_000) * 60_000).toISOString();

let server: RealServer;
let user: TestUser;
let database: OstatokDatabase;
let product: string;

beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  user = await server.signUp();
  signInAs(user);
  database = new OstatokDatabase('test-' + crypto.randomUUID());
  const created = await call('POST', '/api/v1/products/products/', { name: 'Чайник', description: '', images: [] });
  product = (created.product_wh as { id: string }).id;
  // Received 300 days ago, so sales may be dated back to then (docs/rules.md «Расход задним числом»).
  await call('POST', '/api/v1/inventory/', { product_id: product, count: 20, price: 100, date: daysAgo(300) });
});
afterEach(async () => {
  setApiBase(server.base);
  await database.delete();
});

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await server.app.inject({ method, url, headers: user.headers, payload: payload as object });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Record<string, unknown> & { id: string };
}

const sell = (count: number, date?: string) =>
  call('POST', '/api/v1/realization/', { product, count, realization_price: 300, ...(date ? { date } : {}) });

/** Makes rows as if written on `date` long ago: triggers off, so neither version nor updated_at moves. */
async function writtenLongAgo(saleId: string | null, date: string) {
  await server.app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    if (saleId)
      await tx.execute(sql`update realizations set datetime = ${date}, created_at = ${date}, updated_at = ${date}
        where id = ${saleId}`);
    await tx.execute(sql`update stock_movements set created_at = ${date}, updated_at = ${date}
      where (source_id = ${saleId} or source_table = 'lots') and product_id = ${product}`);
  });
}

const ids = async (table: 'realizations' | 'stock_movements') =>
  (await database.mirrored(table).toArray()).map((r) => r.id).sort();

/** Pull, then drop what left the window: what the sync engine does after every pull. */
async function sync() {
  await pullChanges(pullOverHttp, database);
  await pruneHistory(database);
}

describe('older history on demand', () => {
  it('a fresh device gets the window only; «Показать ранее» reads the rest from the server, offline says why not', async () => {
    const old = await sell(2, daysAgo(200));
    await writtenLongAgo(old.id, daysAgo(200));
    const recent = await sell(1);
    await pullChanges(pullOverHttp, database);

    expect(await ids('realizations')).toEqual([recent.id]);
    const ledger = await database.mirrored('stock_movements').toArray();
    expect(ledger.map((m) => m.source_id)).toEqual([recent.id]);
    // The stock figure does not depend on the window: the lot is whole, 20 − 2 − 1.
    expect((await loadProductStock(product, database)).onHand).toBe(17);

    const older = await fetchOlderMovements(product);
    expect(older.more).toBe(false);
    expect(older.rows.map((m) => [m.reason, m.delta]).sort()).toEqual([
      ['realization', -2],
      ['receipt', 20],
    ]);
    expect(older.rows.every((m) => m.created_at < historyFrom())).toBe(true);
    expect((await fetchOlderSales(product)).map((s) => s.id)).toEqual([old.id]);
    // Never stored: the device still holds the window only.
    expect(await ids('realizations')).toEqual([recent.id]);

    setApiBase('http://127.0.0.1:9'); // nothing listens there: as good as offline
    const offline = await fetchOlderMovements(product).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(OlderHistoryUnavailable);
    expect((offline as Error).message).toMatch(/подключитесь к сети/);
  });
});

describe('the window never loses an edit still in the outbox', () => {
  it('an offline sale dated long ago and an offline cancellation of an old sale survive pruning and reach the server; pruned later, they come back on demand', async () => {
    // An old sale the device holds because it was written lately (dated back by someone else today).
    const oldSale = await sell(3, daysAgo(150));
    await sync();
    // Written now but dated before the window: the pull brought it, the pruning dropped it.
    expect(await ids('realizations')).toEqual([]);
    // Needed again — to cancel it — it comes back from the server.
    const [row] = await fetchOlderSales(product);
    await keepOlderSale(row!, database);

    // Offline: the old sale cancelled, and a new sale dated 120 days back.
    await queueUpdate(
      'realizations',
      oldSale.id,
      { status: 'cancelled' },
      apiCall('PATCH', '/realization/{id}/', { params: { id: oldSale.id }, body: { status: 'cancelled' } }),
      database,
    );
    const offlineId = crypto.randomUUID();
    const date = daysAgo(120);
    const body = { id: offlineId, count: 4, price: 100, realization_price: 250, product, date };
    await queueCreate(
      'realizations',
      { ...body, status: 'completed', datetime: date, posting: null, entered_price: 100, version: 0 },
      apiCall('POST', '/realization/', { body }),
      database,
    );
    const stockBefore = await loadProductStock(product, database);
    expect(stockBefore.onHand).toBe(20 - 4); // cancelled 3 back, sold 4

    expect(await pruneHistory(database)).toBe(0);
    expect(await ids('realizations')).toEqual([offlineId, oldSale.id].sort());
    // The old sale's own ledger row stays too: the projection replays the cancellation over it.
    expect((await database.mirrored('stock_movements').toArray()).some((m) => m.source_id === oldSale.id)).toBe(true);
    expect(await loadProductStock(product, database)).toEqual(stockBefore);

    await drainOutbox(pushOverHttp, database);
    await sync();
    // Both reached the server…
    const server = await fetchOlderSales(product);
    expect(server.find((s) => s.id === oldSale.id)?.status).toBe('cancelled');
    expect(server.find((s) => s.id === offlineId)?.count).toBe(4);
    // …and, settled, left the device's window; the stock the device shows is the server's.
    expect(await ids('realizations')).toEqual([]);
    expect(await database.outbox.count()).toBe(0);
    expect((await loadProductStock(product, database)).onHand).toBe(16);

    // The digest adds up the same window on both sides: nothing to repair, however often it runs.
    for (let i = 0; i < 2; i++)
      expect(await checkMirror(digestOverHttp, pullOverHttp, database)).toEqual({ compared: true, repaired: [] });
  });

  it('pruning never moves a stock figure, with outflows still waiting over a pruned ledger', async () => {
    for (const d of [200, 180]) await writtenLongAgo((await sell(1, daysAgo(d))).id, daysAgo(d));
    await sell(2);
    await sync();
    // A sale queued offline, not sent: the projection takes it from the lots, which are whole on the device.
    const body = { id: crypto.randomUUID(), count: 5, price: 100, realization_price: 250, product };
    await queueCreate(
      'realizations',
      { ...body, status: 'completed', datetime: new Date().toISOString(), posting: null, entered_price: 100 },
      apiCall('POST', '/realization/', { body }),
      database,
    );
    const before = await loadProductStock(product, database);
    await pruneHistory(database, historyFrom(Date.now() + 400 * DAY)); // a window that has moved past everything
    expect(await ids('realizations')).toEqual([body.id]);
    expect(await database.mirrored('stock_movements').count()).toBe(0);
    expect(await loadProductStock(product, database)).toEqual(before);
    expect(before.onHand).toBe(20 - 1 - 1 - 2 - 5);
  });
});
