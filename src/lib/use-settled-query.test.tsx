// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../testing/component-setup.ts';
import { renderHook, waitFor } from '@testing-library/react';
import Dexie, { type EntityTable } from 'dexie';
import { afterAll, describe, expect, it } from 'vitest';
import { setMirrorFilling } from '../db/mirror-filling.ts';
import { useSettledQuery } from './use-settled-query.ts';

interface Row {
  id: string;
}

const database = new Dexie('settled-query-test') as Dexie & {
  lots: EntityTable<Row, 'id'>;
  notes: EntityTable<Row, 'id'>;
};
database.version(1).stores({ lots: 'id', notes: 'id' });
afterAll(() => database.delete());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A hook reading the lots' count, mounted on an empty table and read once; `reads` counts its reads. */
async function countedLotsQuery() {
  let n = 0;
  const load = async () => {
    n++;
    return database.lots.count();
  };
  await database.lots.clear();
  await sleep(50);
  const hook = renderHook(() => useSettledQuery(load, ['lots']));
  await waitFor(() => expect(hook.result.current).toBe(0));
  return { ...hook, reads: () => n };
}

describe('useSettledQuery', () => {
  it('reads once, ignores other tables, and reads a burst of writes to its table once it has settled', async () => {
    let reads = 0;
    const load = async () => {
      reads++;
      return database.lots.count();
    };
    // Creating the database signals every table changed once: let that pass before counting.
    await database.open();
    await sleep(50);
    const { result } = renderHook(() => useSettledQuery(load, ['lots']));
    await waitFor(() => expect(result.current).toBe(0));
    expect(reads).toBe(1);

    await database.notes.add({ id: 'n' });
    await sleep(1000);
    expect(reads).toBe(1);

    // Five commits 100 ms apart, as the pages of a pull: one read after them, not five.
    for (let i = 0; i < 5; i++) {
      await database.lots.add({ id: `L${i}` });
      await sleep(100);
    }
    expect(reads).toBe(1);
    await waitFor(() => expect(result.current).toBe(5), { timeout: 3000 });
    expect(reads).toBe(2);
  });

  it('while a pull fills the mirror, waits for it to end even when its pages come further apart than the settle time', async () => {
    const { result, unmount, reads } = await countedLotsQuery();
    expect(reads()).toBe(1);

    setMirrorFilling(true);
    // Three pages a second apart, as a slow tablet writes them: no read between them.
    for (let i = 0; i < 3; i++) {
      await database.lots.add({ id: `P${i}` });
      await sleep(1000);
    }
    expect(reads()).toBe(1);
    setMirrorFilling(false);
    await waitFor(() => expect(result.current).toBe(3), { timeout: 1000 });
    expect(reads()).toBe(2);
    unmount();
  });

  it('a read due after a short settle waits when a pull starts streaming meanwhile', async () => {
    const { result, unmount, reads } = await countedLotsQuery();

    await database.lots.add({ id: 'before-pull' });
    await sleep(100);
    // The first page is still on its way when the settle time is up.
    setMirrorFilling(true);
    await sleep(1500);
    expect(reads()).toBe(1);
    await database.lots.add({ id: 'page-1' });
    setMirrorFilling(false);
    await waitFor(() => expect(result.current).toBe(2), { timeout: 1000 });
    expect(reads()).toBe(2);
    unmount();
  });
});
