// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { call, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import type { OtherLine } from './other-lines.ts';
import { saveOtherRealizations } from './save-other-realizations.ts';
import type { OtherRealization } from './types.ts';

// Other realizations saved on the device, sent through the real server.
useDeviceOnRealServer();

/** A product with `count` units received at `price`, pulled to the device. */
async function stocked(count: number, price: number): Promise<string> {
  const id = crypto.randomUUID();
  expect((await call('POST', '/api/v1/products/products/', { id, name: 'Чайник' })).status).toBeLessThan(300);
  expect((await call('POST', '/api/v1/inventory/', { product_id: id, count, price })).status).toBe(201);
  await pullChanges(pullOverHttp);
  return id;
}
const line = (productId: string, count: number, marketplace: OtherLine['marketplace'] = 'WB'): OtherLine => ({
  id: crypto.randomUUID(),
  product_id: productId,
  description: 'Блогеру',
  marketplace,
  count: String(count),
  realization_price: '150',
});
const localDoc = async (batchId: string) => ({
  batch: (await db.rows('batches').get(batchId))!,
  saved: await db.rows('other_realizations').where('batch_id').equals(batchId).toArray(),
});

it('made offline, then edited (a count changed, a line removed): the server takes and puts back the same units', async () => {
  const kettle = await stocked(5, 100);
  const [a, b] = [line(kettle, 2), line(kettle, 1, 'Other')];
  const batchId = await saveOtherRealizations({ date: '2025-03-08', lines: [a, b] });
  expect((await loadProductStock(kettle)).onHand).toBe(2);
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });

  const doc = await call('GET', `/api/v1/batch/${batchId}/`);
  expect(doc.body).toMatchObject({ kind: 'other', date: '2025-03-08T00:00:00.000Z' });
  expect(
    (doc.body.other_realizations as OtherRealization[]).map((o) => [o.id, o.count, o.marketplace, o.price]).sort(),
  ).toEqual(
    [
      [a.id, 2, 'WB', 100],
      [b.id, 1, 'Other', 100],
    ].sort(),
  );

  await pullChanges(pullOverHttp);
  await saveOtherRealizations({ ...(await localDoc(batchId)), date: '2025-03-08', lines: [{ ...a, count: '4' }] });
  expect((await loadProductStock(kettle)).onHand).toBe(1);
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  const after = await call('GET', `/api/v1/batch/${batchId}/`);
  expect((after.body.other_realizations as OtherRealization[]).map((o) => [o.id, o.count])).toEqual([[a.id, 4]]);
  await pullChanges(pullOverHttp);
  expect((await loadProductStock(kettle)).onHand).toBe(1);
  expect(await db.mirrored('other_realizations').get(b.id)).toBeUndefined();
}, 60_000);

it('more than the server has is refused: the rows and the document go from the device, the stock comes back', async () => {
  const kettle = await stocked(2, 100);
  // Another device took a unit meanwhile; this one has not pulled yet.
  expect((await call('POST', '/api/v1/disposal/', { product_id: kettle, count: 1, price: 0 })).status).toBe(201);
  const batchId = await saveOtherRealizations({ date: '2025-03-08', lines: [line(kettle, 2)] });
  expect((await loadProductStock(kettle)).onHand).toBe(0);

  expect(await drainOutbox(pushOverHttp)).toMatchObject({ sent: 0, rejected: 2 });
  expect(await db.mirrored('other_realizations').count()).toBe(0);
  expect(await db.mirrored('batches').get(batchId)).toBeUndefined();
  expect((await db.outbox.toArray())[0]!.error).toMatch(/Недостаточно товара на складе: доступно 1/);
  await pullChanges(pullOverHttp);
  expect((await loadProductStock(kettle)).onHand).toBe(1);
}, 60_000);
