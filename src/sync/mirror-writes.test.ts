// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { deleteAt, putIfNewer, restoreRow } from './mirror-writes.ts';
import { queueGroup, queueUpdate } from './outbox.ts';
import { pullChanges, type PullPage } from './pull.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';

// Every path that writes a mirrored row keeps the newer version: pull, push answers, restores
// after a refusal, the `before` copies of queued edits, and the rows a group's carrier entries hold.

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const store = (version: number, name = `v${version}`): MirroredRow => ({ id: 'm', market_id: 'M', name, version });
const markets = () => database.mirrored('markets');
const local = () => markets().get('m');
const entries = () => database.outbox.orderBy('seq').toArray();
type Change = PullPage['changes'][number];
const put = (row: MirroredRow, table = 'markets'): Change => ({
  table,
  id: row.id,
  version: row.version!,
  deleted: false,
  row,
});
const gone = (version: number, id = 'm'): Change => ({ table: 'markets', id, version, deleted: true, row: null });
/** One pull that brings these changes. */
const pull = (...changes: Change[]) =>
  pullChanges(
    async () => ({ cursor: Math.max(0, ...changes.map((c) => c.version)), has_more: false, changes }),
    database,
  );
const rename = (name: string) =>
  queueUpdate('markets', 'm', { name }, { method: 'PATCH', path: '/api/v1/markets/M/', body: { name } }, database);
/**
 * Answers every call with `status` and `body`; runs `meanwhile` first (a pull landing while the call is on the wire).
 */
const answering =
  (status: number, body: unknown, meanwhile?: () => Promise<unknown>): PushTransport =>
  async (batch) => {
    await meanwhile?.();
    return { kind: 'results', results: batch.map((e) => ({ id: e.id, status, body })) };
  };
const lost =
  (meanwhile?: () => Promise<unknown>): PushTransport =>
  async () => {
    await meanwhile?.();
    throw new TypeError('network connection lost');
  };

describe('push answers (accept)', () => {
  beforeEach(async () => {
    await markets().put(store(3));
    await rename('моё');
  });

  it('an answer older than the row a pull saw while it was on the wire yields to that row', async () => {
    await drainOutbox(answering(200, store(5, 'моё')), database);
    expect(await local()).toEqual(store(5, 'моё')); // no pull in between: the answer is the row

    await rename('ещё');
    await drainOutbox(
      answering(200, store(6, 'ещё'), () => pull(put(store(8, 'с другого устройства')))),
      database,
    );
    expect(await local()).toEqual(store(8, 'с другого устройства'));
  });

  it('the same when the answer was lost and the replay comes after the pull', async () => {
    await drainOutbox(lost(), database);
    await pull(put(store(8, 'позже')));
    expect((await local())!.name).toBe('моё'); // held while the edit waits
    await drainOutbox(answering(200, store(5, 'моё')), database);
    expect(await local()).toEqual(store(8, 'позже'));
  });

  it('an answer newer than what the pull saw wins', async () => {
    await drainOutbox(
      answering(200, store(9, 'моё'), () => pull(put(store(8, 'с другого устройства')))),
      database,
    );
    expect(await local()).toEqual(store(9, 'моё'));
  });

  it('an answer never replaces a newer copy already in the mirror', async () => {
    // Held rows are not written by a pull, so only a path outside the queue (here: by hand) can do this.
    await drainOutbox(
      answering(200, store(5, 'моё'), () => markets().put(store(11, 'новее'))),
      database,
    );
    expect(await local()).toEqual(store(11, 'новее'));
  });

  it('a deletion a pull saw while the edit was on the wire is not undone by the older answer', async () => {
    await drainOutbox(
      answering(200, store(5, 'моё'), () => pull(gone(9))),
      database,
    );
    expect(await local()).toBeUndefined();
    expect(await database.tombstones.get('markets/m')).toEqual({ key: 'markets/m', version: 9 });
    // The next pull ends with no queued edit of the row: the tombstone has nothing left to guard.
    await pull();
    expect(await database.tombstones.count()).toBe(0);
  });

  it('nor by the replay of a lost answer', async () => {
    await drainOutbox(
      lost(() => pull(gone(9))),
      database,
    );
    expect(await local()).toBeDefined(); // held
    await drainOutbox(answering(200, store(5, 'моё')), database);
    expect(await local()).toBeUndefined();
  });

  it('updates the `before` of later edits to the newer of the answer and what a pull saw', async () => {
    const answerThenLook: PushTransport = async (batch) => {
      await rename('пока отправлялось'); // a later edit: its `before` is the row with «моё», v3
      await pull(put(store(8, 'с другого устройства')));
      return { kind: 'results', results: batch.map((e) => ({ id: e.id, status: 200, body: store(5, 'моё') })) };
    };
    // Only the first call: the later edit stays queued so its `before` can be read.
    let calls = 0;
    const once: PushTransport = (batch) => (++calls === 1 ? answerThenLook(batch) : lost()(batch));
    await drainOutbox(once, database);
    expect((await entries()).map((e) => e.before)).toEqual([store(8, 'с другого устройства')]);
    expect((await local())!.name).toBe('пока отправлялось');
  });

  it('and to the answer when it is the newer one', async () => {
    let calls = 0;
    const once: PushTransport = async (batch) => {
      if (++calls > 1) throw new TypeError('offline');
      await rename('пока отправлялось');
      return { kind: 'results', results: batch.map((e) => ({ id: e.id, status: 200, body: store(6, 'моё') })) };
    };
    await drainOutbox(once, database);
    expect((await entries()).map((e) => e.before)).toEqual([store(6, 'моё')]);
  });
});

describe('pulls (applyChunk)', () => {
  it('a pulled copy older than the mirror’s is not written; a newer one is', async () => {
    await markets().put(store(9));
    await pull(put(store(7)));
    expect(await local()).toEqual(store(9));
    await pull(put(store(10)));
    expect(await local()).toEqual(store(10));
  });

  it('a tombstone older than the mirror’s copy leaves it; a newer one removes it and is remembered', async () => {
    await markets().put(store(12));
    await pull(gone(9));
    expect(await local()).toEqual(store(12));
    await pull(gone(13), put({ ...store(14), id: 'other' }));
    expect(await local()).toBeUndefined();
  });

  it('a held row’s `before` only ever moves to a newer copy (rows and deletions)', async () => {
    await markets().put(store(3));
    await rename('моё');
    await pull(put(store(8)));
    expect((await entries())[0]!.before).toEqual(store(8));
    await pull(put(store(6))); // an out-of-order copy, e.g. a page asked again
    expect((await entries())[0]!.before).toEqual(store(8));
    await pull(gone(7));
    expect((await entries())[0]!.before).toEqual(store(8));
    expect(await database.tombstones.get('markets/m')).toEqual({ key: 'markets/m', version: 7 });
    await pull(gone(10));
    expect((await entries())[0]!.before).toBeNull();
    expect(await database.tombstones.get('markets/m')).toEqual({ key: 'markets/m', version: 10 });
    expect((await local())!.name).toBe('моё'); // still held
  });
});

describe('restores after a refusal (reject)', () => {
  beforeEach(async () => {
    await markets().put(store(3));
    await rename('моё');
  });

  it('puts back the newest copy a pull saw, not the one from when the edit was made', async () => {
    await drainOutbox(
      answering(409, { detail: 'нельзя' }, () => pull(put(store(8)))),
      database,
    );
    expect(await local()).toEqual(store(8));
  });

  it('removes the row when the server deleted it meanwhile', async () => {
    await drainOutbox(
      answering(409, { detail: 'нельзя' }, () => pull(gone(9))),
      database,
    );
    expect(await local()).toBeUndefined();
  });

  it('a later edit refused after an earlier one was accepted restores the newer of that answer and the pull', async () => {
    await drainOutbox(lost(), database); // the first edit is now "sent once": the next does not fold into it
    await rename('второе');
    let calls = 0;
    const firstAcceptedSecondRefused: PushTransport = async (batch) => {
      if (++calls === 1) await pull(put(store(8, 'с другого устройства')));
      return {
        kind: 'results',
        results: batch.map((e, i) =>
          i === 0
            ? { id: e.id, status: 200, body: store(5, 'моё') }
            : { id: e.id, status: 409, body: { detail: 'нельзя' } },
        ),
      };
    };
    expect(await drainOutbox(firstAcceptedSecondRefused, database)).toEqual({ sent: 1, rejected: 1 });
    expect(await local()).toEqual(store(8, 'с другого устройства'));
  });

  it('restoreRow: a same-version copy replaces the edited row; an older one never replaces a newer', async () => {
    await database.transaction('rw', markets(), database.tombstones, async () => {
      await restoreRow(database, 'markets', 'm', store(3));
    });
    expect(await local()).toEqual(store(3));
    await markets().put(store(9));
    await database.transaction('rw', markets(), database.tombstones, async () => {
      await restoreRow(database, 'markets', 'm', store(3));
    });
    expect(await local()).toEqual(store(9));
    await database.transaction('rw', markets(), database.tombstones, async () => {
      await deleteAt(database, 'markets', 'm', 10);
      await markets().put(store(9)); // a stale copy slipped in by hand
      await restoreRow(database, 'markets', 'm', store(9));
    });
    expect(await local()).toBeUndefined();
  });

  it('putIfNewer: equal versions keep the device’s copy', async () => {
    await markets().put(store(4, 'локальная правка'));
    const written = await database.transaction('rw', markets(), database.tombstones, () =>
      putIfNewer(database, 'markets', store(4)),
    );
    expect(written).toBe(false);
    expect((await local())!.name).toBe('локальная правка');
  });
});

describe('a group’s carrier entries', () => {
  const lot = (id: string, version: number, count: number): MirroredRow => ({
    id,
    product_id: 'p',
    count,
    count_max: 2,
    price: 10,
    batch_id: 'b1',
    version,
  });

  it('rows a pull saw while the group was on the wire are not lost when the group’s answer comes', async () => {
    await queueGroup(
      [
        {
          method: 'POST',
          path: '/api/v1/batch/',
          body: { id: 'b1', inventory: [{ id: 'n1', count: 2 }] },
          table: 'batches',
          rowId: 'b1',
          changes: [
            { table: 'batches', put: { id: 'b1', date: 'd', version: 0 } },
            { table: 'lots', put: lot('n1', 0, 2) },
          ],
        },
      ],
      database,
    );
    // The server made the batch (v19) and its lot (v20); another device then sold one unit (v21),
    // and the pull that the live channel started saw that before the group's answer came.
    const pulled = () => pull(put({ id: 'b1', date: 'd', version: 19 }, 'batches'), put(lot('n1', 21, 1), 'lots'));
    await drainOutbox(answering(201, { id: 'b1', date: 'd', version: 19 }, pulled), database);

    expect(await entries()).toEqual([]);
    expect(await database.mirrored('batches').get('b1')).toEqual({ id: 'b1', date: 'd', version: 19 });
    expect(await database.mirrored('lots').get('n1')).toEqual(lot('n1', 21, 1));
  });

  it('a carrier whose row no pull brought keeps the row as written until the pull does', async () => {
    await database.mirrored('lots').put(lot('old', 4, 2));
    await queueGroup(
      [
        {
          method: 'POST',
          path: '/api/v1/batch/',
          table: 'batches',
          rowId: 'b1',
          changes: [
            { table: 'batches', put: { id: 'b1', date: 'd', version: 0 } },
            { table: 'lots', id: 'old', changes: { price: 99 } },
          ],
        },
      ],
      database,
    );
    await drainOutbox(answering(201, { id: 'b1', date: 'd', version: 19 }), database);
    // Its `before` (v4) is no newer than the edited row (v4): the edit stays on screen.
    expect(await database.mirrored('lots').get('old')).toMatchObject({ price: 99, version: 4 });
  });
});
