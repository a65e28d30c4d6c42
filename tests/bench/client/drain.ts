import type { BrowserContext, Page } from 'playwright-core';
import type { ServerApi } from '../../e2e/helpers/api.ts';
import { SyncTraffic } from '../../e2e/helpers/sync-traffic.ts';
import { eventually } from '../../e2e/helpers/wait.ts';
import { LocalData } from '../../e2e/pages/local-data.ts';
import { MarketsPage } from '../../e2e/pages/markets-page.ts';
import { openProfile } from './profile.ts';
import { queueRenamesLikeApp, sameShape, type Rename } from './queue-like-app.ts';

export interface BenchStore {
  id: string;
  market_id: string;
}

export interface DrainSample {
  /** The page's `online` event → no pending or sending entry left in the outbox. */
  drainMs: number;
  /** context.setOffline(false) in node → node learns the outbox is empty (adds CDP round trips). */
  wallMs: number;
  pushCalls: number;
  /** Entries carried by each push call, in order. */
  entriesPerPush: number[];
  /** Sum over the push calls of request sent → answer received (mostly the server applying entries). */
  pushWireMs: number;
  /** Pull pages answered while the outbox drained (each costs the server a query and the page IndexedDB writes). */
  pullsDuringDrain: number;
  /**
   * Live channel `changes` hints the page got while the outbox drained (the server sends one per push that applied
   * something).
   */
  liveHintsDuringDrain: number;
}

declare global {
  interface Window {
    __drained?: Promise<{ onlineAt: number; emptyAt: number; rejected: number }>;
  }
}

const marketPath = (marketId: string) => `/api/v1/markets/${encodeURIComponent(marketId)}/`;

/** The server takes at most this many entries per push (server/schemas/sync.ts). */
const PUSH_LIMIT = 500;

/** Stores created on the server by push calls, as if by another device: the app only pulls them. */
export async function seedStores(
  api: ServerApi,
  count: number,
  prefix: string,
  label: (i: number) => string,
): Promise<BenchStore[]> {
  const stores = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    market_id: `${prefix}-${String(i + 1).padStart(4, '0')}`,
    name: label(i + 1),
  }));
  let waiting = stores.map((s) => ({
    id: crypto.randomUUID(),
    method: 'POST',
    path: '/api/v1/markets/add/',
    body: { ...s, description: '', marketplace: '-' },
  }));
  while (waiting.length > 0) {
    const call = waiting.slice(0, PUSH_LIMIT);
    const { results } = await api.call<{ results: Array<{ id: string; status: number }> }>(
      'POST',
      '/api/v1/sync/push',
      call,
    );
    // A busy machine makes a big push outlast the server's deadline: what it did not apply (503)
    // goes again under the same ids, so nothing is created twice.
    if (results.some((r) => r.status !== 201 && r.status !== 503)) throw new Error('seeding stores failed');
    const again = new Set(results.filter((r) => r.status === 503).map((r) => r.id));
    waiting = [...call.filter((e) => again.has(e.id)), ...waiting.slice(PUSH_LIMIT)];
  }
  return stores;
}

async function serverHas(api: ServerApi, expected: Map<string, string>): Promise<void> {
  const wrong = (await api.markets()).filter((m) => expected.has(m.market_id) && expected.get(m.market_id) !== m.name);
  if (wrong.length > 0) throw new Error(`${wrong.length} stores on the server lack their new name`);
}

async function localHas(local: LocalData, expected: Map<string, string>): Promise<boolean> {
  const rows = await local.markets();
  return rows.filter((r) => expected.get(r.market_id) === r.name).length === expected.size;
}

/**
 * Checks the benchmark's copy of queueUpdate against the app: one rename through the UI (on
 * blur, offline), one through the copy, and the two outbox entries compared field by field.
 */
export async function checkQueueCopy(
  profileDir: string,
  baseUrl: string,
  viaUi: BenchStore & { name: string },
  viaCopy: BenchStore,
): Promise<string[]> {
  const { context, page } = await openProfile(profileDir, { offline: false });
  try {
    const markets = new MarketsPage(page);
    const local = new LocalData(page);
    await page.goto(`${baseUrl}/markets`);
    await markets.store(viaUi.name).waitFor();
    await context.setOffline(true);
    await markets.store(viaUi.name).click();
    await markets.renameOpenStore(`${viaUi.name} (из формы)`);
    await eventually(async () => (await local.outbox()).length === 1, 'the UI rename queued');
    await queueRenamesLikeApp(page, [
      { rowId: viaCopy.id, path: marketPath(viaCopy.market_id), name: 'Переименован копией' },
    ]);
    const [fromApp, fromCopy] = await local.outbox();
    await context.setOffline(false);
    await eventually(async () => (await local.outbox()).length === 0, 'both renames sent');
    return sameShape(fromApp as never, fromCopy as never);
  } finally {
    await context.close();
  }
}

/**
 * One drain: open the app online and let it catch up, go offline, queue one rename per store,
 * go online and time until the outbox is empty. Every entry leaves the outbox only after the
 * server answered 2xx for it; the server is then checked for every new name (not timed).
 */
export async function drainRound(
  profileDir: string,
  baseUrl: string,
  api: ServerApi,
  stores: BenchStore[],
  expected: Map<string, string>,
  round: number,
): Promise<DrainSample> {
  const { context, page } = await openProfile(profileDir, { offline: false });
  try {
    const local = new LocalData(page);
    await page.goto(`${baseUrl}/markets`);
    await eventually(
      async () => (await localHas(local, expected)) && (await local.outbox()).length === 0,
      'the app caught up with the server',
      120_000,
    );

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const renames: Rename[] = stores.map((s, i) => ({
      rowId: s.id,
      path: marketPath(s.market_id),
      name: `Магазин ${i + 1} · прогон ${round} · очередь`,
    }));
    const added = await queueRenamesLikeApp(page, renames);
    if (added !== stores.length) throw new Error(`queued ${added} entries, expected ${stores.length}`);

    const traffic = new SyncTraffic();
    await traffic.watch(context, 'app', page);
    const hints = await countLiveHints(context, page);
    await page.evaluate(async () => {
      // One connection opened before the clock starts and a small read every 20 ms: the watch
      // should cost the page as little as it can while the app drains.
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('ostatok');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      const unsent = () =>
        new Promise<{ unsent: number; rejected: number }>((resolve, reject) => {
          const tx = idb.transaction('outbox', 'readonly');
          const index = tx.objectStore('outbox').index('status');
          const counts = { pending: 0, sending: 0, rejected: 0 };
          for (const s of ['pending', 'sending', 'rejected'] as const)
            index.count(s).onsuccess = (e) => (counts[s] = (e.target as IDBRequest<number>).result);
          tx.oncomplete = () => resolve({ unsent: counts.pending + counts.sending, rejected: counts.rejected });
          tx.onerror = () => reject(tx.error);
        });
      window.__drained = new Promise((resolve, reject) => {
        addEventListener(
          'online',
          () => {
            const onlineAt = performance.now();
            const poll = () =>
              void unsent().then(({ unsent: n, rejected }) => {
                if (n > 0) return void setTimeout(poll, 20);
                idb.close();
                resolve({ onlineAt, emptyAt: performance.now(), rejected });
              }, reject);
            poll();
          },
          { once: true },
        );
      });
    });
    const startedAt = Date.now();
    const started = performance.now();
    await context.setOffline(false);
    const drained = await page.evaluate(() => window.__drained!);
    const wallMs = performance.now() - started;
    const emptyAt = Date.now();
    if (drained.rejected > 0) throw new Error(`${drained.rejected} edits were rejected`);
    await eventually(async () => traffic.idle, 'push calls finished');
    await traffic.stop();
    const liveHintsDuringDrain = hints.between(startedAt, emptyAt);
    await hints.stop();

    renames.forEach((r, i) => expected.set(stores[i]!.market_id, r.name));
    await serverHas(api, expected);
    const pushWireMs = traffic.pushes.reduce((sum, c) => sum + c.ms, 0);
    return {
      drainMs: drained.emptyAt - drained.onlineAt,
      wallMs,
      pushCalls: traffic.pushes.length,
      entriesPerPush: traffic.pushes.map((c) => c.ids.length),
      pushWireMs,
      pullsDuringDrain: traffic.pulls.filter((p) => p.at >= startedAt && p.at <= emptyAt).length,
      liveHintsDuringDrain,
    };
  } finally {
    await context.close();
  }
}

/** Live channel `changes` messages the page receives, with node's clock at arrival. */
async function countLiveHints(
  context: BrowserContext,
  page: Page,
): Promise<{ between(from: number, to: number): number; stop(): Promise<void> }> {
  const cdp = await context.newCDPSession(page);
  const seen: number[] = [];
  cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) => {
    if (e.response.payloadData.includes('"changes"')) seen.push(Date.now());
  });
  await cdp.send('Network.enable');
  return {
    between: (from, to) => seen.filter((at) => at >= from && at <= to).length,
    stop: () => cdp.detach().catch(() => undefined),
  };
}

/** The naive client: the same PATCH calls with the same bodies, one HTTP request each, in order. */
export async function naiveRound(
  api: ServerApi,
  stores: BenchStore[],
  expected: Map<string, string>,
  round: number,
): Promise<number> {
  const names = stores.map((_, i) => `Магазин ${i + 1} · прогон ${round} · по одному`);
  const started = performance.now();
  for (const [i, s] of stores.entries()) await api.renameMarket(s.market_id, names[i]!);
  const ms = performance.now() - started;
  stores.forEach((s, i) => expected.set(s.market_id, names[i]!));
  await serverHas(api, expected);
  return ms;
}
