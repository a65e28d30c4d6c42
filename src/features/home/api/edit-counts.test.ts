// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type OutboxEntry } from '../../../db/database.ts';
import { REFUSED_WITH_CREATE } from '../../../sync/refused-entries.ts';
import { countRefusedEdits, loadEditCounts } from './edit-counts.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

let seq = 0;
function entry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    seq: ++seq,
    id: crypto.randomUUID(),
    group: null,
    method: 'POST',
    path: '/api/v1/disposal/',
    body: {},
    table: 'disposals',
    row_id: crypto.randomUUID(),
    before: null,
    created_at: Date.now(),
    status: 'rejected',
    attempts: 1,
    error: 'Недостаточно товара на складе: доступно 1 шт.',
    ...over,
  };
}

describe('edits not sent and refused', () => {
  it('counts refused edits as the sync dialog lists them: a group once, a create with the edits refused with it once', () => {
    const returnsReceipt = [
      entry({ group: 'g1', table: 'batches' }),
      entry({ group: 'g1', table: 'lots' }),
      entry({ group: 'g1', table: 'returns', carrier: 'x' }),
    ];
    const create = entry({ table: 'lots', row_id: 'lot-1' });
    const withCreate = entry({
      method: 'PATCH',
      table: 'lots',
      row_id: 'lot-1',
      before: { id: 'lot-1' },
      error: `${REFUSED_WITH_CREATE}.`,
    });
    const alone = entry({ method: 'PATCH', table: 'markets', before: { id: 'm' }, error: 'Нельзя' });
    expect(countRefusedEdits([...returnsReceipt, create, withCreate, alone])).toBe(3);
    // Only a carrier left of a group: no edit to show.
    expect(countRefusedEdits([entry({ group: 'g2', carrier: 'y' })])).toBe(0);
    expect(countRefusedEdits([])).toBe(0);
  });

  it('reads them from the outbox: waiting and on the wire are unsent, with pictures waiting for upload; applied ones are neither', async () => {
    const { seq: _a, ...pending } = entry({ status: 'pending', error: null });
    const { seq: _b, ...sending } = entry({ status: 'sending', error: null });
    const { seq: _c, ...applied } = entry({ status: 'applied', error: null });
    const { seq: _d, ...refused } = entry({});
    await database.outbox.bulkAdd([pending, sending, applied, refused]);
    await database.pending_images.add({
      id: 'img',
      product_id: 'p',
      data: new ArrayBuffer(1),
      type: 'image/png',
      name: 'a.png',
      created_at: 0,
    });
    expect(await loadEditCounts(database)).toEqual({ unsent: 3, refused: 1 });
  });

  it('counts unsent edits as the user made them: a receipt waiting as one group of four entries is one edit', async () => {
    const waiting = (over: Partial<OutboxEntry>) => {
      const { seq: _, ...e } = entry({ status: 'pending', error: null, ...over });
      return e;
    };
    await database.outbox.bulkAdd([
      waiting({ group: 'receipt', method: 'PATCH', table: 'returns' }),
      waiting({ group: 'receipt', table: 'batches', carrier: 'x' }),
      waiting({ group: 'receipt', table: 'lots', carrier: 'x' }),
      waiting({ group: 'receipt', table: 'disposals', carrier: 'x' }),
      waiting({ table: 'markets' }),
    ]);
    expect(await loadEditCounts(database)).toEqual({ unsent: 2, refused: 0 });
  });
});
