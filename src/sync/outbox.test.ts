// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { onEntryQueued, queueCreate, queueDelete, queueGroup, queueUpdate, unsettledEntries } from './outbox.ts';
import { pullChanges } from './pull.ts';
import { drainOutbox, type PushResult, type PushTransport } from './push-worker.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.delete();
});

const ADD = '/api/v1/markets/add/';
const at = (marketId: string) => `/api/v1/markets/${marketId}/`;

function market(marketId: string, extra: Partial<MirroredRow> = {}): MirroredRow {
  return { id: crypto.randomUUID(), market_id: marketId, name: `Магазин ${marketId}`, description: '', marketplace: '-', access_token: '', ...extra };
}

/** A store created offline: the local row and its POST. */
async function createOffline(marketId: string, extra: Partial<MirroredRow> = {}): Promise<MirroredRow> {
  const row = market(marketId, extra);
  await queueCreate('markets', row, { method: 'POST', path: ADD, body: { id: row.id, market_id: marketId, name: row.name } }, database);
  return row;
}

/** A store the server already has (pulled earlier): no queued call. */
async function pulled(marketId: string): Promise<MirroredRow> {
  const row = market(marketId, { version: 7 });
  await database.markets.put(row as never);
  return row;
}

const rename = (row: MirroredRow, name: string, group?: string) =>
  queueUpdate('markets', row.id, { name }, { method: 'PATCH', path: at(row.market_id as string), body: { name }, group }, database);
const entries = () => database.outbox.orderBy('seq').toArray();
const local = (row: MirroredRow) => database.markets.get(row.id);

describe('queueCreate', () => {
  it('stores the row and appends a pending POST with no "before"', async () => {
    const row = await createOffline('m1');
    expect(await local(row)).toEqual(row);
    const [entry, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ method: 'POST', path: ADD, table: 'markets', row_id: row.id, before: null, status: 'pending', attempts: 0, error: null, group: null });
    expect(entry!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changes nothing when the row cannot be stored (one transaction)', async () => {
    const row = await createOffline('m1');
    await expect(queueCreate('markets', row, { method: 'POST', path: ADD, body: {} }, database)).rejects.toThrow();
    expect(await entries()).toHaveLength(1);
  });
});

describe('queueUpdate folds edits that were not sent yet', () => {
  it('an edit of a row created offline folds into its pending POST (one entry, merged body)', async () => {
    const row = await createOffline('m1');
    await rename(row, 'Новое имя');
    await queueUpdate('markets', row.id, { description: 'Описание' }, { method: 'PATCH', path: at('m1'), body: { description: 'Описание' } }, database);

    const all = await entries();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ method: 'POST', path: ADD, before: null });
    expect(all[0]!.body).toEqual({ id: row.id, market_id: 'm1', name: 'Новое имя', description: 'Описание' });
    expect(await local(row)).toMatchObject({ name: 'Новое имя', description: 'Описание' });
  });

  it('two PATCHes of the same row and path fold into one, keeping the row as it was before the first', async () => {
    const row = await pulled('m1');
    await rename(row, 'Первое');
    await rename(row, 'Второе');
    await queueUpdate('markets', row.id, { description: 'д' }, { method: 'PATCH', path: at('m1'), body: { description: 'д' } }, database);

    const all = await entries();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ method: 'PATCH', path: at('m1'), body: { name: 'Второе', description: 'д' } });
    expect(all[0]!.before).toEqual(row);
    expect(await local(row)).toMatchObject({ name: 'Второе', description: 'д', version: 7 });
  });

  it('PATCHes to different paths are not folded', async () => {
    const row = await pulled('m1');
    await rename(row, 'Первое');
    await queueUpdate('markets', row.id, { name: 'x' }, { method: 'PATCH', path: '/api/v1/markets/other/', body: { name: 'x' } }, database);
    expect((await entries()).map((e) => e.path)).toEqual([at('m1'), '/api/v1/markets/other/']);
  });

  it('an entry sent before (answer lost, now pending again) is not folded into', async () => {
    const row = await pulled('m1');
    await rename(row, 'a');
    const [first] = await entries();
    await database.outbox.update(first!.seq!, { attempts: 1 });
    await rename(row, 'b');
    expect((await entries()).map((e) => (e.body as { name: string }).name)).toEqual(['a', 'b']);
  });

  it('an entry already being sent is never folded into: a new entry is appended', async () => {
    const row = await createOffline('m1');
    const [post] = await entries();
    await database.outbox.update(post!.seq!, { status: 'sending' });

    await rename(row, 'После отправки');

    const all = await entries();
    expect(all).toHaveLength(2);
    expect(all[0]!.body).toEqual({ id: row.id, market_id: 'm1', name: 'Магазин m1' });
    expect(all[1]).toMatchObject({ method: 'PATCH', status: 'pending', body: { name: 'После отправки' } });
    expect(all[1]!.before).toMatchObject({ name: 'Магазин m1' });
  });

  it('grouped entries are never folded, neither into nor from', async () => {
    const row = await pulled('m1');
    await rename(row, 'a', 'g1');
    await rename(row, 'b', 'g1');
    await rename(row, 'c');
    await rename(row, 'd', 'g2');
    const all = await entries();
    expect(all.map((e) => [e.group, (e.body as { name: string }).name])).toEqual([
      ['g1', 'a'],
      ['g1', 'b'],
      [null, 'c'],
      ['g2', 'd'],
    ]);
  });

  it('a rejected entry is not folded into: the next edit gets its own entry', async () => {
    const row = await pulled('m1');
    await rename(row, 'a');
    const [first] = await entries();
    await database.outbox.update(first!.seq!, { status: 'rejected', error: 'нет' });
    await rename(row, 'b');
    const all = await entries();
    expect(all.map((e) => [e.status, (e.body as { name: string }).name])).toEqual([
      ['rejected', 'a'],
      ['pending', 'b'],
    ]);
    expect(await unsettledEntries('markets', row.id, database)).toHaveLength(1);
  });

  it('the row change and the new entry commit together: a failed append leaves the row untouched', async () => {
    const row = await pulled('m1');
    await rename(row, 'a', 'g');
    const [existing] = await entries();
    // The next entry gets an id already in the outbox (unique index), so appending it fails.
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(existing!.id as ReturnType<typeof crypto.randomUUID>);

    await expect(rename(row, 'b', 'g')).rejects.toThrow();

    expect(await local(row)).toMatchObject({ name: 'a' });
    expect(await entries()).toHaveLength(1);
  });

  it('refuses an edit of a row the device does not have', async () => {
    await expect(queueUpdate('markets', 'missing', { name: 'x' }, { method: 'PATCH', path: at('x') }, database)).rejects.toThrow();
    expect(await entries()).toEqual([]);
  });
});

describe('queueDelete', () => {
  it('a row created offline and never sent disappears with all its entries', async () => {
    const keep = await createOffline('keep');
    const row = await createOffline('m1');
    await rename(row, 'x');
    await queueDelete('markets', row.id, { method: 'DELETE', path: at('m1') }, database);

    expect(await local(row)).toBeUndefined();
    const all = await entries();
    expect(all.map((e) => e.row_id)).toEqual([keep.id]);
  });

  it('a server row: waiting edits are dropped and one DELETE is queued, remembering the row as the server had it', async () => {
    const row = await pulled('m1');
    await rename(row, 'x');
    await queueDelete('markets', row.id, { method: 'DELETE', path: at('m1') }, database);

    expect(await local(row)).toBeUndefined();
    const all = await entries();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ method: 'DELETE', path: at('m1'), status: 'pending' });
    expect(all[0]!.before).toEqual(row);
  });

  it('a row whose POST was tried before (the answer lost) keeps the POST and gets a DELETE after it', async () => {
    const row = await createOffline('m1');
    const [post] = await entries();
    await database.outbox.update(post!.seq!, { attempts: 1 });
    await rename(row, 'x'); // not folded into a call the server may have applied
    await queueDelete('markets', row.id, { method: 'DELETE', path: at('m1') }, database);
    expect((await entries()).map((e) => e.method)).toEqual(['POST', 'DELETE']);
  });

  it('a row whose POST is on the wire gets a DELETE after it', async () => {
    const row = await createOffline('m1');
    const [post] = await entries();
    await database.outbox.update(post!.seq!, { status: 'sending' });
    await queueDelete('markets', row.id, { method: 'DELETE', path: at('m1') }, database);
    expect((await entries()).map((e) => [e.method, e.status])).toEqual([
      ['POST', 'sending'],
      ['DELETE', 'pending'],
    ]);
  });
});

describe('order', () => {
  it('entries keep the order of the edits (seq), across rows', async () => {
    const a = await pulled('a');
    const b = await createOffline('b');
    await rename(a, 'a1');
    const c = await createOffline('c');
    await rename(b, 'b1'); // folds into b's POST, which stays in its place
    await queueDelete('markets', a.id, { method: 'DELETE', path: at('a') }, database);

    const all = await entries();
    expect(all.map((e) => `${e.method} ${e.row_id}`)).toEqual([`POST ${b.id}`, `POST ${c.id}`, `DELETE ${a.id}`]);
    const seqs = all.map((e) => e.seq!);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
  });

  it('each new entry is announced to the sync worker', async () => {
    const listener = vi.fn();
    const stop = onEntryQueued(listener);
    const row = await createOffline('m1');
    await rename(row, 'x');
    stop();
    await rename(row, 'y');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('queueGroup: calls that apply together and write several rows each (a batch save)', () => {
  const LINES = '/api/v1/inventory_batch/';
  const lot = (id: string, extra: Partial<MirroredRow> = {}): MirroredRow => ({ id, product_id: 'p', count: 2, count_max: 2, price: 10, batch_id: null, ...extra });
  const lotsTable = () => database.mirrored('lots');

  /** A purchase batch: two new lots and one pulled lot re-priced, then the document with all three. */
  async function saveBatch(existing: MirroredRow) {
    return queueGroup(
      [
        {
          method: 'POST',
          path: LINES,
          body: { batch: [{ id: 'n1' }, { id: 'n2' }, { id: existing.id }] },
          table: 'lots',
          rowId: 'n1',
          changes: [
            { table: 'lots', put: lot('n1') },
            { table: 'lots', put: lot('n2') },
            { table: 'lots', id: existing.id, changes: { price: 99 } },
          ],
        },
        {
          method: 'POST',
          path: '/api/v1/batch/',
          body: { id: 'b1', inventory_ids: ['n1', 'n2', existing.id] },
          table: 'batches',
          rowId: 'b1',
          changes: [
            { table: 'batches', put: { id: 'b1', date: '2025-03-01T00:00:00.000Z' } },
            ...['n1', 'n2', existing.id].map((id) => ({ table: 'lots' as const, id, changes: { batch_id: 'b1' } })),
            { table: 'lots', id: 'gone', remove: true as const },
          ],
        },
      ],
      database,
    );
  }

  async function seeded() {
    const existing = lot('old', { version: 3 });
    const gone = lot('gone', { version: 4, batch_id: 'b1' });
    await lotsTable().bulkPut([existing, gone]);
    return { existing, gone };
  }

  it('writes every row and queues one entry per call plus one unsent entry per other row, all in one group, in order', async () => {
    const { existing, gone } = await seeded();
    const group = await saveBatch(existing);

    expect(await lotsTable().get('n1')).toMatchObject({ batch_id: 'b1', count: 2 });
    expect(await lotsTable().get('old')).toMatchObject({ price: 99, batch_id: 'b1', version: 3 });
    expect(await lotsTable().get('gone')).toBeUndefined();
    expect(await database.mirrored('batches').get('b1')).toMatchObject({ date: '2025-03-01T00:00:00.000Z' });

    const all = await entries();
    expect(all.every((e) => e.group === group)).toBe(true);
    const [lines, n2, old, doc, removed, ...rest] = all;
    expect(rest).toEqual([]);
    expect(lines).toMatchObject({ method: 'POST', path: LINES, table: 'lots', row_id: 'n1', before: null });
    expect(lines!.carrier).toBeUndefined();
    // Rows the lines call writes: a created one as a create, an edited one as the call, both carried by it.
    expect(n2).toMatchObject({ method: 'POST', path: LINES, row_id: 'n2', before: null, carrier: lines!.id, body: lines!.body });
    expect(old).toMatchObject({ method: 'POST', path: LINES, row_id: 'old', before: existing, carrier: lines!.id });
    expect(doc).toMatchObject({ method: 'POST', path: '/api/v1/batch/', table: 'batches', row_id: 'b1', before: null });
    expect(doc!.carrier).toBeUndefined();
    // The lots the document call attaches already have an entry: only the removed one gets its own.
    expect(removed).toMatchObject({ method: 'DELETE', path: '/api/v1/batch/', row_id: 'gone', before: gone, carrier: doc!.id });
  });

  it('an entry remembers its row as it was before the group, also when a later call of the group writes it again', async () => {
    const batch = { id: 'b1', date: 'd1', version: 2 };
    await database.mirrored('batches').put(batch);
    await queueGroup(
      [
        { method: 'PATCH', path: '/x/', table: 'batches', rowId: 'b1', changes: [{ table: 'batches', id: 'b1', changes: { date: 'd2' } }] },
        { method: 'PATCH', path: '/y/', table: 'batches', rowId: 'b1', changes: [{ table: 'batches', id: 'b1', changes: { date: 'd3' } }] },
      ],
      database,
    );
    expect((await entries()).map((e) => [e.path, e.before])).toEqual([
      ['/x/', batch],
      ['/y/', batch],
    ]);
    expect(await database.mirrored('batches').get('b1')).toMatchObject({ date: 'd3' });
  });

  it('writes nothing when any change fails (one transaction)', async () => {
    await expect(
      queueGroup(
        [{ method: 'POST', path: LINES, table: 'lots', rowId: 'n1', changes: [{ table: 'lots', put: lot('n1') }, { table: 'lots', id: 'missing', changes: { price: 1 } }] }],
        database,
      ),
    ).rejects.toThrow(/missing/);
    expect(await lotsTable().count()).toBe(0);
    expect(await entries()).toEqual([]);
  });

  it('refuses a call filed under a row the device does not have', async () => {
    await expect(queueGroup([{ method: 'PATCH', path: '/api/v1/batch/b/', table: 'batches', rowId: 'b' }], database)).rejects.toThrow();
    expect(await entries()).toEqual([]);
  });

  /** A push transport answering each call with `answer`, recording what it was given. */
  const answering = (sent: string[][], answer: (path: string) => Omit<PushResult, 'id'>): PushTransport => async (batch) => {
    sent.push(batch.map((e) => `${e.group === batch[0]!.group ? 'g' : '-'} ${e.method} ${e.path}`));
    return { kind: 'results', results: batch.map((e) => ({ id: e.id, ...answer(e.path) })) };
  };

  it('only the calls are sent, in order and grouped; their answers settle every entry of the group', async () => {
    const { existing } = await seeded();
    await saveBatch(existing);
    const sent: string[][] = [];
    const result = await drainOutbox(
      answering(sent, (path) => (path === LINES ? { status: 200, body: { results: [] } } : { status: 201, body: { id: 'b1', date: 'server' } })),
      database,
    );
    expect(sent).toEqual([[`g POST ${LINES}`, 'g POST /api/v1/batch/']]);
    expect(result.rejected).toBe(0);
    expect(await entries()).toEqual([]);
    // The document's answer is its row; the lines stay as written until the next pull.
    expect(await database.mirrored('batches').get('b1')).toEqual({ id: 'b1', date: 'server' });
    expect(await lotsTable().get('n2')).toMatchObject({ batch_id: 'b1' });
  });

  it('a refused group puts every row back: created rows go, edited and removed ones return as they were', async () => {
    const { existing, gone } = await seeded();
    await saveBatch(existing);
    const refusal = { status: 422, body: { detail: 'Укажите количество и цену больше 0 в строках: 2' } };
    const result = await drainOutbox(
      answering([], (path) => (path === LINES ? refusal : { status: 424, body: { detail: 'группа' } })),
      database,
    );

    expect(result.rejected).toBe(5);
    expect(await lotsTable().toArray()).toEqual([gone, existing].sort((a, b) => a.id.localeCompare(b.id)));
    expect(await database.mirrored('batches').get('b1')).toBeUndefined();
    const all = await entries();
    expect(all.map((e) => e.status)).toEqual(Array(5).fill('rejected'));
    expect(new Set(all.map((e) => e.error))).toEqual(new Set([refusal.body.detail]));
  });

  it('a transient failure leaves the whole group pending, companions included', async () => {
    const { existing } = await seeded();
    await saveBatch(existing);
    const result = await drainOutbox(answering([], () => ({ status: 503, body: null })), database);
    expect(result.retry).toBeDefined();
    expect((await entries()).map((e) => [e.status, e.attempts])).toEqual(Array(5).fill(['pending', 1]));
  });

  it('a pull leaves the rows of a waiting group alone', async () => {
    const { existing } = await seeded();
    await saveBatch(existing);
    await pullChanges(
      async () => ({
        cursor: 9,
        has_more: false,
        changes: [
          { table: 'lots', id: 'n2', version: 5, deleted: false, row: lot('n2', { price: 1 }) },
          { table: 'lots', id: 'gone', version: 5, deleted: false, row: lot('gone', { price: 1 }) },
        ],
      }),
      database,
    );
    expect(await lotsTable().get('n2')).toMatchObject({ price: 10, batch_id: 'b1' });
    expect(await lotsTable().get('gone')).toBeUndefined();
  });
});
