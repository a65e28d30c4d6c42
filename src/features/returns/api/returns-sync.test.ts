// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { callOk, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { createReturn } from './create-return.ts';
import { receiveReturnAt } from './receive-return-at.ts';
import { receiveReturns } from './receive-returns.ts';
import { updateReturn } from './update-return.ts';

// Returns made, priced and received on the device, sent through the real server: the rows the
// device showed are the rows the server made (same ids), and a refusal puts everything back.
useDeviceOnRealServer();

const inject = callOk;
async function productWithLot(
  name: string,
  price: number,
  count: number,
): Promise<{ productId: string; lotId: string }> {
  const productId = crypto.randomUUID();
  await inject('POST', '/api/v1/products/products/', { id: productId, name });
  const lotId = crypto.randomUUID();
  await inject('POST', '/api/v1/inventory/', { id: lotId, product_id: productId, count, price });
  return { productId, lotId };
}
type Row = Record<string, unknown> & { id: string };
const sortById = (rows: Row[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
const pick = (rows: Row[], fields: string[]) =>
  sortById(rows).map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])));

it('received offline (ready, markdown, disposal): the server makes the very lots, markdowns and disposal the device showed', async () => {
  const { productId } = await productWithLot('Чайник', 80, 3);
  await pullChanges(pullOverHttp);
  const [a, b, c] = [await createReturn(productId), await createReturn(productId), await createReturn(productId)];
  const row = async (id: string) => (await db.rows('returns').get(id))!;
  await updateReturn(await row(a), { status: 'ready', choice: { price: 80, markdown_price: 0, description: '' } });
  await updateReturn(await row(b), {
    status: 'markdown',
    choice: { price: 80, markdown_price: 45, description: 'Скол' },
  });
  await updateReturn(await row(c), {
    status: 'disposal',
    choice: { price: 70, markdown_price: 0, description: 'Брак' },
  });
  const outcome = await receiveReturns('2025-02-14');
  expect(outcome).toMatchObject({ ok: true, count: 3 });
  const offline = await loadProductStock(productId);
  expect(offline.onHand).toBe(4);
  const lotFields = ['id', 'product_id', 'batch_id', 'return_id', 'count_max', 'price', 'created_at', 'is_return'];
  const deviceLots = pick((await db.rows('lots').where('product_id').equals(productId).toArray()) as Row[], lotFields);
  const deviceMarkdowns = pick((await db.rows('markdowns').toArray()) as Row[], [
    'id',
    'product_id',
    'lot_id',
    'price',
    'markdown_price',
    'description',
    'datetime',
  ]);
  const deviceDisposals = pick((await db.rows('disposals').toArray()) as Row[], [
    'id',
    'product_id',
    'batch_id',
    'count',
    'price',
    'datetime',
  ]);

  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  // Accepted, not pulled yet: the outflows stay projected, stock does not jump.
  expect((await loadProductStock(productId)).onHand).toBe(4);
  await pullChanges(pullOverHttp);

  const serverLots = (await inject('GET', `/api/v1/inventory/${productId}/`)) as Row[];
  expect(pick(serverLots, lotFields)).toEqual(deviceLots);
  expect(pick((await db.rows('lots').where('product_id').equals(productId).toArray()) as Row[], lotFields)).toEqual(
    deviceLots,
  );
  expect(
    sortById((await db.rows('lots').where('product_id').equals(productId).toArray()) as Row[]).map((l) => l.count),
  ).toEqual(sortById(serverLots).map((l) => l.count));
  expect(
    pick((await db.rows('markdowns').toArray()) as Row[], [
      'id',
      'product_id',
      'lot_id',
      'price',
      'markdown_price',
      'description',
      'datetime',
    ]),
  ).toEqual(deviceMarkdowns);
  expect(
    pick((await db.rows('disposals').toArray()) as Row[], [
      'id',
      'product_id',
      'batch_id',
      'count',
      'price',
      'datetime',
    ]),
  ).toEqual(deviceDisposals);
  const after = await loadProductStock(productId);
  expect(after.onHand).toBe(4);
  expect(after.lots.map((l) => [l.id, l.count])).toEqual(offline.lots.map((l) => [l.id, l.count]));
  const product = (await inject('GET', `/api/v1/products/product/${productId}/`)) as {
    product_wh: { count: number; markdowns: number };
  };
  expect(product.product_wh.count).toBe(4);
  const list = (await inject('GET', '/api/v1/returns/?page=1&page_size=50')) as { returns: Row[] };
  const batchId = outcome.ok ? outcome.batchId : '';
  expect(list.returns.map((r) => [r.processed, r.batch_id])).toEqual([a, b, c].map(() => [true, batchId]));
  expect(await db.outbox.count()).toBe(0);
}, 60_000);

it('a receipt the server refuses puts every row back: no lots, markdowns or disposal, the returns not received', async () => {
  const { productId, lotId } = await productWithLot('Кружка', 50, 1);
  await pullChanges(pullOverHttp);
  const id = await createReturn(productId);
  await updateReturn((await db.rows('returns').get(id))!, {
    status: 'markdown',
    choice: { price: 50, markdown_price: 20, description: '' },
  });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  await pullChanges(pullOverHttp);
  // Received elsewhere meanwhile (another device): the device's receipt will get 409.
  await inject('PATCH', `/api/v1/returns/${id}/to_inventory/${lotId}/`);
  expect(await receiveReturns('2025-03-01')).toMatchObject({ ok: true });
  expect(await db.rows('markdowns').count()).toBe(1);
  expect((await drainOutbox(pushOverHttp)).rejected).toBeGreaterThan(0);
  expect(await db.rows('markdowns').count()).toBe(0);
  expect(await db.rows('disposals').count()).toBe(0);
  expect((await db.rows('lots').where('product_id').equals(productId).toArray()).map((l) => l.id)).toEqual([lotId]);
  expect(await db.rows('batches').where('kind').equals('return').count()).toBe(0);
  expect(await db.rows('returns').get(id)).toMatchObject({ processed: false, status: 'markdown', batch_id: null });
  expect((await loadProductStock(productId)).onHand).toBe(1);
}, 60_000);

it("/return/{id}/to/to_inventory: received at the chosen lot's price", async () => {
  const { productId } = await productWithLot('Лампа', 120, 2);
  const second = crypto.randomUUID();
  await inject('POST', '/api/v1/inventory/', { id: second, product_id: productId, count: 1, price: 150 });
  await pullChanges(pullOverHttp);
  const id = await createReturn(productId);
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  await pullChanges(pullOverHttp);
  expect(await receiveReturnAt(id, 'to_inventory', second)).toEqual({ ok: true });
  expect(await db.rows('returns').get(id)).toMatchObject({
    processed: true,
    status: 'ready',
    price: 150,
    batch_id: id,
  });
  // Counted before the server answers: the lot the server will make is already on the device, under the return's id.
  expect((await loadProductStock(productId)).onHand).toBe(4);
  expect(await db.rows('lots').get(id)).toMatchObject({ return_id: id, count: 1, price: 150, is_return: true });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  await pullChanges(pullOverHttp);
  const lots = await db.rows('lots').where('product_id').equals(productId).toArray();
  // The server's lot is the device's: one return lot, not two.
  expect(lots.filter((l) => l.is_return).map((l) => [l.id, l.return_id, l.count_max, l.price])).toEqual([
    [id, id, 1, 150],
  ]);
  expect((await loadProductStock(productId)).onHand).toBe(4);
}, 60_000);
