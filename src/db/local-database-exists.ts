/** The name the app's IndexedDB database has (src/db/database.ts opens it under this name). */
export const DATABASE_NAME = 'ostatok';

/**
 * Whether this device holds the app's database at all, asked without loading Dexie. A first visit
 * to /auth has none, so the login form paints without downloading and starting the database code.
 * Where the browser cannot list its databases the answer is yes, and the caller opens it as before.
 */
export async function localDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DATABASE_NAME);
  } catch {
    return true;
  }
}
