import type { Page } from 'playwright-core';

/** An outbox row as the app stores it in IndexedDB (src/db/database.ts). */
export interface StoredOutboxEntry {
  seq: number;
  id: string;
  group: string | null;
  method: string;
  path: string;
  body?: unknown;
  table: string;
  row_id: string;
  status: 'pending' | 'sending' | 'applied' | 'rejected';
  attempts: number;
  error: string | null;
}

/**
 * The app's IndexedDB read directly, not through the UI: what is really queued, and what really
 * sits on the device. Raw IndexedDB, so the test depends on the stored shape, not on app code.
 */
export class LocalData {
  constructor(readonly page: Page) {}

  /**
   * A read in the page that survives the page navigating away under it (the app loads /auth
   * itself when the session ends): it runs again in the new document, up to three times.
   */
  private async inPage<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        if (attempt === 3 || !/Execution context was destroyed|navigat/i.test(String(err))) throw err;
        await this.page.waitForLoadState('domcontentloaded').catch(() => undefined);
      }
    }
  }

  /** Every row of one object store, as stored. */
  readAll<T>(store: string): Promise<T[]> {
    return this.inPage(() => this.readOnce<T>(store));
  }

  private readOnce<T>(store: string): Promise<T[]> {
    return this.page.evaluate(
      (name) =>
        new Promise<T[]>((resolve, reject) => {
          const open = indexedDB.open('ostatok');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const request = idb.transaction(name, 'readonly').objectStore(name).getAll();
            request.onsuccess = () => {
              idb.close();
              resolve(request.result as T[]);
            };
            request.onerror = () => reject(request.error);
          };
        }),
      store,
    );
  }

  outbox(): Promise<StoredOutboxEntry[]> {
    return this.readAll<StoredOutboxEntry>('outbox');
  }

  markets(): Promise<Array<{ id: string; market_id: string; name: string }>> {
    return this.readAll('markets');
  }

  /** The pull cursor the device saved: the server version up to which it holds every change. */
  async pullCursor(): Promise<number | null> {
    const rows = await this.readAll<{ key: string; value: unknown }>('meta');
    const cursor = rows.find((r) => r.key === 'cursor')?.value;
    return typeof cursor === 'number' ? cursor : null;
  }

  /** The object stores the app's database holds now. */
  storeNames(): Promise<string[]> {
    return this.inPage(() => this.storeNamesOnce());
  }

  private storeNamesOnce(): Promise<string[]> {
    return this.page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('ostatok');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const names = [...open.result.objectStoreNames];
            open.result.close();
            resolve(names);
          };
        }),
    );
  }
}
