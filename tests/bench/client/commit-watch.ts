/**
 * When the app's IndexedDB first holds an expected number of rows in some stores, timed at the
 * commit that completed them, without polling. A poll costs the measured page: Chromium counts a
 * store by walking it, and each count waits behind the pull's write transactions and the reads the
 * screen starts when they commit, so it saw the rows late (about a second at 50,000 rows) and
 * slowed the writes it was waiting for. Installed as an init script, before the app opens its
 * database; it notes the keys each of the app's read-write transactions puts or deletes and, when
 * one completes, whether the committed keys now number what is expected.
 */
export interface CommitWatch {
  expect(counts: Record<string, number>): void;
  /** Resolves with performance.now() of the commit that completed the expected rows. */
  done: Promise<number>;
}

declare global {
  interface Window {
    __commitWatch?: CommitWatch;
  }
}

/** The init script (serialised by Playwright: it must not close over anything). */
export function installCommitWatch(databaseName: string): void {
  const committed = new Map<string, Set<IDBValidKey>>();
  let expected: Record<string, number> | undefined;
  let finish: (at: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));
  type Change = { store: string } & (
    { op: 'put'; key: IDBValidKey } | { op: 'delete'; key: IDBValidKey | IDBKeyRange } | { op: 'clear' }
  );
  const tracked = new WeakMap<IDBTransaction, Change[]>();

  const check = () => {
    if (expected && Object.entries(expected).every(([store, n]) => (committed.get(store)?.size ?? 0) === n)) {
      finish(performance.now());
      expected = undefined;
    }
  };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = transaction.apply(this, args);
    if (this.name === databaseName && args[1] === 'readwrite') {
      const changes: Change[] = [];
      tracked.set(tx, changes);
      tx.addEventListener('complete', () => {
        for (const change of changes) {
          const keys = committed.get(change.store) ?? committed.set(change.store, new Set()).get(change.store)!;
          if (change.op === 'clear') keys.clear();
          else if (change.op === 'put') keys.add(change.key);
          else if (change.key instanceof IDBKeyRange) {
            for (const k of keys) if (change.key.includes(k)) keys.delete(k);
          } else keys.delete(change.key);
        }
        check();
      });
    }
    return tx;
  } as typeof transaction;

  const note = (store: IDBObjectStore, change: Change) => tracked.get(store.transaction)?.push(change);
  // Out-of-line keys the store generates are not learnt here: the watched stores have a key path.
  const keyOf = (store: IDBObjectStore, value: unknown, key?: IDBValidKey) =>
    key ??
    (typeof store.keyPath === 'string' ? (value as Record<string, IDBValidKey | undefined>)[store.keyPath] : undefined);
  for (const method of ['put', 'add'] as const) {
    const write = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const request = write.call(this, value, key);
      const k = keyOf(this, value, key);
      if (k !== undefined) note(this, { store: this.name, op: 'put', key: k });
      return request;
    };
  }
  const remove = IDBObjectStore.prototype.delete;
  IDBObjectStore.prototype.delete = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
    note(this, { store: this.name, op: 'delete', key: query });
    return remove.call(this, query);
  };
  const clear = IDBObjectStore.prototype.clear;
  IDBObjectStore.prototype.clear = function (this: IDBObjectStore) {
    note(this, { store: this.name, op: 'clear' });
    return clear.call(this);
  };

  window.__commitWatch = {
    expect(counts) {
      expected = counts;
      check();
    },
    done,
  };
}
