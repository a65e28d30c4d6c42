// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { applyServerChanges, type KnownKeys } from './mirror-bulk.ts';
import { deleteAt, putIfNewer, type ServerChange } from './mirror-writes.ts';

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
    // The high bits: the low bits of this generator repeat with a short period (the lowest alternates).
    return (s >>> 16) % n;
  };
}

const row = (id: string, version: number): MirroredRow => ({ id, market_id: id, name: `${id}@${version}`, version });

async function state(database: OstatokDatabase) {
  return {
    rows: await database.mirrored('markets').toArray(),
    tombstones: await database.tombstones.toArray(),
  };
}

type DeviceState = { rows: MirroredRow[]; tombstones: { key: string; version: number }[] };

/** Makes the device hold exactly `before`. */
async function holdOnly(database: OstatokDatabase, before: DeviceState) {
  await database.transaction('rw', database.markets, database.tombstones, async () => {
    await database.mirrored('markets').clear();
    await database.tombstones.clear();
    await database.mirrored('markets').bulkPut(before.rows);
    await database.tombstones.bulkPut(before.tombstones);
  });
}

/** The reference: the single-row calls, one change after another. */
async function oneByOne(database: OstatokDatabase, changes: readonly ServerChange[]) {
  await database.transaction('rw', database.markets, database.tombstones, async () => {
    for (const c of changes) {
      if (c.row) await putIfNewer(database, 'markets', c.row);
      else await deleteAt(database, 'markets', c.id, c.version);
    }
  });
}

describe('applyServerChanges', () => {
  it('writes what putIfNewer and deleteAt write, change by change, over 300 random runs', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const ids = ['a', 'b', 'c', 'd'];
      const before: DeviceState = { rows: [], tombstones: [] };
      for (const id of ids) {
        if (next(3) > 0) before.rows.push(row(id, next(10)));
        if (next(3) === 0) before.tombstones.push({ key: `markets/${id}`, version: next(10) });
      }
      const changes: ServerChange[] = Array.from({ length: 1 + next(8) }, () => {
        const id = ids[next(ids.length)]!;
        const version = next(12);
        return next(4) === 0 ? { id, version, row: null } : { id, version, row: row(id, version) };
      });
      await Promise.all([bulk, single].map((database) => holdOnly(database, before)));
      await bulk.transaction('rw', bulk.markets, bulk.tombstones, () => applyServerChanges(bulk, 'markets', changes));
      await oneByOne(single, changes);
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
    await oneByOne(single, changes);
    expect(await state(bulk)).toEqual(await state(single));
    expect((await state(bulk)).rows.length).toBeGreaterThan(rows.length);
  });

  it('the same when a pull’s idea of which ids the table holds is stale: rows added or deleted by another writer since, over 300 random runs', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed * 7919);
      const ids = ['a', 'b', 'c', 'd', 'e'];
      const before: DeviceState = { rows: [], tombstones: [] };
      for (const id of ids) {
        if (next(2) > 0) before.rows.push(row(id, next(10)));
        if (next(4) === 0) before.tombstones.push({ key: `markets/${id}`, version: next(10) });
      }
      // Any subset: rows it misses were added by another writer, ids it has without a row were deleted.
      const known: KnownKeys = new Map([['markets', new Set(ids.filter(() => next(2) === 0))]]);
      const changes: ServerChange[] = Array.from({ length: 1 + next(8) }, () => {
        const id = ids[next(ids.length)]!;
        const version = next(12);
        return next(5) === 0 ? { id, version, row: null } : { id, version, row: row(id, version) };
      });
      await Promise.all([bulk, single].map((database) => holdOnly(database, before)));
      await bulk.transaction('rw', bulk.markets, bulk.tombstones, () =>
        applyServerChanges(bulk, 'markets', changes, known),
      );
      await oneByOne(single, changes);
      const after = await state(bulk);
      expect(after, `seed ${seed}: ${JSON.stringify({ before, changes, known: [...known.get('markets')!] })}`).toEqual(
        await state(single),
      );
      // What it wrote and deleted, it knows.
      const keys = known.get('markets')!;
      for (const r of after.rows)
        if (!before.rows.some((b) => b.id === r.id && b.version === r.version))
          expect(keys.has(r.id), `seed ${seed}: ${r.id}`).toBe(true);
      for (const b of before.rows)
        if (!after.rows.some((r) => r.id === b.id)) expect(keys.has(b.id), `seed ${seed}: ${b.id}`).toBe(false);
    }
  });

  it('learns the keys of a table once per pull: a later page reads only the rows it knows of', async () => {
    const known: KnownKeys = new Map();
    const page = (from: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        id: `p${from + i}`,
        version: from + i + 1,
        row: row(`p${from + i}`, from + i + 1),
      }));
    await bulk.transaction('rw', bulk.markets, bulk.tombstones, () =>
      applyServerChanges(bulk, 'markets', page(0), known),
    );
    expect(known.get('markets')?.size).toBe(100);
    // Another writer stores a newer copy of a row the next page brings an older one of.
    await bulk.mirrored('markets').put(row('p150', 999));
    const scans = countKeyScans(bulk);
    await bulk.transaction('rw', bulk.markets, bulk.tombstones, () =>
      applyServerChanges(bulk, 'markets', page(100), known),
    );
    expect(scans()).toBe(0);
    expect(await bulk.mirrored('markets').count()).toBe(200);
    expect(await bulk.mirrored('markets').get('p150')).toEqual(row('p150', 999));
    expect(known.get('markets')?.size).toBe(200);
  });

  it('counts every change it was given, written or not', async () => {
    await bulk.mirrored('markets').put(row('a', 5));
    const n = await bulk.transaction('rw', bulk.markets, bulk.tombstones, () =>
      applyServerChanges(bulk, 'markets', [
        { id: 'a', version: 3, row: row('a', 3) },
        { id: 'b', version: 1, row: null },
      ]),
    );
    expect(n).toBe(2);
    expect(await bulk.mirrored('markets').get('a')).toEqual(row('a', 5));
  });
});

/** How many times the table's keys are read whole from now on (Dexie's primaryKeys of the table). */
function countKeyScans(database: OstatokDatabase): () => number {
  const collection = Object.getPrototypeOf(database.mirrored('markets').toCollection());
  const original = collection.primaryKeys;
  let n = 0;
  collection.primaryKeys = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  return () => {
    collection.primaryKeys = original;
    return n;
  };
}
