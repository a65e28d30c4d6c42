import { describe, expect, it } from 'vitest';
import { UserPageCache } from './user-page-cache.ts';

describe('UserPageCache', () => {
  it('serves a page until the user’s data changes, and only to that user', async () => {
    const cache = new UserPageCache(1024, 60_000);
    let reads = 0;
    const load = async () => `page ${++reads}`;
    expect(await cache.through('u1', 'k', load)).toBe('page 1');
    expect(await cache.through('u1', 'k', load)).toBe('page 1');
    expect(await cache.through('u2', 'k', load)).toBe('page 2');
    cache.invalidate('u1');
    expect(await cache.through('u1', 'k', load)).toBe('page 3');
    expect(await cache.through('u2', 'k', load)).toBe('page 2');
  });

  it('never keeps an answer read while a change happened', async () => {
    const cache = new UserPageCache(1024, 60_000);
    let release!: () => void;
    const slow = cache.through(
      'u1',
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    );
    cache.invalidate('u1');
    release();
    expect(await slow).toBe('before the write');
    expect(cache.get('u1', 'k')).toBeUndefined();
    expect(await cache.through('u1', 'k', async () => 'after the write')).toBe('after the write');
  });

  it('keeps a user’s stamp when their pages are evicted, so an older reader still loses', async () => {
    const cache = new UserPageCache(10, 60_000);
    const stamp = cache.stampOf('u1');
    cache.invalidate('u1');
    cache.set('u2', 'k', cache.stampOf('u2'), '0123456789');
    cache.set('u1', 'k', stamp, 'stale');
    expect(cache.get('u1', 'k')).toBeUndefined();
  });

  it('evicts the oldest pages past its size and expires pages past their age', () => {
    let now = 0;
    const cache = new UserPageCache(10, 1000, () => now);
    cache.set('u1', 'a', 0, '12345');
    cache.set('u1', 'b', 0, '12345');
    cache.set('u1', 'c', 0, '12345');
    expect(cache.get('u1', 'a')).toBeUndefined();
    expect(cache.get('u1', 'b')).toBe('12345');
    now = 1001;
    expect(cache.get('u1', 'c')).toBeUndefined();
    cache.set('u1', 'big', 0, '01234567890');
    expect(cache.get('u1', 'big')).toBeUndefined();
  });
});
