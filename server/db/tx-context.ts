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
