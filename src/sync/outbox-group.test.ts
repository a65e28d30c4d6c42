// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { queueGroup } from './outbox.ts';
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

const entries = () => database.outbox.orderBy('seq').toArray();

describe('queueGroup: calls that apply together and write several rows each (a batch save)', () => {
  const LINES = '/api/v1/inventory_batch/';
  const lot = (id: string, extra: Partial<MirroredRow> = {}): MirroredRow => ({
    id,
    product_id: 'p',
    count: 2,
    count_max: 2,
    price: 10,
    batch_id: null,
    ...extra,
  });
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
    expect(n2).toMatchObject({
      method: 'POST',
      path: LINES,
      row_id: 'n2',
      before: null,
      carrier: lines!.id,
      body: lines!.body,
    });
    expect(old).toMatchObject({ method: 'POST', path: LINES, row_id: 'old', before: existing, carrier: lines!.id });
    expect(doc).toMatchObject({ method: 'POST', path: '/api/v1/batch/', table: 'batches', row_id: 'b1', before: null });
    expect(doc!.carrier).toBeUndefined();
    // The lots the document call attaches already have an entry: only the removed one gets its own.
    expect(removed).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/batch/',
      row_id: 'gone',
      before: gone,
      carrier: doc!.id,
    });
  });

  it('an entry remembers its row as it was before the group, also when a later call of the group writes it again', async () => {
    const batch = { id: 'b1', date: 'd1', version: 2 };
    await database.mirrored('batches').put(batch);
    await queueGroup(
      [
        {
          method: 'PATCH',
          path: '/x/',
          table: 'batches',
          rowId: 'b1',
          changes: [{ table: 'batches', id: 'b1', changes: { date: 'd2' } }],
        },
        {
          method: 'PATCH',
          path: '/y/',
          table: 'batches',
          rowId: 'b1',
          changes: [{ table: 'batches', id: 'b1', changes: { date: 'd3' } }],
        },
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
        [
          {
            method: 'POST',
            path: LINES,
            table: 'lots',
            rowId: 'n1',
            changes: [
              { table: 'lots', put: lot('n1') },
              { table: 'lots', id: 'missing', changes: { price: 1 } },
            ],
          },
        ],
        database,
      ),
    ).rejects.toThrow(/missing/);
    expect(await lotsTable().count()).toBe(0);
    expect(await entries()).toEqual([]);
  });

  it('refuses a call filed under a row the device does not have', async () => {
    await expect(
      queueGroup([{ method: 'PATCH', path: '/api/v1/batch/b/', table: 'batches', rowId: 'b' }], database),
    ).rejects.toThrow();
    expect(await entries()).toEqual([]);
  });

  /** A push transport answering each call with `answer`, recording what it was given. */
  const answering =
    (sent: string[][], answer: (path: string) => Omit<PushResult, 'id'>): PushTransport =>
    async (batch) => {
      sent.push(batch.map((e) => `${e.group === batch[0]!.group ? 'g' : '-'} ${e.method} ${e.path}`));
      return { kind: 'results', results: batch.map((e) => ({ id: e.id, ...answer(e.path) })) };
    };

  it('only the calls are sent, in order and grouped; their answers settle every entry of the group', async () => {
    const { existing } = await seeded();
    await saveBatch(existing);
    const sent: string[][] = [];
    const result = await drainOutbox(
      answering(sent, (path) =>
        path === LINES
          ? { status: 200, body: { results: [] } }
          : { status: 201, body: { id: 'b1', date: 'server', version: 7 } },
      ),
      database,
    );
    expect(sent).toEqual([[`g POST ${LINES}`, 'g POST /api/v1/batch/']]);
    expect(result.rejected).toBe(0);
    expect(await entries()).toEqual([]);
    // The document's answer is its row; the lines stay as written until the next pull.
    expect(await database.mirrored('batches').get('b1')).toEqual({ id: 'b1', date: 'server', version: 7 });
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
    const result = await drainOutbox(
      answering([], () => ({ status: 503, body: null })),
      database,
    );
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
