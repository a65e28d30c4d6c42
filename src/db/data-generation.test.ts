// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataGeneration } from './data-generation.ts';
import { OstatokDatabase } from './database.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const lot = (id: string, count: number) => ({ id, product_id: 'P', count, price: 10, version: 1 });

describe('the data generation', () => {
  it('changes with every committed write to a data table, and not with a write to meta alone', async () => {
    expect(await dataGeneration(database)).toBeUndefined();
    await database.mirrored('lots').put(lot('a', 1));
    const first = await dataGeneration(database);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);

    await database.meta.put({ key: 'last_sync_at', value: 1 });
    expect(await dataGeneration(database)).toBe(first);

    await database.mirrored('disposals').put({ id: 'd', product_id: 'P', count: 1, version: 1 });
    const second = await dataGeneration(database);
    expect(second).not.toBe(first);

    await database.mirrored('lots').update('a', { count: 2 });
    expect(await dataGeneration(database)).not.toBe(second);
  });

  it('is written inside an explicit transaction that names only data tables, and rolls back with it', async () => {
    await database.transaction('rw', database.mirrored('lots'), async () => {
      await database.mirrored('lots').bulkPut([lot('a', 1), lot('b', 2)]);
    });
    const committed = await dataGeneration(database);
    expect(committed).toBeDefined();

    await expect(
      database.transaction('rw', database.mirrored('lots'), async () => {
        await database.mirrored('lots').put(lot('c', 3));
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(await dataGeneration(database)).toBe(committed);
    expect(await database.mirrored('lots').get('c')).toBeUndefined();
  });

  it('is written by a write made through another connection (another tab)', async () => {
    await database.mirrored('lots').put(lot('a', 1));
    const before = await dataGeneration(database);
    const other = new OstatokDatabase(database.name);
    await other.mirrored('lots').delete('a');
    other.close();
    expect(await dataGeneration(database)).not.toBe(before);
  });
});

describe('a write of nothing', () => {
  it('leaves the generation as it was', async () => {
    await database.mirrored('lots').put(lot('a', 1));
    const before = await dataGeneration(database);
    await database.mirrored('lots').bulkDelete([]);
    await database.mirrored('lots').bulkPut([]);
    expect(await dataGeneration(database)).toBe(before);
  });
});
