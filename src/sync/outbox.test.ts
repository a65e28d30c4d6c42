// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { onEntryQueued, queueCreate, queueDelete, queueUpdate, unsettledEntries } from './outbox.ts';

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
  return {
    id: crypto.randomUUID(),
    market_id: marketId,
    name: `Магазин ${marketId}`,
    description: '',
    marketplace: '-',
    access_token: '',
    ...extra,
  };
}

/** A store created offline: the local row and its POST. */
async function createOffline(marketId: string, extra: Partial<MirroredRow> = {}): Promise<MirroredRow> {
  const row = market(marketId, extra);
  await queueCreate(
    'markets',
    row,
    { method: 'POST', path: ADD, body: { id: row.id, market_id: marketId, name: row.name } },
    database,
  );
  return row;
}

/** A store the server already has (pulled earlier): no queued call. */
async function pulled(marketId: string): Promise<MirroredRow> {
  const row = market(marketId, { version: 7 });
  await database.markets.put(row as never);
  return row;
}

const rename = (row: MirroredRow, name: string, group?: string) =>
  queueUpdate(
    'markets',
    row.id,
    { name },
    { method: 'PATCH', path: at(row.market_id as string), body: { name }, group },
    database,
  );
const entries = () => database.outbox.orderBy('seq').toArray();
const local = (row: MirroredRow) => database.markets.get(row.id);

describe('queueCreate', () => {
  it('stores the row and appends a pending POST with no "before"', async () => {
    const row = await createOffline('m1');
    expect(await local(row)).toEqual(row);
    const [entry, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      method: 'POST',
      path: ADD,
      table: 'markets',
      row_id: row.id,
      before: null,
      status: 'pending',
      attempts: 0,
      error: null,
      group: null,
    });
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
    await queueUpdate(
      'markets',
      row.id,
      { description: 'Описание' },
      { method: 'PATCH', path: at('m1'), body: { description: 'Описание' } },
      database,
    );

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
    await queueUpdate(
      'markets',
      row.id,
      { description: 'д' },
      { method: 'PATCH', path: at('m1'), body: { description: 'д' } },
      database,
    );

    const all = await entries();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ method: 'PATCH', path: at('m1'), body: { name: 'Второе', description: 'д' } });
    expect(all[0]!.before).toEqual(row);
    expect(await local(row)).toMatchObject({ name: 'Второе', description: 'д', version: 7 });
  });

  it('PATCHes to different paths are not folded', async () => {
    const row = await pulled('m1');
    await rename(row, 'Первое');
    await queueUpdate(
      'markets',
      row.id,
      { name: 'x' },
      { method: 'PATCH', path: '/api/v1/markets/other/', body: { name: 'x' } },
      database,
    );
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
    await expect(
      queueUpdate('markets', 'missing', { name: 'x' }, { method: 'PATCH', path: at('x') }, database),
    ).rejects.toThrow();
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
