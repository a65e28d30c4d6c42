import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * The transaction of the write being handled. Route handlers stay unaware of it: a write
 * request (or a push group) opens it, and repositories pick it up through `dbOf`, so every
 * change a request makes commits or rolls back together.
 */
const storage = new AsyncLocalStorage<Db>();

export const runInTransaction = <T>(tx: Db, fn: () => Promise<T>): Promise<T> => storage.run(tx, fn);

export const currentTransaction = (): Db | undefined => storage.getStore();

/** The open transaction if there is one, else the database itself. */
export const dbOf = (root: Db): Db => storage.getStore() ?? root;

/**
 * Idempotency keys a sync push has checked up front and found unused (one query for the whole
 * push instead of one per entry). A key used meanwhile by a racing twin still meets the unique
 * index when its answer is stored, and that path looks the key up again.
 */
const unusedKeys = new AsyncLocalStorage<{ scope: string; keys: Set<string> }>();

export const withUnusedKeys = <T>(scope: string, keys: Set<string>, fn: () => Promise<T>): Promise<T> =>
  unusedKeys.run({ scope, keys }, fn);

export const knownUnused = (scope: string, key: string): boolean => {
  const store = unusedKeys.getStore();
  return store?.scope === scope && store.keys.has(key);
};
