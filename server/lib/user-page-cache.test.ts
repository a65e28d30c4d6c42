import { describe, expect, it } from 'vitest';
import { UserPageCache } from './user-page-cache.ts';

/** A user's change marker as the database would answer it: moved on by every committed write. */
function database() {
  const markers = new Map<string, number>();
  return {
    write: (userId: string) => markers.set(userId, (markers.get(userId) ?? 0) + 1),
    marker: (userId: string) => async () => String(markers.get(userId) ?? 0),
  };
}

describe('UserPageCache', () => {
  it('serves a page while the user’s marker stays, and only to that user', async () => {
    const cache = new UserPageCache(1024, 60_000);
    const db = database();
    let reads = 0;
    const load = async () => `page ${++reads}`;
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('page 1');
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('page 1');
    expect(await cache.through('u2', 'k', db.marker('u2'), load)).toBe('page 2');
    db.write('u1');
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('page 3');
    expect(await cache.through('u2', 'k', db.marker('u2'), load)).toBe('page 2');
  });

  it('counts answers from memory and from the database', async () => {
    const cache = new UserPageCache(1024, 60_000);
    const db = database();
    const load = async () => 'page';
    await cache.through('u1', 'k', db.marker('u1'), load);
    await cache.through('u1', 'k', db.marker('u1'), load);
    await cache.through('u1', 'other', db.marker('u1'), load);
    db.write('u1');
    await cache.through('u1', 'k', db.marker('u1'), load);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 3 });
  });

  it('reads afresh once the marker moves, with no message about the write (another instance wrote)', async () => {
    const cache = new UserPageCache(1024, 60_000);
    const db = database();
    let name = 'Носки';
    const load = async () => name;
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('Носки');
    name = 'Носки шерстяные';
    db.write('u1');
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('Носки шерстяные');
  });

  it('drops the user’s pages on invalidate even when the marker stays (an edit no version records)', async () => {
    const cache = new UserPageCache(1024, 60_000);
    const db = database();
    let shelf = 'А-1';
    const load = async () => shelf;
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('А-1');
    shelf = 'Б-2';
    cache.invalidate('u1');
    expect(await cache.through('u1', 'k', db.marker('u1'), load)).toBe('Б-2');
  });

  it('never keeps an answer read while a change was announced', async () => {
    const cache = new UserPageCache(1024, 60_000);
    const db = database();
    let release!: () => void;
    const slow = cache.through(
      'u1',
      'k',
      db.marker('u1'),
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    );
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate('u1');
    release();
    expect(await slow).toBe('before the write');
    expect(cache.get('u1', 'k', '0')).toBeUndefined();
    expect(await cache.through('u1', 'k', db.marker('u1'), async () => 'after the write')).toBe('after the write');
  });

  it('keeps a page only under the marker read before it, so a page read under an older marker never matches a newer one', async () => {
    const cache = new UserPageCache(1024, 60_000);
    cache.set('u1', 'k', cache.stampOf('u1'), '7', 'page at 7');
    expect(cache.get('u1', 'k', '8')).toBeUndefined();
    // And it is gone: asking again with its own marker reads afresh too.
    expect(cache.get('u1', 'k', '7')).toBeUndefined();
  });

  it('keeps a user’s stamp when their pages are evicted, so an older reader still loses', async () => {
    const cache = new UserPageCache(10, 60_000);
    const stamp = cache.stampOf('u1');
    cache.invalidate('u1');
    cache.set('u2', 'k', cache.stampOf('u2'), '0', '0123456789');
    cache.set('u1', 'k', stamp, '0', 'stale');
    expect(cache.get('u1', 'k', '0')).toBeUndefined();
  });

  it('evicts the oldest pages past its size and expires pages past their age', () => {
    let now = 0;
    const cache = new UserPageCache(10, 1000, () => now);
    cache.set('u1', 'a', 0, '0', '12345');
    cache.set('u1', 'b', 0, '0', '12345');
    cache.set('u1', 'c', 0, '0', '12345');
    expect(cache.get('u1', 'a', '0')).toBeUndefined();
    expect(cache.get('u1', 'b', '0')).toBe('12345');
    now = 1001;
    expect(cache.get('u1', 'c', '0')).toBeUndefined();
    cache.set('u1', 'big', 0, '0', '01234567890');
    expect(cache.get('u1', 'big', '0')).toBeUndefined();
  });

  it('with no memory given keeps nothing and never asks for the marker', async () => {
    const cache = new UserPageCache(0, 60_000);
    let markers = 0;
    let reads = 0;
    const marker = async () => String(++markers);
    await cache.through('u1', 'k', marker, async () => `page ${++reads}`);
    expect(await cache.through('u1', 'k', marker, async () => `page ${++reads}`)).toBe('page 2');
    expect(markers).toBe(0);
  });
});
