// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { OstatokDatabase } from '../db/database.ts';
import { DATABASE_NAME } from '../db/local-database-exists.ts';
import { warmDatabase } from './warm-database.ts';

const exists = async () => (await indexedDB.databases()).some((d) => d.name === DATABASE_NAME);

afterEach(async () => {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE_NAME);
    request.onsuccess = request.onerror = resolve;
  });
});

describe('warming the database at start', () => {
  it('creates no database on a device that has none', async () => {
    await warmDatabase();
    expect(await exists()).toBe(false);
  });

  it('leaves an existing database as it was, closed, so Dexie opens and reads it at once', async () => {
    const first = new OstatokDatabase();
    await first.markets.add({ id: 'm1', market_id: 'a', name: 'Склад' } as never);
    const version = first.verno;
    first.close();

    await warmDatabase();
    const db = new OstatokDatabase();
    expect((await db.markets.toArray()).map((m) => m.name)).toEqual(['Склад']);
    expect(db.verno).toBe(version);
    db.close();
  });
});
