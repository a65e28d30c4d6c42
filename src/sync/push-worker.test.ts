// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getMeta } from '../db/meta.ts';
import {
  ADD,
  at,
  createStore,
  database,
  edit,
  entries,
  onServer,
  realFetch,
  recording,
  server,
  useOutboxOnRealServer,
  user,
} from '../testing/outbox-on-real-server.ts';
import { serverMarkets } from '../testing/real-server.ts';
import { queueDelete } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { pushOverHttp } from './transports.ts';

// Sending, failures and retries. Refused entries and a row's entries across calls: push-worker-refused.test.ts.
useOutboxOnRealServer();

describe('drainOutbox through POST /api/v1/sync/push', { timeout: 30_000 }, () => {
  it('sends in order, removes sent entries and keeps the server’s row (version, masked key)', async () => {
    const first = await createStore('A');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 1, rejected: 0 });
    expect(await entries()).toEqual([]);
    const stored = (await database.markets.get(first.id))!;
    expect(stored.version).toEqual(expect.any(Number));
    expect(stored.access_token).toMatch(/^•+1234$/);
    expect(stored.has_access_token).toBe(true);

    // Order matters here: the store is renamed, deleted, and its market_id reused by a new store.
    await edit(first, { name: 'A переименован' });
    const b = await createStore('B');
    await edit(b, { name: 'B переименован' });
    await queueDelete('markets', first.id, { method: 'DELETE', path: at('A') }, database);
    const again = await createStore('A', 'Снова A');
    const sent: string[][] = [];

    expect(await drainOutbox(recording(sent), database)).toEqual({ sent: 3, rejected: 0 });

    expect(sent).toEqual([[`POST ${ADD}`, `DELETE ${at('A')}`, `POST ${ADD}`]]);
    expect(await onServer()).toEqual(['A:Снова A', 'B:B переименован']);
    expect(await entries()).toEqual([]);
    expect(await database.markets.get(first.id)).toBeUndefined();
    expect((await database.markets.get(again.id))!.version).toBeGreaterThan(stored.version as number);
    expect(await getMeta('last_sync_at', database)).toEqual(expect.any(Number));
  });

  it('a group that failed on a 5xx stays whole and pending: its 424 members are not refused', async () => {
    const first = await createStore('T1', 'Т1', 'tg');
    const second = await createStore('T2', 'Т2', 'tg');
    // The server's answer when the second entry of a group hits a fault: the first is "not applied" (424).
    const faulty: PushTransport = async (sent) => ({
      kind: 'results',
      results: sent.map((e, i) =>
        i === 1
          ? { id: e.id, status: 503, body: { detail: 'Сервис недоступен' } }
          : { id: e.id, status: 424, body: { detail: 'Не применено' } },
      ),
    });
    expect(await drainOutbox(faulty, database)).toMatchObject({ sent: 0, rejected: 0, retry: 'Сервис недоступен' });
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(await database.markets.get(second.id)).toBeDefined();

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 2, rejected: 0 });
    expect(await onServer()).toEqual(['T1:Т1', 'T2:Т2']);
    expect(await database.markets.get(first.id)).toBeDefined();
  });

  it('a network failure or a retry answer leaves entries pending with attempts + 1', async () => {
    await createStore('N1');
    await createStore('N2');
    const offline: PushTransport = () => Promise.reject(new TypeError('fetch failed'));

    expect(await drainOutbox(offline, database)).toEqual({ sent: 0, rejected: 0, retry: 'fetch failed' });
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);

    // The server answering the push call itself with a 5xx: pushOverHttp asks for a retry.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.endsWith('/api/v1/sync/push') ? new Response('{}', { status: 503 }) : realFetch(input, init);
    }) as typeof fetch;
    const result = await drainOutbox(pushOverHttp, database);
    expect(result.retry).toMatch(/503/);
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 2],
      ['pending', 2],
    ]);
    expect(await onServer()).toEqual([]);

    globalThis.fetch = realFetch;
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 2, rejected: 0 });
    expect(await onServer()).toEqual(['N1:Магазин N1', 'N2:Магазин N2']);
  });

  it('a 5xx for one entry stops the drain there: it and the entries after it stay pending', async () => {
    await createStore('S1');
    await createStore('S2');
    await createStore('S3');
    const flaky: PushTransport = async (batch) => {
      const { results } = (await pushOverHttp(batch.slice(0, 1))) as {
        kind: 'results';
        results: { id: string; status: number; body: unknown }[];
      };
      return { kind: 'results', results: [...results, { id: batch[1]!.id, status: 503, body: null }] };
    };
    const result = await drainOutbox(flaky, database);
    expect(result).toMatchObject({ sent: 1, rejected: 0, retry: 'Сервер ответил 503' });
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
  });

  it('an entry left "sending" by a tab that died mid-call is sent again', async () => {
    await createStore('D');
    const [entry] = await entries();
    await database.outbox.update(entry!.seq!, { status: 'sending' });

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 1, rejected: 0 });
    expect(await entries()).toEqual([]);
    expect(await onServer()).toEqual(['D:Магазин D']);
  });

  it('entries sent twice (the first answer lost) apply once on the server', async () => {
    const row = await createStore('L');
    await drainOutbox(pushOverHttp, database);
    await edit(row, { description: 'один раз' });
    await createStore('L2');
    let calls = 0;
    const answerLost: PushTransport = async (batch) => {
      calls++;
      await pushOverHttp(batch); // the server applies it …
      throw new TypeError('network connection lost'); // … but the answer never arrives
    };

    expect((await drainOutbox(answerLost, database)).retry).toBe('network connection lost');
    expect(calls).toBe(1);
    expect(await entries()).toHaveLength(2);

    // Re-sent: the same entry ids replay the first answers instead of a 409 for the create.
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 2, rejected: 0 });
    const markets = await serverMarkets(server, user);
    expect(markets.map((m) => m.market_id).sort()).toEqual(['L', 'L2']);
    expect(markets.find((m) => m.market_id === 'L')!.description).toBe('один раз');
  });

  it('an edit made after a lost answer is not folded into the entry the server may already have applied', async () => {
    const row = await createStore('F');
    const answerLost: PushTransport = async (batch) => {
      await pushOverHttp(batch);
      throw new TypeError('network connection lost');
    };
    await drainOutbox(answerLost, database);
    await edit(row, { name: 'После обрыва' });

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 2, rejected: 0 });
    expect(await onServer()).toEqual(['F:После обрыва']);
    expect(await database.markets.get(row.id)).toMatchObject({ name: 'После обрыва' });
  });

  it('an expired access token goes through the one refresh and the push succeeds', async () => {
    localStorage.setItem('access_token', 'expired.or.broken');
    await createStore('R');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 1, rejected: 0 });
    expect(localStorage.getItem('refresh_token')).not.toBe(user.refreshToken);
    expect(await onServer()).toEqual(['R:Магазин R']);
  });

  it('an entry answered 401 inside the push (the token expired on the way) stays pending and its edit on screen: never refused', async () => {
    const row = await createStore('T');
    await drainOutbox(pushOverHttp, database);
    await edit(row, { name: 'Переименован' });
    await createStore('T2');
    const expiredMidPush: PushTransport = async (batch) => ({
      kind: 'results',
      results: batch.map((e) => ({
        id: e.id,
        status: 401,
        body: { status: 401, detail: 'Сессия истекла или токен недействителен: войдите снова' },
      })),
    });

    const result = await drainOutbox(expiredMidPush, database);

    expect(result).toMatchObject({ sent: 0, rejected: 0 });
    expect(result.retry).toBeDefined();
    expect((await entries()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(await database.markets.get(row.id)).toMatchObject({ name: 'Переименован' });
    // Sent again with a live token, both land.
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 2, rejected: 0 });
    expect(await onServer()).toEqual(['T2:Магазин T2', 'T:Переименован']);
  });

  it('a push the server cut short at its deadline goes on at once with the rest: no retry, nothing applied twice', async () => {
    await createStore('D1');
    await createStore('D2');
    await createStore('D3');
    const sent: string[][] = [];
    const deadline = server.app.config.pushDeadlineMs;
    // Past its deadline after the first entry: each call applies one and answers the rest 503 push_deadline.
    server.app.config.pushDeadlineMs = 1;
    try {
      expect(await drainOutbox(recording(sent), database)).toEqual({ sent: 3, rejected: 0 });
    } finally {
      server.app.config.pushDeadlineMs = deadline;
    }
    expect(sent.map((call) => call.length)).toEqual([3, 2, 1]);
    expect(await entries()).toEqual([]);
    expect(await onServer()).toEqual(['D1:Магазин D1', 'D2:Магазин D2', 'D3:Магазин D3']);
  });
});
