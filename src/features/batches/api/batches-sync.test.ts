// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { call, callOk, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { savePurchase } from './save-purchase.ts';
import { loadBatch } from './use-batch.ts';

// A purchase saved on the device, sent through the real server: the wire shapes are the ones it takes.
useDeviceOnRealServer();

async function serverProduct(name: string): Promise<string> {
  const id = crypto.randomUUID();
  await callOk('POST', '/api/v1/products/products/', { id, name });
  return id;
}
const serverBatch = (id: string) =>
  call<{
    date: string;
    kind: string;
    inventories: { id: string; count_max: number; price: number; created_at: string }[];
  }>('GET', `/api/v1/batch/${id}/`);
const line = (productId: string, count: number, price: number) => ({
  id: crypto.randomUUID(),
  product_id: productId,
  count: String(count),
  price: String(price),
});

it('a purchase received offline, then edited (a line changed, one removed, one added, a new date), reaches the server as saved', async () => {
  const kettle = await serverProduct('Чайник');
  const cup = await serverProduct('Кружка');
  const [a, b] = [line(kettle, 3, 100), line(cup, 2, 50)];
  const batchId = await savePurchase({ date: '2025-02-14', lines: [a, b] });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  // The answer was the batch's detail; the device keeps the row as a pull brings it, lines apart.
  const stored = (await db.mirrored('batches').get(batchId))!;
  expect(Object.keys(stored)).not.toEqual(expect.arrayContaining(['inventories']));
  expect(stored).toMatchObject({ id: batchId, kind: 'purchase' });
  expect(stored.version).toBeGreaterThan(0);

  let onServer = await serverBatch(batchId);
  expect(onServer.status).toBe(200);
  expect(onServer.body).toMatchObject({ kind: 'purchase', date: '2025-02-14T00:00:00.000Z' });
  expect(onServer.body.inventories.map((l) => [l.id, l.count_max, l.price]).sort()).toEqual(
    [
      [a.id, 3, 100],
      [b.id, 2, 50],
    ].sort(),
  );

  await pullChanges(pullOverHttp);
  const contents = (await loadBatch(batchId))!;
  const c = line(kettle, 1, 90);
  await savePurchase({
    batch: contents.batch,
    saved: contents.lots,
    date: '2025-02-15',
    lines: [{ ...a, count: '4', price: '110' }, c],
  });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });

  onServer = await serverBatch(batchId);
  expect(onServer.body.date).toBe('2025-02-15T00:00:00.000Z');
  expect(onServer.body.inventories.map((l) => [l.id, l.count_max, l.price, l.created_at]).sort()).toEqual(
    [
      [a.id, 4, 110, '2025-02-15T00:00:00.000Z'],
      [c.id, 1, 90, '2025-02-15T00:00:00.000Z'],
    ].sort(),
  );
  await pullChanges(pullOverHttp);
  expect(await db.mirrored('lots').get(b.id)).toBeUndefined();
  expect(await db.mirrored('lots').get(a.id)).toMatchObject({
    count: 4,
    count_max: 4,
    count_max_edited: true,
    price_edited: true,
    batch_id: batchId,
  });
}, 60_000);

it('a batch the server refuses leaves nothing behind on the device: lots and document go, the reason is kept', async () => {
  const kettle = await serverProduct('Чайник');
  // The editor never sends a price of 0 (it flags the line); the server refuses it all the same.
  const batchId = await savePurchase({ date: '2025-02-14', lines: [line(kettle, 3, 100), line(kettle, 1, 0)] });
  expect(await db.mirrored('lots').count()).toBe(2);

  expect(await drainOutbox(pushOverHttp)).toMatchObject({ sent: 0, rejected: 3 });

  expect(await db.mirrored('lots').count()).toBe(0);
  expect(await db.mirrored('batches').get(batchId)).toBeUndefined();
  const entries = await db.outbox.toArray();
  expect(entries.every((e) => e.status === 'rejected' && /строках: 2/.test(e.error ?? ''))).toBe(true);
  expect((await serverBatch(batchId)).status).toBe(404);
}, 60_000);
