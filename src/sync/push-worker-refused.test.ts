// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  ADD,
  at,
  createStore,
  database,
  edit,
  entries,
  onServer,
  recording,
  server,
  useOutboxOnRealServer,
  user,
} from '../testing/outbox-on-real-server.ts';
import { serverMarkets } from '../testing/real-server.ts';
import { queueDelete } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { pushOverHttp } from './transports.ts';

// Refused entries and groups, and a row's create, edits and delete split across push calls.
// Sending, failures and retries: push-worker.test.ts.
useOutboxOnRealServer();

describe('drainOutbox through POST /api/v1/sync/push', { timeout: 30_000 }, () => {
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
    expect(editEntry).toMatchObject({
      status: 'rejected',
      row_id: kept.id,
      error: 'Идентификатор магазина нельзя изменить после создания',
    });
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
      attemptsWhenSent.push(
        await Promise.all(batch.map(async (e) => (await database.outbox.get({ id: e.id }))!.attempts)),
      );
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
