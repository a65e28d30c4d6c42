// @vitest-environment node
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { uploadPendingImages } from '../../../sync/image-uploads.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pushOverHttp } from '../../../sync/transports.ts';
import { call, useDeviceOnRealServer } from '../../../testing/device-on-real-server.ts';
import { createProduct } from './create-product.ts';
import { groupProducts } from './group-products.ts';

// The queued calls against the real server: the wire shapes the client sends are the ones it takes.
useDeviceOnRealServer({ perFile: true });

const onePixelPng = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const serverProduct = (id: string) =>
  call<{ product_wh: { name: string; images: string[] } }>('GET', `/api/v1/products/product/${id}/`);

it('a product made offline with a picture reaches the server, picture included', async () => {
  const id = await createProduct({
    name: 'Чайник',
    description: 'Стекло',
    files: [new File([onePixelPng], 'p.png', { type: 'image/png' })],
  });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ sent: 1, rejected: 0 });
  expect(await uploadPendingImages()).toBe(1);
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ sent: 1, rejected: 0 });
  const { status, body } = await serverProduct(id);
  expect(status).toBe(200);
  expect(body.product_wh.name).toBe('Чайник');
  expect(body.product_wh.images).toHaveLength(1);
  expect(body.product_wh.images[0]).toMatch(/^\/uploads\/.+\.png$/);
  expect(await db.pending_images.count()).toBe(0);
}, 60_000);

it('grouping queued on the device removes the others on the server', async () => {
  const main = await createProduct({ name: 'Главный', description: '', files: [] });
  const other = await createProduct({ name: 'Второй', description: '', files: [] });
  await groupProducts(main, [other]);
  // The second product's create is still queued before the group call: both go, in order.
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  expect((await serverProduct(main)).status).toBe(200);
  expect((await serverProduct(other)).status).toBe(404);
}, 60_000);
