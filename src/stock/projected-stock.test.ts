// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { queueCreate, queueDelete, queueUpdate } from '../sync/outbox.ts';
import { drainOutbox, type PushTransport } from '../sync/push-worker.ts';
import { clearLocalData, db } from '../db/database.ts';
import { loadProductStock, loadProjectedLots } from './projected-stock.ts';

afterEach(() => clearLocalData());

const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };
async function lot(productId: string, id: string, count: number, price: number, day: number) {
  await db.mirrored('lots').add({
    id,
    product_id: productId,
    count,
    count_max: count + 5,
    price,
    created_at: `2025-01-0${day}T00:00:00.000Z`,
    ...meta,
  });
}
const counts = (lots: { id: string; count: number }[]) => Object.fromEntries(lots.map((l) => [l.id, l.count]).sort());
const disposal = (id: string, productId: string, count: number) => ({
  id,
  product_id: productId,
  count,
  price: 0,
  description: '',
  datetime: '2025-02-01T00:00:00.000Z',
  version: 0,
});
const post = (id: string, productId: string, count: number) => ({
  method: 'POST' as const,
  path: '/api/v1/disposal/',
  body: { id, product_id: productId, count, price: 0 },
});

describe('projected stock on the device', () => {
  it('is the mirrored lots while nothing waits', async () => {
    await lot('p1', 'a', 3, 10, 1);
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 3 });
  });

  it('takes a disposal waiting in the outbox FIFO, for that product only, in the all-products read too', async () => {
    await lot('p1', 'b', 4, 20, 2);
    await lot('p1', 'a', 2, 10, 1);
    await lot('p2', 'x', 9, 1, 1);
    await queueCreate('disposals', disposal('d1', 'p1', 3), post('d1', 'p1', 3));
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 0, b: 3 });
    expect(counts(await loadProjectedLots('p2'))).toEqual({ x: 9 });
    expect(counts(await loadProjectedLots())).toEqual({ a: 0, b: 3, x: 9 });
  });

  it('deleting a server-known disposal puts back what the mirrored ledger says it holds', async () => {
    await lot('p1', 'a', 1, 10, 1);
    await lot('p1', 'b', 5, 10, 2);
    await db.mirrored('disposals').add({ ...disposal('d1', 'p1', 2), ...meta });
    await db.mirrored('stock_movements').add({
      id: 'm1',
      product_id: 'p1',
      lot_id: 'b',
      delta: -2,
      reason: 'disposal',
      source_table: 'disposals',
      source_id: 'd1',
      unit_cost: 10,
      created_at: '2025-02-01T00:00:00.000Z',
      ...meta,
    });
    await queueDelete('disposals', 'd1', { method: 'DELETE', path: '/api/v1/disposal/', body: { ids: ['d1'] } });
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 1, b: 7 });
  });

  it('a count edit of a row (found by its local row for the product) retakes', async () => {
    await lot('p1', 'a', 5, 10, 1);
    await db.mirrored('disposals').add({ ...disposal('d1', 'p1', 1), ...meta });
    await db.mirrored('stock_movements').add({
      id: 'm1',
      product_id: 'p1',
      lot_id: 'a',
      delta: -1,
      reason: 'disposal',
      source_table: 'disposals',
      source_id: 'd1',
      unit_cost: 10,
      created_at: '2025-02-01T00:00:00.000Z',
      ...meta,
    });
    await queueUpdate(
      'disposals',
      'd1',
      { count: 4 },
      { method: 'PATCH', path: '/api/v1/disposal/d1/', body: { count: 4 } },
    );
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 2 });
  });

  it('free units are on hand minus active reserves (the wire names their product `product`), lots in FIFO order', async () => {
    await lot('p1', 'b', 4, 20, 2);
    await lot('p1', 'a', 2, 10, 1);
    await db.mirrored('reserves').bulkAdd([
      { id: 'r1', product: 'p1', count: 2, price: 0, status: 'active', ...meta },
      { id: 'r2', product: 'p1', count: 3, price: 0, status: 'released', ...meta },
      { id: 'r3', product: 'p2', count: 1, price: 0, status: 'active', ...meta },
    ]);
    const stock = await loadProductStock('p1');
    expect(stock.lots.map((l) => l.id)).toEqual(['a', 'b']);
    expect(stock).toMatchObject({ onHand: 6, reserved: 2, free: 4 });
  });

  it('an entry the server refuses stops counting: the outbox marks it rejected and the stock is the server’s again', async () => {
    await lot('p1', 'a', 3, 10, 1);
    await queueCreate('disposals', disposal('d1', 'p1', 2), post('d1', 'p1', 2));
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 1 });
    const refuse: PushTransport = async (entries) => ({
      kind: 'results',
      results: entries.map((e) => ({
        id: e.id,
        status: 409,
        body: { detail: 'Недостаточно товара на складе: доступно 0 шт.' },
      })),
    });
    expect(await drainOutbox(refuse)).toMatchObject({ rejected: 1 });
    expect(counts(await loadProjectedLots('p1'))).toEqual({ a: 3 });
    expect(await db.mirrored('disposals').get('d1')).toBeUndefined();
  });
});
