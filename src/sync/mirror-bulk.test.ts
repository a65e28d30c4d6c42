// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { applyServerChanges, deleteAt, putIfNewer, type ServerChange } from './mirror-writes.ts';

// applyServerChanges is the pull's bulk form of putIfNewer and deleteAt: for any device state and
// any run of changes (ids repeating, versions out of order, deletions among them) it must leave
// exactly the rows and tombstones the single-row calls leave, one change after another.

let bulk: OstatokDatabase;
let single: OstatokDatabase;
beforeEach(() => {
  bulk = new OstatokDatabase('bulk-' + crypto.randomUUID());
  single = new OstatokDatabase('single-' + crypto.randomUUID());
});
afterEach(async () => {
  await Promise.all([bulk.delete(), single.delete()]);
});

/** A small deterministic generator, so a failure names a seed that replays it. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const row = (id: string, version: number): MirroredRow => ({ id, market_id: id, name: `${id}@${version}`, version });

async function state(database: OstatokDatabase) {
  return {
    rows: await database.mirrored('markets').toArray(),
    tombstones: await database.tombstones.toArray(),
  };
}

describe('applyServerChanges', () => {
  it('writes what putIfNewer and deleteAt write, change by change, over 300 random runs', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const ids = ['a', 'b', 'c', 'd'];
      const before: { rows: MirroredRow[]; tombstones: { key: string; version: number }[] } = { rows: [], tombstones: [] };
      for (const id of ids) {
        if (next(3) > 0) before.rows.push(row(id, next(10)));
        if (next(3) === 0) before.tombstones.push({ key: `markets/${id}`, version: next(10) });
      }
      const changes: ServerChange[] = Array.from({ length: 1 + next(8) }, () => {
        const id = ids[next(ids.length)]!;
        const version = next(12);
        return next(4) === 0 ? { id, version, row: null } : { id, version, row: row(id, version) };
      });
      for (const database of [bulk, single]) {
        await database.transaction('rw', database.markets, database.tombstones, async () => {
          await database.mirrored('markets').clear();
          await database.tombstones.clear();
          await database.mirrored('markets').bulkPut(before.rows);
          await database.tombstones.bulkPut(before.tombstones);
        });
      }
      await bulk.transaction('rw', bulk.markets, bulk.tombstones, () => applyServerChanges(bulk, 'markets', changes));
      await single.transaction('rw', single.markets, single.tombstones, async () => {
        for (const c of changes) {
          if (c.row) await putIfNewer(single, 'markets', c.row);
          else await deleteAt(single, 'markets', c.id, c.version);
        }
      });
      expect(await state(bulk), `seed ${seed}: ${JSON.stringify({ before, changes })}`).toEqual(await state(single));
    }
  });

  it('the same when a page is large enough to learn which rows exist from the table’s keys', async () => {
    const next = random(7);
    const ids = Array.from({ length: 150 }, (_, i) => `id-${i}`);
    const rows = ids.filter(() => next(2) === 0).map((id) => row(id, next(10)));
    const stones = ids.filter(() => next(5) === 0).map((id) => ({ key: `markets/${id}`, version: next(10) }));
    const changes: ServerChange[] = Array.from({ length: 400 }, () => {
      const id = ids[next(ids.length)]!;
      const version = next(12);
      return next(4) === 0 ? { id, version, row: null } : { id, version, row: row(id, version) };
    });
    for (const database of [bulk, single]) {
      await database.mirrored('markets').bulkPut(rows);
      await database.tombstones.bulkPut(stones);
    }
    await bulk.transaction('rw', bulk.markets, bulk.tombstones, () => applyServerChanges(bulk, 'markets', changes));
    await single.transaction('rw', single.markets, single.tombstones, async () => {
      for (const c of changes) {
        if (c.row) await putIfNewer(single, 'markets', c.row);
        else await deleteAt(single, 'markets', c.id, c.version);
      }
    });
    expect(await state(bulk)).toEqual(await state(single));
    expect((await state(bulk)).rows.length).toBeGreaterThan(rows.length);
  });

  it('counts every change it was given, written or not', async () => {
    await bulk.mirrored('markets').put(row('a', 5));
    const n = await bulk.transaction('rw', bulk.markets, bulk.tombstones, () =>
      applyServerChanges(bulk, 'markets', [{ id: 'a', version: 3, row: row('a', 3) }, { id: 'b', version: 1, row: null }]),
    );
    expect(n).toBe(2);
    expect(await bulk.mirrored('markets').get('a')).toEqual(row('a', 5));
  });
});
