import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, lots } from '../../server/db/schema/index.ts';
import { listen } from './helpers/mixed-writes.ts';
import { addProducts } from './helpers/products.ts';
import { onHand } from './helpers/stock.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Issue 23: while 5 users pushed 500 entries each, the embedded database answered /api/health 503 and reads took up
 * to 5 s. The cap of pushes applied at once, short commits and a turn of the event loop between them keep health
 * and reads answered. On PostgreSQL (no cap) the same load must hold the same promises.
 */

let db: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
  base = await listen(app);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const USERS = 5;
/** The load; PUSH_LOAD_ENTRIES makes it lighter for a quick local run. */
const ENTRIES = Number(process.env.PUSH_LOAD_ENTRIES ?? 500);
const RECEIPTS = Math.round(ENTRIES * 0.8);
/**
 * A read waits at most for the commit in progress: 100 ms of push work on PGlite (server/sync/push.ts) plus the
 * group that crossed it and the REST writes queued before the read. 1.5 s leaves room for a machine shared with
 * other test runs (measured: see the figures printed), and stays well under the 5 s seen before the fix.
 */
const MAX_READ_MS = 1500;

interface Entry {
  id: string;
  group: null;
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
}

/** Receipts of 3 units (four fifths), then write-offs of 1 unit, over the user's products. */
function entriesFor(productIds: string[]): Entry[] {
  return Array.from({ length: ENTRIES }, (_, i) => {
    const id = randomUUID();
    const product_id = productIds[i % productIds.length]!;
    return i < RECEIPTS
      ? { id, group: null, method: 'POST', path: '/api/v1/inventory/', body: { id, product_id, count: 3, price: 50 } }
      : { id, group: null, method: 'POST', path: '/api/v1/disposal/', body: { id, product_id, count: 1, price: 50 } };
  });
}

interface PushStats {
  calls: number;
  refused: number;
  refusalsWithoutRetryAfter: number;
  unexpected: string[];
}

/** A device's drain: sends what is not applied yet, honours Retry-After on a refusal, until every entry is applied. */
async function drain(user: TestUser, entries: Entry[], stats: PushStats): Promise<void> {
  let pending = entries;
  while (pending.length > 0) {
    stats.calls++;
    const res = await fetch(`${base}/api/v1/sync/push`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(pending),
    });
    const text = await res.text();
    if (res.status !== 200) {
      const retryAfter = Number(res.headers.get('retry-after'));
      if (res.status !== 503) stats.unexpected.push(`${res.status} ${text.slice(0, 200)}`);
      stats.refused++;
      if (!(retryAfter > 0)) stats.refusalsWithoutRetryAfter++;
      await new Promise((r) => setTimeout(r, (retryAfter || 1) * 1000));
      continue;
    }
    const { results } = JSON.parse(text) as { results: Array<{ id: string; status: number; body: unknown }> };
    const done = new Set<string>();
    for (const r of results) {
      if (r.status < 300) done.add(r.id);
      else if (r.status !== 503) stats.unexpected.push(`entry ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    }
    pending = pending.filter((e) => !done.has(e.id));
  }
}

interface Probe {
  name: string;
  statuses: number[];
  maxMs: number;
}

/** Calls the address every 50 ms until stopped, timing each answer. */
async function poll(url: string, headers: Record<string, string>, probe: Probe, stop: { done: boolean }) {
  while (!stop.done) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    await res.arrayBuffer();
    probe.maxMs = Math.max(probe.maxMs, performance.now() - started);
    probe.statuses.push(res.status);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`5 users pushing 500 entries each (${testDbKind})`, () => {
  it('keep health and reads answered, refuse pushes only with 503 + Retry-After, apply every entry once', async () => {
    const users = await Promise.all(Array.from({ length: USERS }, () => signUp(app)));
    const products = await Promise.all(users.map((u) => addProducts(app, u, ['Гвоздь', 'Шуруп', 'Болт', 'Гайка'])));
    const entries = products.map(entriesFor);

    const stop = { done: false };
    const health: Probe = { name: 'health', statuses: [], maxMs: 0 };
    const list: Probe = { name: 'products list', statuses: [], maxMs: 0 };
    const pull: Probe = { name: 'sync pull', statuses: [], maxMs: 0 };
    const probes = Promise.all([
      poll('/api/health', {}, health, stop),
      poll('/api/v1/products/all/', users[0]!.headers, list, stop),
      poll('/api/v1/sync/pull?since=0&limit=50', users[1]!.headers, pull, stop),
    ]);
    const stats: PushStats = { calls: 0, refused: 0, refusalsWithoutRetryAfter: 0, unexpected: [] };
    const started = performance.now();
    try {
      await Promise.all(users.map((u, i) => drain(u, entries[i]!, stats)));
    } finally {
      stop.done = true;
      await probes;
    }
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `embedded push load (${testDbKind}): ${USERS}×${ENTRIES} entries in ${seconds.toFixed(1)} s, ` +
        `${stats.calls} push calls, ${stats.refused} refused 503; max latency: ` +
        [health, list, pull].map((p) => `${p.name} ${Math.round(p.maxMs)} ms (${p.statuses.length} calls)`).join(', '),
    );
    expect(stats.unexpected).toEqual([]);
    expect(stats.refusalsWithoutRetryAfter).toBe(0);
    for (const probe of [health, list, pull]) {
      expect(probe.statuses.filter((s) => s !== 200)).toEqual([]);
      expect(probe.maxMs).toBeLessThan(MAX_READ_MS);
    }

    // Exactly once: every receipt is one lot, every write-off one disposal, and the units add up.
    for (const [i, user] of users.entries()) {
      const ids = entries[i]!.map((e) => e.id);
      const { db: d } = app.database;
      const lotRows = await d.select({ id: lots.id }).from(lots).where(eq(lots.userId, user.id));
      expect(lotRows.map((l) => l.id).sort()).toEqual(ids.slice(0, RECEIPTS).sort());
      const writeOffs = await d
        .select({ id: disposals.id })
        .from(disposals)
        .where(and(eq(disposals.userId, user.id), inArray(disposals.id, ids.slice(RECEIPTS))));
      expect(writeOffs.length).toBe(ENTRIES - RECEIPTS);
      let units = 0;
      for (const productId of products[i]!) units += await onHand(app, user.id, productId);
      expect(units).toBe(RECEIPTS * 3 - (ENTRIES - RECEIPTS));
    }
  }, 600_000);
});
