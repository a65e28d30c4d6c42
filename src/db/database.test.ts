// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queueCreate } from '../sync/outbox.ts';
import { clearLocalData, mirroredTableNames, OstatokDatabase } from './database.ts';
import { getMeta, setMeta } from './meta.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

it('has a table for every mirrored entity, the outbox, meta, the image queue, tombstones and field changes', async () => {
  await database.open();
  const names = database.tables.map((t) => t.name).sort();
  expect(names).toEqual(
    [...mirroredTableNames, 'meta', 'outbox', 'pending_images', 'tombstones', 'field_changes'].sort(),
  );
});

it('keeps meta values by key', async () => {
  expect(await getMeta('cursor', database)).toBeUndefined();
  await setMeta('cursor', 17, database);
  await setMeta('cursor', 18, database);
  expect(await getMeta<number>('cursor', database)).toBe(18);
});

it('sign-out leaves nothing of the user: rows, queued edits, cursor', async () => {
  await queueCreate(
    'markets',
    { id: 'm1', market_id: 'm1', name: 'Мой' },
    { method: 'POST', path: '/api/v1/markets/add/' },
    database,
  );
  await database.mirrored('returns').put({ id: 'r1' });
  await setMeta('cursor', 5, database);
  await database.tombstones.put({ key: 'markets/gone', version: 4 });

  await clearLocalData(database);

  for (const table of database.tables) expect(await table.count(), table.name).toBe(0);
});
