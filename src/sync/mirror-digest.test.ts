// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { mirroredTableNames, OstatokDatabase, type MirroredRow, type MirroredTableName } from '../db/database.ts';
import { setMeta } from '../db/meta.ts';
import { signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { checkMirror, repairTable, throttledCheck, type DigestTransport } from './mirror-digest.ts';
import { queueUpdate } from './outbox.ts';
import { pullChanges, type PullTransport } from './pull.ts';
import { digestOverHttp, pullOverHttp } from './transports.ts';

// The self-healing mirror against the real server (in-process, PGlite): a device row broken by
// hand is found by the digest and re-pulled to exactly what the server has.

let server: RealServer;
let user: TestUser;
let database: OstatokDatabase;
const opened: OstatokDatabase[] = [];

beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  user = await server.signUp();
  signInAs(user);
  database = fresh();
  await seed();
  await pullChanges(pullOverHttp, database);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const d of opened.splice(0)) await d.delete();
});

function fresh(): OstatokDatabase {
  const d = new OstatokDatabase('test-' + crypto.randomUUID());
  opened.push(d);
  return d;
}

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const res = await server.app.inject({ method, url, headers: user.headers, payload: payload as object });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? (res.json() as MirroredRow & { product_wh?: { id: string } }) : null;
}

/** Three stores (one edited, one deleted), a product with a lot and a write-off: several tables. */
async function seed() {
  for (const id of ['A', 'B', 'C', 'GONE'])
    await call('POST', '/api/v1/markets/add/', { market_id: id, name: `Магазин ${id}` });
  await call('PATCH', '/api/v1/markets/A/', { name: 'A новое' });
  await call('DELETE', '/api/v1/markets/GONE/');
  const product = await call('POST', '/api/v1/products/products/', { name: 'Чайник', description: '', images: [] });
  const p = product!.product_wh!.id;
  await call('POST', '/api/v1/inventory/', { product_id: p, count: 5, price: 10 });
  await call('POST', '/api/v1/disposal/', { product_id: p, count: 2, price: 0, description: '' });
}

const byId = (a: MirroredRow, b: MirroredRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const rows = async (d: OstatokDatabase, table: MirroredTableName) => (await d.mirrored(table).toArray()).sort(byId);
/** Every mirrored table as a device that pulled everything from scratch has it. */
async function serverRows(): Promise<Record<string, MirroredRow[]>> {
  const reference = fresh();
  await pullChanges(pullOverHttp, reference);
  return Object.fromEntries(
    await Promise.all(mirroredTableNames.map(async (t) => [t, await rows(reference, t)] as const)),
  );
}
async function deviceRows(): Promise<Record<string, MirroredRow[]>> {
  return Object.fromEntries(
    await Promise.all(mirroredTableNames.map(async (t) => [t, await rows(database, t)] as const)),
  );
}

function recording(asked: string[]): PullTransport {
  return (since, table) => {
    asked.push(`${table ?? '*'}:${since}`);
    return pullOverHttp(since, table);
  };
}
function counting(calls: { n: number }): DigestTransport {
  return (from) => {
    calls.n++;
    return digestOverHttp(from);
  };
}
const market = async (marketId: string) =>
  (await database.markets.where('market_id').equals(marketId).first()) as MirroredRow;

describe('checkMirror', { timeout: 30_000 }, () => {
  it('an in-sync device compares and re-pulls nothing', async () => {
    const asked: string[] = [];
    expect(await checkMirror(digestOverHttp, recording(asked), database)).toEqual({ compared: true, repaired: [] });
    expect(asked).toEqual([]);
    expect(await deviceRows()).toEqual(await serverRows());
  });

  it('heals an older row, a wrong count, a phantom row and a missing row to exactly the server’s rows', async () => {
    const a = await market('A');
    await database.markets.put({ ...a, name: 'Магазин A', version: (a.version as number) - 1 } as never); // an older copy
    await database.markets.delete((await market('B')).id); // missing
    await database
      .mirrored('markets')
      .put({ id: crypto.randomUUID(), market_id: 'PHANTOM', name: 'Призрак', version: 2 }); // phantom
    const [lot] = await database.mirrored('lots').toArray();
    await database.mirrored('lots').put({ ...lot!, count: 5, version: (lot!.version as number) - 1 }); // the stale stock of issue 9
    const asked: string[] = [];

    const result = await checkMirror(digestOverHttp, recording(asked), database);

    expect({ ...result, repaired: [...result.repaired].sort() }).toEqual({
      compared: true,
      repaired: ['lots', 'markets'],
    });
    expect(asked.sort()).toEqual(['lots:0', 'markets:0']);
    expect(await deviceRows()).toEqual(await serverRows());
    expect((await database.mirrored('lots').get(lot!.id))!.count).toBe(3);
    // Healed: the next check finds nothing.
    expect(await checkMirror(digestOverHttp, recording(asked), database)).toEqual({ compared: true, repaired: [] });
    expect(asked).toHaveLength(2);
  });

  it('skips while edits are on their way (without asking the server), or while the device is behind', async () => {
    const calls = { n: 0 };
    const phantom = { id: crypto.randomUUID(), market_id: 'PHANTOM', name: 'Призрак', version: 2 };
    await database.mirrored('markets').put(phantom);
    const a = await market('A');
    await queueUpdate(
      'markets',
      a.id,
      { name: 'Правка' },
      { method: 'PATCH', path: '/api/v1/markets/A/', body: { name: 'Правка' } },
      database,
    );
    expect(await checkMirror(counting(calls), pullOverHttp, database)).toEqual({ compared: false, repaired: [] });
    expect(calls.n).toBe(0);

    await database.outbox.clear();
    await database.markets.put(a as never);
    await setMeta('cursor', 1, database);
    expect(await checkMirror(counting(calls), pullOverHttp, database)).toEqual({ compared: false, repaired: [] });
    expect(calls.n).toBe(1);
    expect(await database.mirrored('markets').get(phantom.id)).toEqual(phantom); // untouched

    await pullChanges(pullOverHttp, database); // caught up; a pull by cursor never sees the phantom
    expect(await database.mirrored('markets').get(phantom.id)).toEqual(phantom);
    expect(await checkMirror(counting(calls), pullOverHttp, database)).toEqual({
      compared: true,
      repaired: ['markets'],
    });
    expect(await deviceRows()).toEqual(await serverRows());
  });
});

describe('repairTable', { timeout: 30_000 }, () => {
  it('leaves rows with queued edits (their `before` learns the server’s row) and rows newer than the re-pull', async () => {
    const a = await market('A');
    const b = await market('B');
    await queueUpdate(
      'markets',
      a.id,
      { name: 'Моя правка' },
      { method: 'PATCH', path: '/api/v1/markets/A/', body: { name: 'Моя правка' } },
      database,
    );
    await database.outbox.toCollection().modify({ before: { ...a, version: 1 } }); // as if an old copy
    await database.markets.put({ ...b, name: 'испорчено', version: 1 } as never);
    const late = {
      id: crypto.randomUUID(),
      market_id: 'LATE',
      name: 'Пришло пока чинили',
      version: Number.MAX_SAFE_INTEGER,
    };
    // A pull that lands while the repair's pages are fetched brings a row newer than all of them.
    const withPullMeanwhile: PullTransport = async (since, table) => {
      const page = await pullOverHttp(since, table);
      if (!page.has_more) await database.mirrored('markets').put(late);
      return page;
    };

    await repairTable('markets', withPullMeanwhile, database);

    expect((await market('A')).name).toBe('Моя правка');
    expect((await database.outbox.toArray())[0]!.before).toEqual(a);
    expect(await market('B')).toEqual(b);
    expect(await database.mirrored('markets').get(late.id)).toEqual(late);
    expect((await rows(database, 'markets')).map((m) => m.market_id).sort()).toEqual(['A', 'B', 'C', 'LATE']);
  });
});

describe('throttledCheck', () => {
  it('counts its start as a run: nothing is compared before a window has passed', async () => {
    let now = 5000;
    let runs = 0;
    const trigger = throttledCheck(
      async () => (runs++, true),
      1000,
      () => now,
      now,
    );
    await trigger();
    now = 5999;
    await trigger();
    expect(runs).toBe(0);
    now = 6000;
    await trigger();
    expect(runs).toBe(1);
  });

  it('runs at most once a window; an uncompared round does not count; a failure is logged and retried next window', async () => {
    let now = 0;
    const answers: Array<boolean | Error> = [false, true, new Error('сеть'), true];
    let runs = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const trigger = throttledCheck(
      async () => {
        runs++;
        const a = answers.shift()!;
        if (a instanceof Error) throw a;
        return a;
      },
      1000,
      () => now,
    );

    await trigger(); // not settled: nothing compared
    await trigger(); // so this one runs at once, and compares
    await trigger(); // within the window: skipped
    expect(runs).toBe(2);
    now = 1000;
    await trigger(); // fails
    expect(warn).toHaveBeenCalledOnce();
    await trigger();
    expect(runs).toBe(3);
    now = 2000;
    await trigger();
    expect(runs).toBe(4);
  });
});
