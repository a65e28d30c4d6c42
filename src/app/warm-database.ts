import { DATABASE_NAME } from '../db/local-database-exists.ts';

/**
 * Opens the device's database once and closes it at once, from the main chunk, long before Dexie
 * (in a later chunk) asks for it. The first open after the browser starts is slow on the browser's
 * side — storage permission checked, the files opened — and that cost then overlaps with
 * downloading and starting the screen's code instead of following it; the browser keeps the files
 * open a moment after the last connection closes. No version is asked for, so this never upgrades
 * anything, and a database that does not exist is not created: that open is aborted. Settles when
 * done, whatever happened: Dexie opens the database itself and reports what goes wrong.
 */
export function warmDatabase(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    try {
      const request = indexedDB.open(DATABASE_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = (event) => {
        event.preventDefault();
        resolve();
      };
      request.onblocked = () => resolve();
    } catch {
      // An origin without storage (some private modes).
      resolve();
    }
  });
}
