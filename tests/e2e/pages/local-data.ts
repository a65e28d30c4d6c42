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
  status: 'pending' | 'sending' | 'rejected';
  attempts: number;
  error: string | null;
}

/**
 * The app's IndexedDB read directly, not through the UI: what is really queued, and what really
 * sits on the device. Raw IndexedDB, so the test depends on the stored shape, not on app code.
 */
export class LocalData {
  constructor(readonly page: Page) {}

  private readAll<T>(store: string): Promise<T[]> {
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
}
