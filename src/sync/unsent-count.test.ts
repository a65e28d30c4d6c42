// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { queueCreate, queueGroup, queueUpdate } from './outbox.ts';
import { countUnsent, unsentEdits } from './unsent-count.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const row = (id: string, extra: Partial<MirroredRow> = {}): MirroredRow => ({ id, ...extra });

/** A return received into stock offline: one call that writes the return, its document, lot and write-off. */
async function receiveReturn(returnId: string) {
  await database.mirrored('returns').put(row(returnId, { status: 'new', processed: false }));
  return queueGroup(
    [
      {
        method: 'PATCH',
        path: `/api/v1/returns/${returnId}/disposal/lot-1/`,
        table: 'returns',
        rowId: returnId,
        changes: [
          { table: 'batches', put: row(returnId, { kind: 'return' }) },
          { table: 'lots', put: row(returnId, { count: 1, count_max: 1, price: 10 }) },
          { table: 'disposals', put: row(returnId, { count: 1, price: 10 }) },
          { table: 'returns', id: returnId, changes: { status: 'disposal', processed: true } },
        ],
      },
    ],
    database,
  );
}

describe('countUnsent: the edits the user made, not the outbox entries behind them', () => {
  it('a return received offline is one edit, though it is four entries (a call and the rows it writes)', async () => {
    await receiveReturn('r1');
    expect(await database.outbox.count()).toBe(4);
    expect(await countUnsent(database)).toBe(1);
    await receiveReturn('r2');
    expect(await countUnsent(database)).toBe(2);
  });

  it('each edit outside a group is one; an edit folded into a waiting create stays one', async () => {
    const call = (path: string) => ({ method: 'POST' as const, path });
    await queueCreate('markets', row('m1', { name: 'Озон' }), call('/api/v1/market/'), database);
    await queueUpdate('markets', 'm1', { name: 'Озон-1' }, { method: 'PATCH', path: '/api/v1/market/m1/' }, database);
    expect(await countUnsent(database)).toBe(1);
    await queueCreate('markets', row('m2', { name: 'ВБ' }), call('/api/v1/market/'), database);
    await receiveReturn('r1');
    expect(await countUnsent(database)).toBe(3);
  });

  it('a group being sent is still one unsent edit; refused or applied entries are no unsent edit', async () => {
    const group = await receiveReturn('r1');
    const members = await database.outbox.where('group').equals(group).toArray();
    await database.outbox.bulkUpdate(members.map((e) => ({ key: e.seq!, changes: { status: 'sending' as const } })));
    expect(await countUnsent(database)).toBe(1);
    await database.outbox.bulkUpdate(members.map((e) => ({ key: e.seq!, changes: { status: 'rejected' as const } })));
    expect(await countUnsent(database)).toBe(0);
    await receiveReturn('r2');
    const applied = (await database.outbox.where('status').equals('pending').toArray()).map((e) => e.seq!);
    await database.outbox.bulkUpdate(applied.map((key) => ({ key, changes: { status: 'applied' as const } })));
    expect(await countUnsent(database)).toBe(0);
  });

  it('unsentEdits: one per group, one per entry without a group', () => {
    const groupOf = new Map([
      [1, 'g1'],
      [2, 'g1'],
      [3, 'g2'],
    ]);
    expect(unsentEdits([1, 2, 3, 4, 5], groupOf)).toBe(4);
    expect(unsentEdits([2], groupOf)).toBe(1);
    expect(unsentEdits([], groupOf)).toBe(0);
  });
});
