// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MirroredRow } from '../db/database.ts';
import {
  ADD,
  at,
  createStore,
  database,
  entries,
  onServer,
  server,
  useOutboxOnRealServer,
  user,
} from '../testing/outbox-on-real-server.ts';
import { onEntryQueued, queueUpdate } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { discardRefused, retryRefused } from './refused-entries.ts';
import { pushOverHttp } from './transports.ts';

useOutboxOnRealServer();

const rename = (row: MirroredRow, name: string) =>
  queueUpdate(
    'markets',
    row.id,
    { name },
    { method: 'PATCH', path: at(row.market_id as string), body: { name } },
    database,
  );
/** A store made on the server directly (another device): the device does not know it. */
async function storeOnServer(marketId: string, name: string): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: ADD,
    headers: user.headers,
    payload: { market_id: marketId, name },
  });
  expect(res.statusCode).toBeLessThan(300);
}
async function deleteOnServer(marketId: string): Promise<void> {
  const res = await server.app.inject({
    method: 'DELETE',
    url: at(marketId),
    headers: user.headers,
  });
  expect(res.statusCode).toBeLessThan(300);
}

/** pushOverHttp whose answer is lost on the way back: the server applied the call, the device never heard. */
const answerLost: PushTransport = async (batch) => {
  await pushOverHttp(batch);
  throw new Error('Соединение оборвалось');
};

describe('a refused edit: «Повторить» and «Отменить»', { timeout: 30_000 }, () => {
  it('«Повторить» requeues the same call under the same key: accepted once, even when its answer is lost and it is sent again', async () => {
    await storeOnServer('K', 'С другого устройства');
    const mine = await createStore('K', 'Мой магазин');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 1,
    });
    const [refused] = await entries();
    expect(refused).toMatchObject({
      status: 'rejected',
      error: 'Магазин с ID «K» уже есть',
    });
    expect(await database.markets.get(mine.id)).toBeUndefined();

    await deleteOnServer('K'); // the seller fixes the cause
    let announced = 0;
    const stop = onEntryQueued(() => announced++);
    expect(await retryRefused(refused!.id, database)).toBe(1);
    expect(await retryRefused(refused!.id, database)).toBe(0); // a second tap finds nothing to requeue
    stop();
    expect(announced).toBe(1); // the sync engine is told once, to send soon
    const [requeued] = await entries();
    expect(requeued).toMatchObject({
      id: refused!.id,
      seq: refused!.seq,
      status: 'pending',
      error: null,
      method: 'POST',
      path: ADD,
      before: null,
    });
    expect(requeued!.attempts).toBeGreaterThan(0); // sent before: no later edit may fold into it

    expect(await drainOutbox(answerLost, database)).toMatchObject({
      sent: 0,
      rejected: 0,
      retry: 'Соединение оборвалось',
    });
    expect(await onServer()).toEqual(['K:Мой магазин']); // applied, the answer never came
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 1,
      rejected: 0,
    }); // replayed, not applied again
    expect(await onServer()).toEqual(['K:Мой магазин']);
    expect(await entries()).toEqual([]);
    expect(await database.markets.get(mine.id)).toMatchObject({
      market_id: 'K',
      name: 'Мой магазин',
      version: expect.any(Number),
    });
  });

  it('a refused group is sent again whole and applies together', async () => {
    await storeOnServer('GA', 'Занят');
    const b = await createStore('GB', 'Второй', 'g1');
    const a = await createStore('GA', 'Первый', 'g1');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 2,
    });
    expect(await onServer()).toEqual(['GA:Занят']);

    await deleteOnServer('GA');
    const refused = await entries();
    // Asked from the group's member that was only refused because of the other: the whole group goes.
    expect(await retryRefused(refused[0]!.id, database)).toBe(2);
    expect((await entries()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 2,
      rejected: 0,
    });
    expect(await onServer()).toEqual(['GA:Первый', 'GB:Второй']);
    expect(await database.markets.get(a.id)).toBeDefined();
    expect(await database.markets.get(b.id)).toBeDefined();
  });

  it('a retried edit refused again puts back the row as the server has it now', async () => {
    const kept = await createStore('R', 'Исходное');
    await drainOutbox(pushOverHttp, database);
    await queueUpdate(
      'markets',
      kept.id,
      { name: 'Новое', market_id: 'другой' },
      {
        method: 'PATCH',
        path: at('R'),
        body: { name: 'Новое', market_id: 'другой' },
      },
      database,
    );
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 1,
    });
    const asServer = (await database.markets.get(kept.id))!;
    expect(asServer.name).toBe('Исходное');

    const [refused] = await entries();
    await retryRefused(refused!.id, database);
    expect((await entries())[0]!.before).toEqual(asServer);
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 1,
    }); // still refused: nothing changed
    expect(await database.markets.get(kept.id)).toEqual(asServer);
  });

  it('«Отменить» drops the refused edit with what was refused with it; the row stays as the server has it; nothing is sent', async () => {
    await storeOnServer('D', 'Занят');
    const dup = await createStore('D', 'Дубликат');
    await rename(dup, 'Дубликат 2'); // folds into the create
    const other = await createStore('E', 'Другой');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 1,
      rejected: 1,
    });
    const [refused] = await entries();

    expect(await discardRefused(refused!.id, database)).toBe(1);
    expect(await entries()).toEqual([]);
    expect(await discardRefused(refused!.id, database)).toBe(0);
    expect(await database.markets.get(dup.id)).toBeUndefined();
    expect(await database.markets.get(other.id)).toBeDefined();
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 0,
    });
    expect(await onServer()).toEqual(['D:Занят', 'E:Другой']);
  });

  it('a refused create takes the edits refused with it along, for «Повторить» and «Отменить» alike', async () => {
    await storeOnServer('C', 'Занят');
    const made = await createStore('C', 'Мой');
    await drainOutbox(
      async (batch) => ({
        kind: 'retry',
        reason: `не сейчас ${batch.length}`,
      }),
      database,
    ); // tried once: edits no longer fold
    await rename(made, 'Мой, переименован');
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 0,
      rejected: 2,
    });
    const [create, edit] = await entries();
    expect(edit!.error).toMatch(/^Не отправлено: запись не создана на сервере/);

    await deleteOnServer('C');
    expect(await retryRefused(create!.id, database)).toBe(2);
    expect(await drainOutbox(pushOverHttp, database)).toEqual({
      sent: 2,
      rejected: 0,
    });
    expect(await onServer()).toEqual(['C:Мой, переименован']);

    await storeOnServer('C2', 'Занят');
    const again = await createStore('C2', 'Ещё');
    await drainOutbox(async () => ({ kind: 'retry', reason: 'не сейчас' }), database);
    await rename(again, 'Ещё, переименован');
    await drainOutbox(pushOverHttp, database);
    const [create2] = await entries();
    expect(await discardRefused(create2!.id, database)).toBe(2);
    expect(await entries()).toEqual([]);
  });
});
