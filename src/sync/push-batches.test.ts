// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { queueCreate } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';

// How the outbox is cut into push calls; the server's side of a push is in push-worker.test.ts.

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

async function createStore(marketId: string, name = `Магазин ${marketId}`, group?: string): Promise<void> {
  const row = {
    id: crypto.randomUUID(),
    market_id: marketId,
    name,
    description: '',
    marketplace: '-',
    access_token: '',
  };
  await queueCreate(
    'markets',
    row,
    { method: 'POST', path: '/api/v1/markets/add/', body: { id: row.id, market_id: marketId, name }, group },
    database,
  );
}
const entries = () => database.outbox.orderBy('seq').toArray();

describe('batching', () => {
  it('many entries per push call, never splitting a group across calls', async () => {
    for (let i = 0; i < 199; i++) await createStore(`b${i}`);
    for (let i = 0; i < 3; i++) await createStore(`g${i}`, 'g', 'big-group');
    await createStore('last');
    const sizes: number[] = [];
    const accepting: PushTransport = async (batch) => {
      sizes.push(batch.length);
      return { kind: 'results', results: batch.map((e) => ({ id: e.id, status: 201, body: null })) };
    };
    expect(await drainOutbox(accepting, database)).toEqual({ sent: 203, rejected: 0 });
    expect(sizes).toEqual([202, 1]);
    expect(await entries()).toEqual([] as OutboxEntry[]);
  });

  it('a group longer than one call still goes whole, in queue order, read page after page', async () => {
    await createStore('before');
    for (let i = 0; i < 320; i++) await createStore(`big${i}`, 'g', 'huge-group');
    await createStore('after');
    const calls: string[][] = [];
    const accepting: PushTransport = async (batch) => {
      calls.push(batch.map((e) => (e.body as { market_id: string }).market_id));
      return { kind: 'results', results: batch.map((e) => ({ id: e.id, status: 201, body: null })) };
    };
    expect(await drainOutbox(accepting, database)).toEqual({ sent: 322, rejected: 0 });
    expect(calls.map((c) => c.length)).toEqual([321, 1]);
    expect(calls.flat()).toEqual(['before', ...Array.from({ length: 320 }, (_, i) => `big${i}`), 'after']);
  });
});
