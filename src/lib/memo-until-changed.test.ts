// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoUntilChanged } from './memo-until-changed.ts';

// A read kept until its tables change: asserted against real Dexie writes, this tab's and another instance's.
class Store extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({ lots: 'id', notes: 'id' });
  }
}

let name: string;
let store: Store;
beforeEach(async () => {
  name = 'memo-' + crypto.randomUUID();
  store = new Store(name);
  await store.open();
});
afterEach(async () => {
  await store.delete();
});

/** A memo of Σ counts of `lots` that counts how often it really read. */
function countedSum() {
  let reads = 0;
  const memo = memoUntilChanged(['lots'], async () => {
    reads++;
    const lots = await store.table<{ id: string; count: number }>('lots').toArray();
    return lots.reduce((sum, l) => sum + l.count, 0);
  });
  return { memo, reads: () => reads };
}

/** Dexie tells its listeners after the commit, a tick later. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('memoUntilChanged', () => {
  it('answers the kept read until its table changes, then reads the change', async () => {
    const { memo, reads } = countedSum();
    await store.table('lots').bulkAdd([
      { id: 'a', count: 2 },
      { id: 'b', count: 3 },
    ]);
    await settled();
    expect(await memo('k')).toBe(5);
    expect(await memo('k')).toBe(5);
    expect(reads()).toBe(1);

    await store.table('lots').update('a', { count: 7 });
    await settled();
    expect(memo.holds('k')).toBe(false);
    expect(await memo('k')).toBe(10);
    expect(reads()).toBe(2);
  });

  it('ignores a change of a table it does not read, and reads again for another key', async () => {
    const { memo, reads } = countedSum();
    await memo('monday');
    await store.table('notes').put({ id: 'n' });
    await settled();
    expect(memo.holds('monday')).toBe(true);
    await memo('monday');
    expect(reads()).toBe(1);
    await memo('tuesday');
    expect(reads()).toBe(2);
  });

  it('sees a write made through another connection to the database (another tab)', async () => {
    const { memo } = countedSum();
    expect(await memo('k')).toBe(0);
    const other = new Store(name);
    await other.table('lots').put({ id: 'x', count: 4 });
    await settled();
    expect(await memo('k')).toBe(4);
    other.close();
  });

  it('never keeps a read that a write overtook while it ran', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const memo = memoUntilChanged(['lots'], async () => {
      const lots = await store.table<{ count: number }>('lots').toArray();
      await gate;
      return lots.length;
    });
    const first = memo('k');
    await settled();
    await store.table('lots').put({ id: 'late', count: 1 });
    await settled();
    release();
    expect(await first).toBe(0);
    expect(memo.holds('k')).toBe(false);
    expect(await memo('k')).toBe(1);
  });

  it('drops a read that failed, so the next call tries again', async () => {
    let fail = true;
    const memo = memoUntilChanged(['lots'], async () => {
      if (fail) throw new Error('read failed');
      return 'ok';
    });
    await expect(memo('k')).rejects.toThrow('read failed');
    fail = false;
    expect(await memo('k')).toBe('ok');
  });
});

describe('memoUntilChanged, only while running', () => {
  it('shares one read between callers at the same moment and holds nothing once it is done', async () => {
    let reads = 0;
    const memo = memoUntilChanged(['lots'], async () => ++reads, { whileRunning: true });
    const [a, b] = await Promise.all([memo('k'), memo('k')]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(memo.holds('k')).toBe(false);
    expect(await memo('k')).toBe(2);
  });
});
