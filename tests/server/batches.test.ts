import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, markdowns } from '../../server/db/schema/index.ts';
import { runInTransaction } from '../../server/db/tx-context.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts, productsCall, type Method } from './helpers/products.ts';
import {
  apiCall,
  expectLedgerMatchesLots,
  ok,
  realizeOther,
  receiveBatch,
  stockSnapshot,
  type Line,
  type OtherLine,
} from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const lines = (u: TestUser, batch: Line[]) => ok(call(u, 'POST', 'inventory_batch/', { batch }));
const others = (u: TestUser, batch: OtherLine[]) => realizeOther(app, u, batch);
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

/** A markdown or disposal taking units through the engine, as their own calls do. */
async function outflow(u: TestUser, table: 'markdowns' | 'disposals', productId: string, count = 1) {
  const { db } = app.database;
  return db.transaction((tx) =>
    runInTransaction(tx, async () => {
      const [row] =
        table === 'markdowns'
          ? await tx.insert(markdowns).values({ userId: u.id, productId, price: 100, markdownPrice: 50 }).returning()
          : await tx.insert(disposals).values({ userId: u.id, productId, count }).returning();
      await app.stock.take(u.id, {
        productId,
        quantity: count,
        reason: table === 'markdowns' ? 'markdown' : 'disposal',
        source: { table, id: row!.id },
      });
      return row!;
    }),
  );
}

async function push(u: TestUser, entries: unknown[]) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: u.headers, payload: entries });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { id: string; status: number; body: { code?: string; results?: { id: string }[] } }[];
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('receiving in batches', () => {
  it('takes outflows from the lot with the earlier batch date, whichever was received first', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Краска']);
    const later = await receiveBatch(app, u, '2024-03-10', [{ product_id: p!, count: 2, price: 100 }]);
    const earlier = await receiveBatch(app, u, '2024-03-01', [{ product_id: p!, count: 2, price: 40 }]);
    const fifo = await ok(call(u, 'GET', `inventory/${p}/`));
    expect(idsOf(fifo)).toEqual([earlier.inventories[0].id, later.inventories[0].id]);
    expect(fifo[0].created_at).toBe('2024-03-01T00:00:00.000Z');
    const sold = await others(u, [{ product_id: p!, count: 3 }]);
    // Two units at 40 from the earlier batch, one at 100 from the later: (80 + 100) / 3.
    expect(sold.results[0]).toMatchObject({ count: 3, price: 60 });
    const after = await ok(call(u, 'GET', `inventory/${p}/`));
    expect(after.map((l: { count: number }) => l.count)).toEqual([0, 1]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('answers the batch with its lines, and reads it back with the markdowns and disposals of its lots', async () => {
    const u = await signUp(app);
    const added = await productsCall(app, u, 'POST', 'warehouse/add/', [
      { name: 'Лампа', images: ['https://cdn.example/lamp.jpg'] },
      { name: 'Шнур' },
    ]);
    const [lamp, cord] = added.json().inserted_ids;
    const id = newId();
    const created = await receiveBatch(
      app,
      u,
      '2024-06-15',
      [
        { product_id: lamp, count: 5, price: 1000 },
        { product_id: cord, count: 10, price: 50 },
      ],
      { id, description: 'Поставка №7' },
    );
    expect(created).toMatchObject({
      id,
      kind: 'purchase',
      date: '2024-06-15T00:00:00.000Z',
      description: 'Поставка №7',
      markdowns: [],
      disposals: [],
      other_realizations: [],
    });
    expect(created.inventories).toEqual([
      expect.objectContaining({
        product_id: lamp,
        name: 'Лампа',
        images: ['https://cdn.example/lamp.jpg'],
        batch_id: id,
        count_max: 5,
        created_at: '2024-06-15T00:00:00.000Z',
      }),
      expect.objectContaining({ product_id: cord, name: 'Шнур', images: [], batch_id: id, count_max: 10 }),
    ]);
    // Another batch's lamp lot is older, so the markdown and the disposal of lamps hit it first.
    const elsewhere = await receiveBatch(app, u, '2024-01-01', [{ product_id: lamp, count: 1, price: 900 }]);
    const first = await outflow(u, 'markdowns', lamp);
    const second = await outflow(u, 'markdowns', lamp);
    const disposal = await outflow(u, 'disposals', cord, 2);
    const detail = await ok(call(u, 'GET', `batch/${id}`));
    expect(idsOf(detail.markdowns)).toEqual([second.id]);
    expect(idsOf(detail.disposals)).toEqual([disposal.id]);
    expect(detail.disposals[0]).toMatchObject({ count: 2, product_id: cord });
    expect(idsOf((await ok(call(u, 'GET', `batch/${elsewhere.id}/`))).markdowns)).toEqual([first.id]);
    const { markdowns: _m, disposals: _d, ...head } = detail;
    const { markdowns: _cm, disposals: _cd, ...createdHead } = created;
    expect({ ...head, inventories: head.inventories.map((l: { id: string }) => l.id) }).toMatchObject({
      ...createdHead,
      version: expect.any(Number),
      updated_at: expect.any(String),
      inventories: idsOf(created.inventories),
    });
  });

  it('edits a batch: new date for every line, lines no longer listed removed, a lot with outflows kept with 409', async () => {
    const u = await signUp(app);
    const [p, q] = await addProducts(app, u, ['Доска', 'Брус']);
    const batch = await receiveBatch(app, u, '2024-02-01', [
      { product_id: p!, count: 4, price: 10 },
      { product_id: q!, count: 4, price: 20 },
    ]);
    const lotOf = (product: string) =>
      batch.inventories.find((l: { product_id: string }) => l.product_id === product).id as string;
    const [board, beam] = [lotOf(p!), lotOf(q!)];
    const added = (await lines(u, [{ product_id: q!, count: 1, price: 25 }])).results[0].id;
    const edited = await ok(
      call(u, 'PATCH', `batch/${batch.id}/`, {
        date: '2024-02-20',
        inventory_ids: [board, added],
        description: 'Исправлено',
      }),
    );
    expect(edited).toMatchObject({ date: '2024-02-20T00:00:00.000Z', description: 'Исправлено', kind: 'purchase' });
    expect(edited.inventories.map((l: { id: string; created_at: string }) => [l.id, l.created_at])).toEqual([
      [board, '2024-02-20T00:00:00.000Z'],
      [added, '2024-02-20T00:00:00.000Z'],
    ]);
    expect(idsOf(await ok(call(u, 'GET', `inventory/${q}/`)))).toEqual([added]);
    expectProblem(await call(u, 'PATCH', `inventory/${beam}/`, { count: 1 }), 404, 'not_found');

    await others(u, [{ product_id: p!, count: 1 }]);
    const before = await stockSnapshot(app, u.id);
    expectProblem(
      await call(u, 'PATCH', `batch/${batch.id}/`, { date: '2025-01-01', inventory_ids: [added] }),
      409,
      'lot_has_outflows',
    );
    expect(await stockSnapshot(app, u.id)).toEqual(before);
    // Only the date: the lines stay as they are.
    const moved = await ok(call(u, 'PATCH', `batch/${batch.id}/`, { date: '2024-03-01' }));
    expect(idsOf(moved.inventories)).toEqual([board, added]);
    expect(moved.inventories[0].created_at).toBe('2024-03-01T00:00:00.000Z');
    await expectLedgerMatchesLots(app, u.id);
  });

  it('keeps other realizations in a batch of kind other; dropping one puts its units back', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Клей']);
    await receiveBatch(app, u, '2024-01-01', [{ product_id: p!, count: 10, price: 7 }]);
    const sold = await others(u, [
      { product_id: p!, count: 3, realization_price: 20 },
      { product_id: p!, count: 2, realization_price: 30 },
    ]);
    const [a, b] = idsOf(sold.results);
    const batch = await ok(call(u, 'POST', 'batch/', { date: '2024-05-05', other_realization_ids: [a, b] }), 201);
    expect(batch).toMatchObject({ kind: 'other', inventories: [] });
    // Lines saved in one call have no order among themselves.
    expect(batch.other_realizations).toHaveLength(2);
    expect(batch.other_realizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a, batch_id: batch.id, date: '2024-05-05T00:00:00.000Z' }),
        expect.objectContaining({ id: b, batch_id: batch.id, date: '2024-05-05T00:00:00.000Z' }),
      ]),
    );
    const lot = (await ok(call(u, 'GET', `inventory/${p}/`)))[0];
    expect(lot.count).toBe(5);
    const edited = await ok(call(u, 'PATCH', `batch/${batch.id}/`, { other_realization_ids: [a] }));
    expect(idsOf(edited.other_realizations)).toEqual([a]);
    expect((await ok(call(u, 'GET', `inventory/${p}/`)))[0].count).toBe(7);
    expect(idsOf(await ok(call(u, 'GET', `other_realization_batch/?product_id=${p}`)))).toEqual([a]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('refuses lines that belong to another batch', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Гайка']);
    const first = await receiveBatch(app, u, '2024-01-01', [{ product_id: p!, count: 1, price: 1 }]);
    const before = await stockSnapshot(app, u.id);
    expectProblem(
      await call(u, 'POST', 'batch/', { date: '2024-01-02', inventory_ids: [first.inventories[0].id] }),
      409,
      'lot_in_other_batch',
    );
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });
});

describe('all or nothing', () => {
  it('creates no batch when one listed line is missing', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Болт']);
    const saved = await lines(u, [{ product_id: p!, count: 2, price: 3 }]);
    const before = await stockSnapshot(app, u.id);
    const id = newId();
    expectProblem(
      await call(u, 'POST', 'batch/', { id, date: '2024-01-01', inventory_ids: [saved.results[0].id, newId()] }),
      404,
      'not_found',
    );
    expect(await stockSnapshot(app, u.id)).toEqual(before);
    expectProblem(await call(u, 'GET', `batch/${id}`), 404, 'not_found');
  });

  it('applies a [inventory_batch, batch] group sent through sync push together or not at all', async () => {
    const u = await signUp(app);
    const [p, q] = await addProducts(app, u, ['Шуруп', 'Дюбель']);
    const [lotA, lotB, batchId] = [newId(), newId(), newId()];
    const linesEntry = (group: string, count = 5) => ({
      id: newId(),
      group,
      method: 'POST',
      path: '/api/v1/inventory_batch/',
      body: {
        batch: [
          { id: lotA, product_id: p, count, price: 2 },
          { id: lotB, product_id: q, count: 7, price: 3 },
        ],
      },
    });
    const batchEntry = (group: string, inventory_ids: string[]) => ({
      id: newId(),
      group,
      method: 'POST',
      path: '/api/v1/batch/',
      body: { id: batchId, date: '2024-07-01', inventory_ids },
    });
    const before = await stockSnapshot(app, u.id);

    const missingLot = await push(u, [linesEntry('g1'), batchEntry('g1', [lotA, lotB, newId()])]);
    expect(missingLot.map((r) => [r.status, r.body?.code])).toEqual([
      [424, 'group_failed'],
      [404, 'not_found'],
    ]);
    const badLine = await push(u, [linesEntry('g2', 0), batchEntry('g2', [lotA, lotB])]);
    expect(badLine.map((r) => [r.status, r.body?.code])).toEqual([
      [422, 'line_incomplete'],
      [424, 'group_failed'],
    ]);
    expect(await stockSnapshot(app, u.id)).toEqual(before);

    const good = [linesEntry('g3'), batchEntry('g3', [lotA, lotB])];
    expect((await push(u, good)).map((r) => r.status)).toEqual([200, 201]);
    const detail = await ok(call(u, 'GET', `batch/${batchId}`));
    expect(detail.inventories.map((l: { id: string; count: number }) => [l.id, l.count]).sort()).toEqual(
      [
        [lotA, 5],
        [lotB, 7],
      ].sort(),
    );
    // The queue replays the same entries after a lost answer: applied once.
    expect((await push(u, good)).map((r) => r.status)).toEqual([200, 201]);
    expect((await ok(call(u, 'GET', 'inventory/sum'))).count).toBe(12);
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('another user', () => {
  it("gets 404 for the owner's batches and their lines, and changes nothing", async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    const [p] = await addProducts(app, owner, ['Чужое']);
    const batch = await receiveBatch(app, owner, '2024-01-01', [{ product_id: p!, count: 3, price: 1 }]);
    const lotId = batch.inventories[0].id;
    await receiveBatch(app, owner, '2024-01-02', [{ product_id: p!, count: 3, price: 1 }]);
    const sold = await others(owner, [{ product_id: p!, count: 1 }]);
    const before = await stockSnapshot(app, owner.id);
    const missing = expectProblem(await call(intruder, 'GET', `batch/${newId()}`), 404, 'not_found').detail;
    for (const res of [
      await call(intruder, 'GET', `batch/${batch.id}`),
      await call(intruder, 'PATCH', `batch/${batch.id}/`, { date: '2030-01-01', inventory_ids: [] }),
    ])
      expect(expectProblem(res, 404, 'not_found').detail).toBe(missing);
    expectProblem(
      await call(intruder, 'POST', 'batch/', { date: '2024-01-01', inventory_ids: [lotId] }),
      404,
      'not_found',
    );
    expectProblem(
      await call(intruder, 'POST', 'batch/', { date: '2024-01-01', other_realization_ids: [sold.results[0].id] }),
      404,
      'not_found',
    );
    expect(await ok(call(intruder, 'GET', 'batch/'))).toEqual({ results: [], total: 0 });
    expect(await stockSnapshot(app, owner.id)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 400 problem+json and changes nothing', async () => {
    const u = await signUp(app);
    const [p] = await addProducts(app, u, ['Шайба']);
    const batch = await receiveBatch(app, u, '2024-01-01', [{ product_id: p!, count: 1, price: 1 }]);
    const before = await stockSnapshot(app, u.id);
    const bad: [Method, string, unknown][] = [
      ['POST', 'batch/', { inventory_ids: [] }],
      ['POST', 'batch/', { date: '01.02.2024', inventory_ids: [] }],
      ['POST', 'batch/', { date: '2024-01-01', kind: 'gift' }],
      ['POST', 'batch/', { date: '2024-01-01', inventory_ids: ['1'] }],
      ['POST', 'batch/', { date: '2024-01-01', inventory_ids: 'all' }],
      // The lines answer spread in (results) is a reading the contract accepts: an unknown field is not.
      ['POST', 'batch/', { date: '2024-01-01', lines: [] }],
      ['POST', 'batch/', { date: 20240101 }],
      ['PATCH', `batch/${batch.id}/`, { date: '2100-01-01' }],
      ['PATCH', `batch/${batch.id}/`, { inventory_ids: null }],
      ['PATCH', 'batch/123/', { date: '2024-01-01' }],
    ];
    for (const [method, url, body] of bad) expectProblem(await call(u, method, url, body), 400, 'validation_failed');
    expectProblem(
      await call(u, 'PATCH', `batch/${batch.id}/`, { id: newId(), date: '2024-01-01' }),
      400,
      'id_mismatch',
    );
    for (const q of ['date_start=yesterday', 'date_end=2024-02-30', 'is_return=1x', 'page_size=0'])
      expectProblem(await call(u, 'GET', `batch/?${q}`), 400, 'validation_failed');
    expect(await stockSnapshot(app, u.id)).toEqual(before);
  });
});
