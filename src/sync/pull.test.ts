// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MirroredRow } from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import { isMirrorFilling } from '../db/mirror-filling.ts';
import { database, server, useOutboxOnRealServer, user } from '../testing/outbox-on-real-server.ts';
import { queueUpdate } from './outbox.ts';
import { pullChanges, type PullPage, type PullTransport } from './pull.ts';
import { drainOutbox } from './push-worker.ts';
import { pullOverHttp, pushOverHttp } from './transports.ts';

useOutboxOnRealServer();

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await server.app.inject({ method, url, headers: user.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? (res.json() as MirroredRow) : null;
}
const addStore = (marketId: string, name = `Магазин ${marketId}`) =>
  call('POST', '/api/v1/markets/add/', { market_id: marketId, name });
const cursor = () => getMeta<number>('cursor', database);
const localNames = async () => (await database.markets.toArray()).map((m) => `${m.market_id}:${m.name}`).sort();

/** pullOverHttp, recording each `since` asked for. */
const recording =
  (asked: number[]): PullTransport =>
  (since) => {
    asked.push(since);
    return pullOverHttp(since);
  };

describe('pullChanges from GET /api/v1/sync/pull', { timeout: 30_000 }, () => {
  it('writes rows and tombstones, stores the cursor, and next time asks only for what is new', async () => {
    const a = (await addStore('A'))!;
    const gone = (await addStore('GONE'))!;
    await database.markets.put(gone as never); // the device had it before it was deleted
    await call('DELETE', '/api/v1/markets/GONE/');
    await call('PATCH', '/api/v1/markets/A/', { name: 'A новое' });

    const asked: number[] = [];
    await pullChanges(recording(asked), database);

    expect(await localNames()).toEqual(['A:A новое']);
    const stored = (await database.markets.get(a.id))!;
    expect(stored.version).toBeGreaterThan(a.version as number);
    expect(await database.markets.get(gone.id)).toBeUndefined();
    const first = (await cursor())!;
    expect(first).toBeGreaterThanOrEqual(stored.version as number);
    expect(asked).toEqual([0]);

    await addStore('B');
    expect(await pullChanges(recording(asked), database)).toBe(1);
    expect(asked).toEqual([0, first]);
    expect(await localNames()).toEqual(['A:A новое', 'B:Магазин B']);
    expect(await cursor()).toBeGreaterThan(first);
  });

  it('does not overwrite a row with unsent edits; does once they are settled', async () => {
    const a = (await addStore('A'))!;
    await pullChanges(pullOverHttp, database);
    await queueUpdate(
      'markets',
      a.id,
      { name: 'Моя правка' },
      { method: 'PATCH', path: '/api/v1/markets/A/', body: { name: 'Моя правка' } },
      database,
    );
    await call('PATCH', '/api/v1/markets/A/', { name: 'Правка с другого устройства' });

    await pullChanges(pullOverHttp, database);
    expect(await localNames()).toEqual(['A:Моя правка']);

    // Once the edit is settled (here: sent and removed), the server's row comes in.
    await database.outbox.clear();
    await call('PATCH', '/api/v1/markets/A/', { description: 'ещё' });
    await pullChanges(pullOverHttp, database);
    expect(await database.markets.get(a.id)).toMatchObject({ name: 'Правка с другого устройства', description: 'ещё' });
  });

  it('a held row the server deleted meanwhile: when the edit is refused, the row goes too', async () => {
    const a = (await addStore('A'))!;
    await pullChanges(pullOverHttp, database);
    await queueUpdate(
      'markets',
      a.id,
      { name: 'Моя правка' },
      { method: 'PATCH', path: '/api/v1/markets/A/', body: { name: 'Моя правка' } },
      database,
    );
    await call('DELETE', '/api/v1/markets/A/');
    await pullChanges(pullOverHttp, database);
    expect(await localNames()).toEqual(['A:Моя правка']); // held while the edit waits

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 0, rejected: 1 }); // 404
    expect(await database.markets.get(a.id)).toBeUndefined();
    await pullChanges(pullOverHttp, database);
    expect(await database.markets.get(a.id)).toBeUndefined();
  });

  it('a held row the server changed meanwhile: when the edit is refused, the server’s row is restored', async () => {
    const a = (await addStore('A'))!;
    await pullChanges(pullOverHttp, database);
    const locked = { market_id: 'B' }; // refused by the server: market_id cannot change
    await queueUpdate('markets', a.id, locked, { method: 'PATCH', path: '/api/v1/markets/A/', body: locked }, database);
    await call('PATCH', '/api/v1/markets/A/', { name: 'С другого устройства' });
    await pullChanges(pullOverHttp, database);

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 0, rejected: 1 });
    expect(await localNames()).toEqual(['A:С другого устройства']);
  });

  it('the same when the refused edit was on the wire during the pull', async () => {
    const a = (await addStore('A'))!;
    await pullChanges(pullOverHttp, database);
    const locked = { market_id: 'B' };
    await queueUpdate('markets', a.id, locked, { method: 'PATCH', path: '/api/v1/markets/A/', body: locked }, database);
    const duringPush = async (batch: Parameters<typeof pushOverHttp>[0]) => {
      await call('PATCH', '/api/v1/markets/A/', { name: 'Пока шла отправка' });
      await pullChanges(pullOverHttp, database);
      return pushOverHttp(batch);
    };

    expect(await drainOutbox(duringPush, database)).toEqual({ sent: 0, rejected: 1 });
    expect(await localNames()).toEqual(['A:Пока шла отправка']);
  });
});

/** A hand-built server: pages of changes after a cursor. */
function pages(list: PullPage[]): { transport: PullTransport; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    transport: async (since) => {
      asked.push(since);
      const page = list.find((p, i) => (i === 0 ? 0 : list[i - 1]!.cursor) === since);
      if (!page) throw new Error(`no page after ${since}`);
      return page;
    },
  };
}
const change = (
  id: string,
  version: number,
  row: Record<string, unknown> | null = { id, market_id: id, name: `v${version}`, version },
) => ({
  table: 'markets',
  id,
  version,
  deleted: row === null,
  row,
});

describe('pullChanges with a hand-built transport', () => {
  it('pages until has_more is false, in chunks, storing the last cursor', async () => {
    const big = Array.from({ length: 600 }, (_, i) => change(`r${i}`, i + 1));
    const { transport, asked } = pages([
      { cursor: 600, has_more: true, changes: big },
      { cursor: 601, has_more: true, changes: [change('r0', 601, null)] },
      {
        cursor: 603,
        has_more: false,
        changes: [change('x', 602), { table: 'not_a_table', id: 'z', version: 603, deleted: false, row: { id: 'z' } }],
      },
    ]);

    expect(await pullChanges(transport, database)).toBe(602);

    expect(asked).toEqual([0, 600, 601]);
    expect(await database.markets.count()).toBe(600); // 600 − r0 + x
    expect(await database.markets.get('r0')).toBeUndefined();
    expect(await database.markets.get('r599')).toMatchObject({ name: 'v600' });
    expect(await cursor()).toBe(603);
  });

  it('asks for a short first page, then for the server’s largest', async () => {
    const limits: (number | undefined)[] = [];
    const { transport } = pages([
      { cursor: 1, has_more: true, changes: [change('a', 1)] },
      { cursor: 2, has_more: true, changes: [change('b', 2)] },
      { cursor: 3, has_more: false, changes: [change('c', 3)] },
    ]);
    await pullChanges((since, table, limit) => (limits.push(limit), transport(since, table, limit)), database);
    expect(limits).toEqual([1000, undefined, undefined]);
  });

  it('an empty page still moves the cursor', async () => {
    const { transport } = pages([{ cursor: 42, has_more: false, changes: [] }]);
    expect(await pullChanges(transport, database)).toBe(0);
    expect(await cursor()).toBe(42);
  });

  it('a failed page keeps the cursor of the pages before it', async () => {
    const { transport } = pages([{ cursor: 5, has_more: true, changes: [change('a', 5)] }]);
    await expect(pullChanges(transport, database)).rejects.toThrow(/no page after 5/);
    expect(await cursor()).toBe(5);
    expect(await database.markets.get('a')).toBeDefined();
  });

  it('says the mirror is filling from a page that says more follow until the pull ends, even when it fails', async () => {
    const seen: boolean[] = [];
    const watch =
      (transport: PullTransport): PullTransport =>
      async (since) => {
        seen.push(isMirrorFilling());
        return transport(since);
      };
    const ok = pages([
      { cursor: 1, has_more: true, changes: [change('a', 1)] },
      { cursor: 2, has_more: false, changes: [change('b', 2)] },
    ]);
    await pullChanges(watch(ok.transport), database);
    // Asked for the first page before knowing more follow; for the second while filling.
    expect(seen).toEqual([false, true]);
    expect(isMirrorFilling()).toBe(false);

    const failing: PullTransport = async (since) => {
      if (since === 2) return { cursor: 3, has_more: true, changes: [change('c', 3)] };
      throw new Error(`no page after ${since}`);
    };
    await expect(pullChanges(failing, database)).rejects.toThrow(/no page after 3/);
    expect(isMirrorFilling()).toBe(false);

    // A pull of one page never says so.
    seen.length = 0;
    await pullChanges(
      watch(async () => ({ cursor: 4, has_more: false, changes: [change('d', 4)] })),
      database,
    );
    expect(seen).toEqual([false]);
  });

  it('rows with pending or sending entries are held (rows and tombstones); rejected-only rows are not', async () => {
    for (const id of ['pending', 'sending', 'rejected', 'tomb'])
      await database.markets.put({ id, market_id: id, name: 'local' } as never);
    const entry = (id: string, status: 'pending' | 'sending' | 'rejected', seqId = crypto.randomUUID()) =>
      database.outbox.add({
        id: seqId,
        group: null,
        method: 'PATCH',
        path: `/api/v1/markets/${id}/`,
        body: { name: 'local' },
        table: 'markets',
        row_id: id,
        before: null,
        created_at: Date.now(),
        status,
        attempts: 0,
        error: status === 'rejected' ? 'нет' : null,
      });
    await entry('pending', 'pending');
    await entry('sending', 'sending');
    await entry('rejected', 'rejected');
    await entry('tomb', 'pending');

    const { transport } = pages([
      {
        cursor: 4,
        has_more: false,
        changes: [change('pending', 1), change('sending', 2), change('rejected', 3), change('tomb', 4, null)],
      },
    ]);
    expect(await pullChanges(transport, database)).toBe(1);

    expect((await database.markets.get('pending'))!.name).toBe('local');
    expect((await database.markets.get('sending'))!.name).toBe('local');
    expect((await database.markets.get('rejected'))!.name).toBe('v3');
    expect(await database.markets.get('tomb')).toBeDefined();
    expect(await cursor()).toBe(4);
  });

  it('drops the applied outflows accepted before it started, in its last chunk; later ones wait for the next pull', async () => {
    const applied = (id: string, appliedAt: number) =>
      database.outbox.add({
        id,
        group: null,
        method: 'POST',
        path: '/api/v1/disposal/',
        body: { id, product_id: 'p', count: 1, price: 0 },
        table: 'disposals',
        row_id: id,
        before: null,
        created_at: appliedAt,
        status: 'applied',
        applied_at: appliedAt,
        attempts: 0,
        error: null,
      });
    await applied('before-the-pull', Date.now() - 1_000);
    await applied('after-it-started', Date.now() + 60_000);
    let idsOnSecondAsk: string[] = [];
    const { transport } = pages([
      { cursor: 1, has_more: true, changes: [change('a', 1)] },
      { cursor: 2, has_more: false, changes: [change('b', 2)] },
    ]);
    const watching: PullTransport = async (since) => {
      if (since === 1) idsOnSecondAsk = (await database.outbox.toArray()).map((e) => e.id);
      return transport(since);
    };

    await pullChanges(watching, database);

    // Still there after the first page: the lots it changed may come on a later one.
    expect(idsOnSecondAsk).toEqual(['before-the-pull', 'after-it-started']);
    expect((await database.outbox.toArray()).map((e) => e.id)).toEqual(['after-it-started']);
  });
});
