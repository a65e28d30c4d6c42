// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db, type MirroredRows } from '../../../db/database.ts';
import { loadProductStock, loadProjectedLots } from '../../../stock/projected-stock.ts';
import { countUnsent } from '../../../sync/unsent-count.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { call, callOk, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { createDisposal } from './create-disposal.ts';
import { createMarkdown } from './create-markdown.ts';
import { createRealization } from './create-realization.ts';
import { createReserve } from './create-reserve.ts';
import { receiveStock } from './receive-stock.ts';
import { deleteDisposal, setDisposalCount } from '../../../stock/update-disposal.ts';
import { setLotCount } from '../../../stock/update-lot.ts';
import { cancelRealization } from './update-realization.ts';
import { setReserveStatus } from './update-reserve.ts';

// Offline edits queued on the device, then sent to the real server: the stock the device showed
// while they waited (the projection) is the stock the server ends up with, lot by lot.
useDeviceOnRealServer({ perFile: true });

const counts = (lots: { id: string; count: number }[]) => Object.fromEntries(lots.map((l) => [l.id, l.count]).sort());
const sync = async () => {
  const result = await drainOutbox(pushOverHttp);
  await pullChanges(pullOverHttp);
  return result;
};
const rowsOf = <T extends 'disposals' | 'reserves' | 'realizations'>(table: T): Promise<MirroredRows[T][]> =>
  db.rows(table).toArray();

it('receipts, write-offs, markdowns, sales and reserves made offline project to what the server then has', async () => {
  await callOk('POST', '/api/v1/products/products/', { name: 'Чайник', description: '', images: [] });
  await sync();
  const [product] = await db.mirrored('products_wh').toArray();
  const p = product!.id;

  // Offline: two receipts (the older one dated back), then outflows that cross both lots.
  expect(await receiveStock({ productId: p, count: 3, price: 10, date: '2025-01-10' })).toEqual({ ok: true });
  expect(await receiveStock({ productId: p, count: 5, price: 20, date: '' })).toEqual({ ok: true });
  expect(await createDisposal({ productId: p, count: 2, price: 0 })).toEqual({ ok: true });
  expect(await createMarkdown({ productId: p, price: 10, markdown_price: 5, description: 'Скол' })).toEqual({
    ok: true,
  });
  expect(await createRealization({ productId: p, count: 2, realization_price: 50 })).toEqual({ ok: true });
  expect(await createReserve({ productId: p, count: 1, price: 70 })).toEqual({ ok: true });
  expect((await loadProductStock(p)).free).toBe(2);
  expect(await createDisposal({ productId: p, count: 3, price: 0 })).toEqual({
    ok: false,
    error: 'Недостаточно товара на складе: доступно 2 шт.',
  });
  const projected = counts(await loadProjectedLots(p));
  expect(Object.values(projected).sort()).toEqual([0, 3]);
  // The sale's cost price as projected: the 10 ₽ lot is gone (write-off 2, markdown 1), so 20 ₽.
  expect((await rowsOf('realizations'))[0]!.price).toBe(20);

  expect(await sync()).toMatchObject({ rejected: 0 });
  expect(await db.outbox.count()).toBe(0);
  expect(counts(await loadProjectedLots(p))).toEqual(projected);
  // …and as the server computed it.
  expect((await rowsOf('realizations'))[0]!.price).toBe(20);

  // Edits and removals of rows the server knows: the device puts back what the ledger says.
  const [disposal] = await rowsOf('disposals');
  const [reserve] = await rowsOf('reserves');
  const [sale] = await rowsOf('realizations');
  expect(await setDisposalCount(disposal!, 1)).toEqual({ ok: true });
  expect(await setReserveStatus(reserve!, 'realized')).toEqual({ ok: true });
  expect(await cancelRealization(sale!)).toEqual({ ok: true });
  const lots = await loadProductStock(p);
  const newest = lots.lots.at(-1)!;
  expect(await setLotCount(newest, newest.count - 1)).toEqual({ ok: true });
  const again = counts(await loadProjectedLots(p));
  expect(await sync()).toMatchObject({ rejected: 0 });
  expect(counts(await loadProjectedLots(p))).toEqual(again);

  expect(await deleteDisposal(disposal!)).toBeUndefined();
  const last = counts(await loadProjectedLots(p));
  expect(await sync()).toMatchObject({ rejected: 0 });
  expect(counts(await loadProjectedLots(p))).toEqual(last);
  expect(counts((await call<{ id: string; count: number }[]>('GET', `/api/v1/inventory/${p}/`)).body)).toEqual(last);
}, 90_000);

it('between the push answer and the next pull, accepted outflows still count: the units never show as back in stock', async () => {
  const created = await callOk<{ product_wh: { id: string } }>('POST', '/api/v1/products/products/', {
    name: 'Термос',
    description: '',
    images: [],
  });
  const p = created.product_wh.id;
  await sync();
  expect(await receiveStock({ productId: p, count: 4, price: 80, date: '2025-03-14' })).toEqual({ ok: true });
  await sync();

  // Offline: a write-off and a markdown; the device shows 1 left.
  expect(await createDisposal({ productId: p, count: 2, price: 0 })).toEqual({ ok: true });
  expect(await createMarkdown({ productId: p, price: 80, markdown_price: 50, description: '' })).toEqual({ ok: true });
  expect((await loadProductStock(p)).onHand).toBe(1);

  // Sent and accepted, lots not pulled yet: still 1 (the mirrored lot still says 4), nothing unsent.
  expect(await drainOutbox(pushOverHttp)).toEqual({ sent: 2, rejected: 0 });
  expect((await db.mirrored('lots').where('product_id').equals(p).toArray()).map((l) => l.count)).toEqual([4]);
  expect((await loadProductStock(p)).onHand).toBe(1);
  expect(await countUnsent()).toBe(0);
  expect((await db.outbox.toArray()).map((e) => [e.table, e.status])).toEqual([
    ['disposals', 'applied'],
    ['markdowns', 'applied'],
  ]);

  // An edit of the accepted write-off before the pull: replayed over it, sent as usual.
  const [disposal] = await db.rows('disposals').where('product_id').equals(p).toArray();
  expect(await setDisposalCount(disposal!, 1)).toEqual({ ok: true });
  expect((await loadProductStock(p)).onHand).toBe(2);
  expect(await countUnsent()).toBe(1);
  expect(await drainOutbox(pushOverHttp)).toEqual({ sent: 1, rejected: 0 });
  expect((await loadProductStock(p)).onHand).toBe(2);

  // The pull brings the lot as the server changed it and drops the entries: still 2, nothing replayed twice.
  await pullChanges(pullOverHttp);
  expect((await db.mirrored('lots').where('product_id').equals(p).toArray()).map((l) => l.count)).toEqual([2]);
  expect((await loadProductStock(p)).onHand).toBe(2);
  expect(await db.outbox.count()).toBe(0);
}, 30_000);
