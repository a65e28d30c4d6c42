// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import { serverMarkets, signInAs, startRealServer, type RealServer } from '../test-support/real-server.ts';
import { queueCreate, queueDelete, queueUpdate } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { pushOverHttp } from './transports.ts';

let server: RealServer;
let user: TestUser;
let database: OstatokDatabase;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  user = await server.signUp();
  signInAs(user);
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  globalThis.fetch = realFetch;
  await database.delete();
});

const ADD = '/api/v1/markets/add/';
const at = (marketId: string) => `/api/v1/markets/${marketId}/`;

async function createStore(marketId: string, name = `Магазин ${marketId}`, group?: string): Promise<MirroredRow> {
  const row: MirroredRow = { id: crypto.randomUUID(), market_id: marketId, name, description: '', marketplace: '-', access_token: '' };
  const body = { id: row.id, market_id: marketId, name, access_token: 'secret-key-1234' };
  await queueCreate('markets', row, { method: 'POST', path: ADD, body, group }, database);
  return row;
}
const edit = (row: MirroredRow, changes: Record<string, unknown>, group?: string) =>
  queueUpdate('markets', row.id, changes, { method: 'PATCH', path: at(row.market_id as string), body: changes, group }, database);
const entries = () => database.outbox.orderBy('seq').toArray();
const onServer = async () => (await serverMarkets(server, user)).map((m) => `${m.market_id}:${m.name}`).sort();

/** pushOverHttp, recording what each push call carried. */
function recording(sent: string[][]): PushTransport {
  return async (batch) => {
    sent.push(batch.map((e) => `${e.method} ${e.path}`));
    return pushOverHttp(batch);
  };
}

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

  it('a refused entry is marked rejected with the reason and its row restored; the rest still goes', async () => {
    const kept = await createStore('K');
    await drainOutbox(pushOverHttp, database);
    const before = (await database.markets.get(kept.id))!;

    const dup = await createStore('K', 'Дубликат'); // market_id taken → 409
    await edit(kept, { name: 'Новое имя', market_id: 'changed' }); // market_id is locked → 409
    const ok = await createStore('OK');

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 1, rejected: 2 });

    const [dupEntry, editEntry, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(dupEntry).toMatchObject({ status: 'rejected', row_id: dup.id, error: 'Магазин с ID «K» уже есть' });
    expect(editEntry).toMatchObject({ status: 'rejected', row_id: kept.id, error: 'Идентификатор магазина нельзя изменить после создания' });
    expect(await database.markets.get(dup.id)).toBeUndefined(); // created offline → removed
    expect(await database.markets.get(kept.id)).toEqual(before); // edited → put back as it was
    expect((await database.markets.get(ok.id))!.version).toEqual(expect.any(Number));
    expect(await onServer()).toEqual(['K:Магазин K', 'OK:Магазин OK']);

    // Rejected entries stay to be shown, but are not sent again.
    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 0, rejected: 0 });
  });

  it('a group applies together or not at all: one refused entry rejects all of it', async () => {
    const a = await createStore('GA');
    await drainOutbox(pushOverHttp, database);
    const before = (await database.markets.get(a.id))!;

    await edit(a, { name: 'Из группы' }, 'g1');
    const extra = await createStore('GB', 'Из группы', 'g1');
    const dup = await createStore('GA', 'Дубликат', 'g1');
    const after = await createStore('AFTER');

    expect(await drainOutbox(pushOverHttp, database)).toEqual({ sent: 1, rejected: 3 });

    const all = await entries();
    expect(all.map((e) => e.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(all.every((e) => e.error === 'Магазин с ID «GA» уже есть')).toBe(true);
    expect(await onServer()).toEqual(['AFTER:Магазин AFTER', 'GA:Магазин GA']);
    expect(await database.markets.get(a.id)).toEqual(before);
    expect(await database.markets.get(extra.id)).toBeUndefined();
    expect(await database.markets.get(dup.id)).toBeUndefined();
    expect(await database.markets.get(after.id)).toBeDefined();
  });

  it('a group that failed on a 5xx stays whole and pending: its 424 members are not refused', async () => {
    const first = await createStore('T1', 'Т1', 'tg');
    const second = await createStore('T2', 'Т2', 'tg');
    // The server's answer when the second entry of a group hits a fault: the first is "not applied" (424).
    const faulty: PushTransport = async (sent) => ({
      kind: 'results',
      results: sent.map((e, i) =>
        i === 1 ? { id: e.id, status: 503, body: { detail: "Сервис недоступен" } } : { id: e.id, status: 424, body: { detail: "Не применено" } },
      ),
    });
    expect(await drainOutbox(faulty, database)).toMatchObject({ sent: 0, rejected: 0, retry: 'Сервис недоступен' });
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([['pending', 1], ['pending', 1]]);
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
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([['pending', 1], ['pending', 1]]);

    // The server answering the push call itself with a 5xx: pushOverHttp asks for a retry.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.endsWith('/api/v1/sync/push') ? new Response('{}', { status: 503 }) : realFetch(input, init);
    }) as typeof fetch;
    const result = await drainOutbox(pushOverHttp, database);
    expect(result.retry).toMatch(/503/);
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([['pending', 2], ['pending', 2]]);
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
      const { results } = (await pushOverHttp(batch.slice(0, 1))) as { kind: 'results'; results: { id: string; status: number; body: unknown }[] };
      return { kind: 'results', results: [...results, { id: batch[1]!.id, status: 503, body: null }] };
    };
    const result = await drainOutbox(flaky, database);
    expect(result).toMatchObject({ sent: 1, rejected: 0, retry: 'Сервер ответил 503' });
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual([['pending', 1], ['pending', 1]]);
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
      results: batch.map((e) => ({ id: e.id, status: 401, body: { status: 401, detail: 'Сессия истекла или токен недействителен: войдите снова' } })),
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

  it('an edit in the call after its create’s, sent before that answer is stored, leaves the row as the server has it', async () => {
    const row = await createStore('P');
    // Tried once before (its answer lost), so the rename cannot fold into it.
    await database.outbox.where('[table+row_id]').equals(['markets', row.id]).modify({ attempts: 1 });
    await edit(row, { name: 'P переименован' });
    const sent: string[][] = [];

    expect(await drainOutbox(recording(sent), database)).toEqual({ sent: 2, rejected: 0 });

    expect(sent).toEqual([[`POST ${ADD}`], [`PATCH ${at('P')}`]]);
    const [onServerRow] = (await serverMarkets(server, user)).filter((m) => m.market_id === 'P');
    const stored = (await database.markets.get(row.id))!;
    expect(stored).toMatchObject({ name: 'P переименован', version: onServerRow!.version });
    expect(await entries()).toEqual([]);
  });

  it('the batch taken while a call with a refusal was on the wire goes back unsent: no attempt counted, sent after the answers are stored', async () => {
    await createStore('K');
    await drainOutbox(pushOverHttp, database);
    await createStore('K', 'Дубликат'); // market_id taken → 409
    const x = await createStore('X');
    await database.outbox.where('[table+row_id]').equals(['markets', x.id]).modify({ attempts: 1 });
    await edit(x, { name: 'X переименован' }); // waits for its create's answer: the next batch
    const attemptsWhenSent: number[][] = [];
    const watching: PushTransport = async (batch) => {
      attemptsWhenSent.push(await Promise.all(batch.map(async (e) => (await database.outbox.get({ id: e.id }))!.attempts)));
      return pushOverHttp(batch);
    };

    expect(await drainOutbox(watching, database)).toEqual({ sent: 2, rejected: 1 });

    expect(attemptsWhenSent).toEqual([[0, 1], [0]]);
    expect(await onServer()).toEqual(['K:Магазин K', 'X:X переименован']);
  });

  it('an edit and then the delete of one row, answered in the same call: the row stays gone', async () => {
    const row = await createStore('E');
    await drainOutbox(pushOverHttp, database);
    await edit(row, { name: 'E переименован' });
    // Sent once already (its answer lost), so the delete cannot drop it: both go, in one call.
    await database.outbox.where('[table+row_id]').equals(['markets', row.id]).modify({ attempts: 1 });
    await queueDelete('markets', row.id, { method: 'DELETE', path: at('E') }, database);
    const sent: string[][] = [];

    expect(await drainOutbox(recording(sent), database)).toEqual({ sent: 2, rejected: 0 });

    expect(sent).toEqual([[`PATCH ${at('E')}`, `DELETE ${at('E')}`]]);
    expect(await database.markets.get(row.id)).toBeUndefined();
    expect(await onServer()).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it('an edit made while its create is on the wire is kept: the answer does not overwrite it', async () => {
    const row = await createStore('W');
    const seenBySecondCall: unknown[] = [];
    let call = 0;
    const racing: PushTransport = async (batch) => {
      if (++call === 1) await edit(row, { name: 'Правка во время отправки' });
      else seenBySecondCall.push((await database.markets.get(row.id))?.name);
      return pushOverHttp(batch);
    };
    expect(await drainOutbox(racing, database)).toMatchObject({ sent: 2 });
    // After the create's answer, and before the edit is sent, the device still shows the edit.
    expect(seenBySecondCall).toEqual(['Правка во время отправки']);
    expect(await database.markets.get(row.id)).toMatchObject({ name: 'Правка во время отправки' });
    expect(await onServer()).toEqual(['W:Правка во время отправки']);
  });
});

describe('edits of a row whose create is refused', { timeout: 30_000 }, () => {
  it('are held until the create is answered, then refused with it and never sent', async () => {
    await createStore('taken');
    await drainOutbox(pushOverHttp, database);
    // Another device's copy of the same market_id, created offline; its first send was lost,
    // so the rename below cannot fold into it.
    const copy = await createStore('taken', 'Копия');
    await database.outbox.where('[table+row_id]').equals(['markets', copy.id]).modify({ attempts: 1 });
    await edit(copy, { name: 'Копия переименована' });
    const sent: string[][] = [];

    expect(await drainOutbox(recording(sent), database)).toEqual({ sent: 0, rejected: 2 });

    expect(sent).toEqual([[`POST ${ADD}`]]);
    expect(await onServer()).toEqual(['taken:Магазин taken']);
    const refused = await entries();
    expect(refused.map((e) => [e.method, e.status])).toEqual([
      ['POST', 'rejected'],
      ['PATCH', 'rejected'],
    ]);
    expect(refused[1]!.error).toMatch(/^Не отправлено: запись не создана на сервере/);
    expect(await database.markets.get(copy.id)).toBeUndefined();
  });
});
