// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase } from '../../../db/database.ts';
import { keptOrComputed } from './home-snapshot.ts';
import { loadHomeFigures } from './load-home.ts';

// The home page's kept results against a real Dexie database: answered while no table changed, across a reload
// (a new connection), computed again after any write, another day, or a write during the computation.
let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const lot = (id: string, count: number, price: number) => ({
  ...meta,
  id,
  product_id: 'P1',
  count,
  count_max: count,
  price,
  created_at: '2025-03-03T00:00:00.000Z',
});

/** The figures through the kept results, counting how often they were really computed. */
function figures(db: OstatokDatabase) {
  let computed = 0;
  const read = (day = '2025-03-10') =>
    keptOrComputed(
      'figures',
      day,
      async () => {
        computed++;
        return loadHomeFigures(db);
      },
      db,
    );
  return { read, computed: () => computed };
}

describe('the home page’s kept results', () => {
  it('answers the kept figures until a table changes, also after a reload, then computes the change', async () => {
    await database.mirrored('lots').add(lot('A', 2, 100));
    const first = figures(database);
    expect((await first.read()).onHand).toMatchObject({ units: 2, value: 200 });
    expect((await first.read()).onHand).toMatchObject({ units: 2, value: 200 });
    expect(first.computed()).toBe(1);

    // A reload: a new connection, nothing in memory.
    const reloaded = new OstatokDatabase(database.name);
    const again = figures(reloaded);
    expect((await again.read()).onHand).toMatchObject({ units: 2, value: 200 });
    expect(again.computed()).toBe(0);

    await reloaded.mirrored('lots').add(lot('B', 3, 50));
    expect((await again.read()).onHand).toMatchObject({ units: 5, value: 350 });
    expect(again.computed()).toBe(1);
    reloaded.close();
  });

  it('computes again for another day', async () => {
    await database.mirrored('lots').add(lot('A', 1, 10));
    const f = figures(database);
    await f.read('2025-03-10');
    await f.read('2025-03-11');
    expect(f.computed()).toBe(2);
  });

  it('never keeps a result for a write it did not see', async () => {
    await database.mirrored('lots').add(lot('A', 2, 100));
    // The computation read its rows, then a write landed before it was kept.
    const stale = await keptOrComputed(
      'figures',
      'day',
      async () => {
        const value = await loadHomeFigures(database);
        await database.mirrored('lots').add(lot('B', 3, 50));
        return value;
      },
      database,
    );
    expect(stale.onHand).toMatchObject({ units: 2 });
    const f = figures(database);
    expect((await f.read('day')).onHand).toMatchObject({ units: 5, value: 350 });
    expect(f.computed()).toBe(1);
  });
});
