// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow } from '../db/database.ts';
import { loadProductStock } from '../stock/projected-stock.ts';
import { ScriptedServer } from '../testing/scripted-server.ts';
import { queueCreate } from './outbox.ts';
import { pullChanges } from './pull.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';

// Issue 9, item 1 («Stale stock, for good»): a receipt and a write-off made offline, sent on a link
// where the live channel's pull lands before the push answer (or the answer is lost and replayed).
// The device must end with the lot as the server has it, whatever the order.

let database: OstatokDatabase;
let server: ScriptedServer;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
  server = new ScriptedServer();
});
afterEach(async () => {
  await database.delete();
});

const RECEIVED_AT = '2025-01-10T00:00:00.000Z';
const lotRow = (count: number): MirroredRow => ({
  id: 'L',
  product_id: 'p',
  count,
  count_max: 3,
  price: 10,
  created_at: RECEIVED_AT,
  batch_id: null,
});
const disposalRow: MirroredRow = { id: 'D', product_id: 'p', count: 2, price: 0, description: '' };

/** «Оприходовать» 3 and «Списать» 2, offline, as the stock screens queue them. */
async function receiveThreeWriteOffTwo() {
  await queueCreate(
    'lots',
    { ...lotRow(3), version: 0 },
    { method: 'POST', path: '/api/v1/inventory/', body: { id: 'L', product_id: 'p', count: 3, price: 10 } },
    database,
  );
  await queueCreate(
    'disposals',
    { ...disposalRow, version: 0 },
    { method: 'POST', path: '/api/v1/disposal/', body: disposalRow },
    database,
  );
}

/** What the server does with the two calls: the receipt's answer is the lot before the write-off took 2. */
const applyOnServer: PushTransport = async (entries) => ({
  kind: 'results',
  results: entries.map((e) => {
    if (e.path === '/api/v1/inventory/')
      return { id: e.id, status: 201, body: server.once(e.id, () => server.write('lots', lotRow(3))) };
    return {
      id: e.id,
      status: 201,
      body: server.once(e.id, () => {
        server.write('lots', { ...server.get('lots', 'L')!, count: 1 });
        const row = server.write('disposals', disposalRow);
        server.write('stock_movements', {
          id: 'M',
          product_id: 'p',
          lot_id: 'L',
          delta: -2,
          source_table: 'disposals',
          source_id: 'D',
        });
        return row;
      }),
    };
  }),
});

const lotOnDevice = async () => (await database.mirrored('lots').get('L'))?.count;
const onHand = async () => (await loadProductStock('p', database)).onHand;

describe('receipt + write-off sent offline converge to the server’s lot', () => {
  it('when the live channel’s pull lands before the push answer', async () => {
    await receiveThreeWriteOffTwo();
    expect(await onHand()).toBe(1);
    const answerAfterPull: PushTransport = async (entries) => {
      const outcome = await applyOnServer(entries);
      await pullChanges(server.pull, database); // `changes` message → pull, while the answer is on its way
      return outcome;
    };

    expect(await drainOutbox(answerAfterPull, database)).toEqual({ sent: 2, rejected: 0 });

    expect(await lotOnDevice()).toBe(1);
    expect(await onHand()).toBe(1);
    // The periodic pull after it changes nothing, and settles the applied write-off.
    await pullChanges(server.pull, database);
    expect(await database.outbox.count()).toBe(0);
    expect(await lotOnDevice()).toBe(1);
    expect(await onHand()).toBe(1);
    expect(await database.mirrored('lots').get('L')).toEqual(server.get('lots', 'L'));
  });

  it('when the answer is lost, a pull comes, and the replay answers from the idempotency store', async () => {
    await receiveThreeWriteOffTwo();
    const answerLost: PushTransport = async (entries) => {
      await applyOnServer(entries);
      throw new TypeError('network connection lost');
    };
    expect((await drainOutbox(answerLost, database)).retry).toBe('network connection lost');
    await pullChanges(server.pull, database);
    expect(await onHand()).toBe(1);

    expect(await drainOutbox(applyOnServer, database)).toEqual({ sent: 2, rejected: 0 });

    expect(await lotOnDevice()).toBe(1);
    expect(await onHand()).toBe(1);
    await pullChanges(server.pull, database);
    expect(await database.outbox.count()).toBe(0);
    expect(await onHand()).toBe(1);
    expect(await database.mirrored('lots').get('L')).toEqual(server.get('lots', 'L'));
  });

  it('a write-off of a lot the device already had: the lot it changed is never stale, before or after the pull', async () => {
    await database.mirrored('lots').put(server.write('lots', lotRow(3)));
    await queueCreate(
      'disposals',
      { ...disposalRow, version: 0 },
      { method: 'POST', path: '/api/v1/disposal/', body: disposalRow },
      database,
    );
    expect(await onHand()).toBe(1);

    // Accepted; no pull yet: the mirrored lot still says 3, the applied write-off is still projected.
    expect(await drainOutbox(applyOnServer, database)).toEqual({ sent: 1, rejected: 0 });
    expect(await lotOnDevice()).toBe(3);
    expect(await onHand()).toBe(1);

    // The pull brings the lot and the ledger row, and drops the applied entry: no double count.
    await pullChanges(server.pull, database);
    expect(await database.outbox.count()).toBe(0);
    expect(await lotOnDevice()).toBe(1);
    expect(await onHand()).toBe(1);
  });
});
