import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
    __signedInAt?: number;
    __mirrored?: Promise<{ clickAt: number; signedInAt: number; doneAt: number }>;
    Dexie?: new (name: string) => {
      version(n: number): { stores(s: Record<string, string>): unknown };
      table(name: string): { bulkPut(rows: unknown[]): Promise<unknown> };
      open(): Promise<unknown>;
      delete(): Promise<void>;
    };
  }
}

const require = createRequire(import.meta.url);
/** The app's stores for these tables (src/db/database.ts, latest version of each). */
export const STORES = {
  products_wh: 'id, name',
  products_mp: 'id, product_wh_id, offer_id',
  lots: 'id, product_id, received_at, batch_id, return_id',
};

/** Signs in through the form and resolves when IndexedDB holds `expected` rows of each table. */
export async function signInUntilMirrored(
  page: Page,
  login: string,
  password: string,
  expected: Record<string, number>,
): Promise<{ ms: number; fromClickMs: number; longest: number; over200: number }> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.evaluate((expected) => {
    window.__commitWatch!.expect(expected);
    window.__mirrored = new Promise((resolve) => {
      addEventListener(
        'click',
        (e) =>
          void window.__commitWatch!.done.then((doneAt) =>
            resolve({ clickAt: e.timeStamp, signedInAt: window.__signedInAt ?? e.timeStamp, doneAt }),
          ),
        { capture: true, once: true },
      );
    });
  }, expected);
  await page.getByRole('button', { name: 'Войти' }).click();
  const { clickAt, signedInAt, doneAt } = await page.evaluate(() => window.__mirrored!);
  // The watch saw the keys go in; the stores themselves must say the same.
  const held = await page.evaluate(
    (names) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('ostatok');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(names, 'readonly');
          const out: Record<string, number> = {};
          for (const name of names)
            tx.objectStore(name).count().onsuccess = (e) => (out[name] = (e.target as IDBRequest<number>).result);
          tx.oncomplete = () => (open.result.close(), resolve(out));
        };
      }),
    Object.keys(expected),
  );
  for (const [name, n] of Object.entries(expected))
    if (held[name] !== n) throw new Error(`${name}: IndexedDB holds ${held[name]} rows, the commit watch saw ${n}`);
  const tasks = await page.evaluate(() => window.__longTasks ?? []);
  const during = tasks.filter((t) => t.start + t.duration >= clickAt && t.start <= doneAt);
  if (process.env.BENCH_MIRROR_TASKS === '1')
    console.error(
      `long tasks (ms after the login answer: duration): ${during.map((t) => `${(t.start - signedInAt).toFixed(0)}: ${t.duration.toFixed(0)}`).join(', ')}`,
    );
  return {
    ms: doneAt - signedInAt,
    fromClickMs: doneAt - clickAt,
    longest: Math.max(0, ...during.map((t) => t.duration)),
    over200: during.filter((t) => t.duration > 200).length,
  };
}

/** Every row of `tables` as pull hands them to the device, fetched by node (untimed). */
export async function rowsOf(
  baseUrl: string,
  auth: Record<string, string>,
  tables: string[],
  /** More of the pull's query, e.g. `&history_from=…` for a windowed device. */
  query = '',
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = Object.fromEntries(tables.map((t) => [t, []]));
  for (let since = 0; ;) {
    const res = await fetch(`${baseUrl}/api/v1/sync/pull?since=${since}&limit=5000${query}`, { headers: auth });
    if (!res.ok) throw new Error(`pull: ${res.status}`);
    const page = (await res.json()) as {
      cursor: number;
      has_more: boolean;
      changes: { table: string; row: unknown }[];
    };
    for (const c of page.changes) if (c.row && out[c.table]) out[c.table]!.push(c.row);
    since = page.cursor;
    if (!page.has_more) return out;
  }
}

/**
 * The floor: the same rows written by Dexie's bulkPut (one call per table) into an empty database
 * of the same stores, in the page about to sign in, before it does, while nothing else runs.
 */
export async function bulkPutFloor(page: Page, rows: Record<string, unknown[]>, run: number): Promise<number> {
  // Evaluated through the debugger protocol, which the app's Content Security Policy does not govern.
  await page.evaluate(readFileSync(require.resolve('dexie/dist/dexie.min.js'), 'utf8'));
  return page.evaluate(
    async ({ stores, name, rows }) => {
      const floor = new window.Dexie!(name);
      floor.version(1).stores(stores);
      await floor.open();
      const started = performance.now();
      for (const t of Object.keys(stores)) await floor.table(t).bulkPut(rows[t]!);
      const ms = performance.now() - started;
      await floor.delete();
      return ms;
    },
    { stores: STORES, name: `bulkput-floor-${run}`, rows },
  );
}

/** BENCH_MIRROR_PROFILE=1: where the main thread spent the first run, by function's self time. */
export function printHotFunctions(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byNode.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${(f as { columnNumber?: number }).columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.error('main thread while mirroring, self time (ms):');
  for (const [name, ms] of top) console.error(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
}
