import type { Page } from 'playwright-core';

export interface Rename {
  /** The row's key in IndexedDB (the store's uuid). */
  rowId: string;
  path: string;
  name: string;
}

/**
 * Queues renames by writing IndexedDB exactly as src/sync/outbox.ts queueUpdate does for
 * updateMarket: in one transaction per edit, the local row takes the change and an outbox entry
 * is appended — or folded into the row's last waiting entry. The app's modules are bundled and
 * minified, so page code cannot call queueUpdate itself, and the app has no test hooks; the
 * benchmark checks this copy against an entry the UI made (sameShape) before trusting it.
 */
export function queueRenamesLikeApp(page: Page, renames: Rename[]): Promise<number> {
  return page.evaluate(async (edits) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('ostatok');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    // The business the entry is for, as src/sync/outbox.ts newEntry takes it from the access token (bid, else sub).
    const claims = (() => {
      try {
        const token = localStorage.getItem('access_token')!;
        return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    const business = typeof claims.bid === 'string' ? claims.bid : typeof claims.sub === 'string' ? claims.sub : null;
    let added = 0;
    try {
      for (const edit of edits) {
        await new Promise<void>((resolve, reject) => {
          const tx = idb.transaction(['markets', 'outbox'], 'readwrite');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error(`no local row ${edit.rowId}`));
          const markets = tx.objectStore('markets');
          const outbox = tx.objectStore('outbox');
          markets.get(edit.rowId).onsuccess = (e) => {
            const current = (e.target as IDBRequest<Record<string, unknown> | undefined>).result;
            if (!current) return tx.abort();
            const body = { name: edit.name };
            markets.put({ ...current, ...body, updated_at: new Date().toISOString() });
            outbox.index('[table+row_id]').getAll(['markets', edit.rowId]).onsuccess = (e2) => {
              type Entry = {
                seq: number;
                status: string;
                group: string | null;
                method: string;
                path: string;
                before: unknown;
                body: object;
              };
              const unsettled = ((e2.target as IDBRequest<Entry[]>).result ?? [])
                .filter((x) => x.status !== 'rejected')
                .sort((a, b) => a.seq - b.seq);
              const last = unsettled.at(-1);
              const foldable =
                last?.status === 'pending' &&
                last.group === null &&
                ((last.method === 'PATCH' && last.path === edit.path) ||
                  (last.method === 'POST' && last.before === null));
              if (foldable) return void outbox.put({ ...last, body: { ...last.body, ...body } });
              added++;
              outbox.add({
                ...(business ? { business_id: business } : {}),
                id: crypto.randomUUID(),
                group: null,
                method: 'PATCH',
                path: edit.path,
                body,
                table: 'markets',
                row_id: edit.rowId,
                before: current,
                created_at: Date.now(),
                status: 'pending',
                attempts: 0,
                error: null,
              });
            };
          };
        });
      }
    } finally {
      idb.close();
    }
    return added;
  }, renames);
}

/** Same fields with the same kinds of values: the copy writes what the app writes. */
export function sameShape(fromApp: Record<string, unknown>, fromCopy: Record<string, unknown>): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const keys = [...new Set([...Object.keys(fromApp), ...Object.keys(fromCopy)])].sort();
  const differences = keys
    .filter((k) => kind(fromApp[k]) !== kind(fromCopy[k]))
    .map((k) => `${k}: ${kind(fromApp[k])} vs ${kind(fromCopy[k])}`);
  // status and attempts may differ by value: the app tries (and fails) to send its entry at once.
  for (const k of ['method', 'group', 'table', 'error'])
    if (fromApp[k] !== fromCopy[k]) differences.push(`${k}: ${String(fromApp[k])} vs ${String(fromCopy[k])}`);
  const bodyKeys = (v: unknown) =>
    Object.keys((v ?? {}) as object)
      .sort()
      .join(',');
  if (bodyKeys(fromApp.body) !== bodyKeys(fromCopy.body))
    differences.push(`body keys: ${bodyKeys(fromApp.body)} vs ${bodyKeys(fromCopy.body)}`);
  const beforeKeys = (v: unknown) =>
    Object.keys((v ?? {}) as object)
      .sort()
      .join(',');
  if (beforeKeys(fromApp.before) !== beforeKeys(fromCopy.before)) differences.push('before: different row fields');
  return differences;
}
