// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OstatokDatabase } from '../db/database.ts';
import { queueImages, uploadPendingImages, type ImageUploader } from './image-uploads.ts';
import { queueCreate } from './outbox.ts';
import { countUnsent } from './unsent-count.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
async function productCreatedOffline(id: string) {
  const body = { id, name: 'Чайник', description: '', images: [] };
  await queueCreate('products_wh', { ...body }, { method: 'POST', path: '/api/v1/products/products/', body }, database);
}

it('offline the bytes stay; online each is uploaded and its URL folds into the create still waiting', async () => {
  const id = crypto.randomUUID();
  await productCreatedOffline(id);
  await queueImages(id, [file('a.png'), file('b.png')], database);

  const offline: ImageUploader = async () => ({ kind: 'retry' });
  expect(await uploadPendingImages(offline, database)).toBe(0);
  expect(await database.pending_images.count()).toBe(2);

  const sent: string[] = [];
  const online: ImageUploader = async (image) => (
    sent.push(image.name),
    { kind: 'uploaded', url: `/uploads/${image.name}` }
  );
  expect(await uploadPendingImages(online, database)).toBe(2);
  expect(sent).toEqual(['a.png', 'b.png']);
  expect(await database.pending_images.count()).toBe(0);
  expect((await database.mirrored('products_wh').get(id))!.images).toEqual(['/uploads/a.png', '/uploads/b.png']);
  // One entry: the create, which the server will receive with both URLs.
  const entries = await database.outbox.toArray();
  expect(entries).toHaveLength(1);
  expect(entries[0]!.body).toMatchObject({ id, images: ['/uploads/a.png', '/uploads/b.png'] });
});

it('after the create was sent, the URL goes in a PATCH queued after it', async () => {
  const id = crypto.randomUUID();
  await productCreatedOffline(id);
  await database.outbox.toCollection().modify({ attempts: 1 }); // sent once: nothing may fold into it
  await queueImages(id, [file('a.png')], database);
  await uploadPendingImages(async () => ({ kind: 'uploaded', url: '/uploads/a.png' }), database);
  const entries = await database.outbox.orderBy('seq').toArray();
  expect(entries.map((e) => e.method)).toEqual(['POST', 'PATCH']);
  expect(entries[1]).toMatchObject({
    path: `/api/v1/products/warehouse/${id}/update/`,
    body: { images: ['/uploads/a.png'] },
  });
});

it('a refused picture and one of a deleted product are dropped', async () => {
  const id = crypto.randomUUID();
  await productCreatedOffline(id);
  await queueImages(id, [file('bad.txt')], database);
  await queueImages(crypto.randomUUID(), [file('orphan.png')], database);
  await uploadPendingImages(async () => ({ kind: 'refused', reason: 'не картинка' }), database);
  expect(await database.pending_images.count()).toBe(0);
  expect(await database.outbox.count()).toBe(1);
});

it('a picture waiting for upload counts as unsent until its URL is queued, and never drops to 0 before', async () => {
  const id = crypto.randomUUID();
  await productCreatedOffline(id);
  await queueImages(id, [file('a.png')], database);
  expect(await countUnsent(database)).toBe(2);
  // The create is sent (and gone from the outbox); the picture is still only on the device.
  await database.outbox.clear();
  expect(await countUnsent(database)).toBe(1);
  await uploadPendingImages(async () => ({ kind: 'uploaded', url: '/uploads/a.png' }), database);
  // Now the PATCH carrying the URL is what is left to send.
  expect(await database.pending_images.count()).toBe(0);
  expect(await countUnsent(database)).toBe(1);
});
