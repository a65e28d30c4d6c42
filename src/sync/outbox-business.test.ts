// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { OstatokDatabase } from '../db/database.ts';

const names: string[] = [];
afterEach(async () => {
  await Promise.all(names.splice(0).map((name) => Dexie.delete(name)));
});

/** The outbox and meta of an installed app from before teams (schema version 6). */
async function deviceBeforeTeams(heldBusiness: string | null): Promise<string> {
  const name = `before-teams-${crypto.randomUUID()}`;
  names.push(name);
  const old = new Dexie(name);
  old.version(6).stores({ outbox: '++seq, &id, status, [table+row_id], group', meta: 'key' });
  const entry = (id: string, status: string) => ({
    id,
    group: null,
    method: 'PATCH',
    path: '/api/v1/markets/m1/',
    body: { name: 'Новое' },
    table: 'markets',
    row_id: 'row-1',
    before: null,
    created_at: Date.now(),
    status,
    attempts: 0,
    error: null,
  });
  await old.table('outbox').bulkAdd([entry('e1', 'pending'), entry('e2', 'rejected')]);
  if (heldBusiness) await old.table('meta').put({ key: 'user_id', value: heldBusiness });
  old.close();
  return name;
}

it('an upgraded device files the edits it had queued under the business it held', async () => {
  const business = crypto.randomUUID();
  const database = new OstatokDatabase(await deviceBeforeTeams(business));
  const entries = await database.outbox.orderBy('seq').toArray();
  expect(entries.map((e) => [e.id, e.status, e.business_id])).toEqual([
    ['e1', 'pending', business],
    ['e2', 'rejected', business],
  ]);
  database.close();
});

it('a device that held no business leaves its entries unfiled: they are the next sign-in’s to sort out', async () => {
  const database = new OstatokDatabase(await deviceBeforeTeams(null));
  expect((await database.outbox.toArray()).map((e) => e.business_id)).toEqual([undefined, undefined]);
  database.close();
});
