import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { receiveLot } from './helpers/outflows.ts';
import { addProducts, productsCall } from './helpers/products.ts';
import { insertUnmatched, movementsOf, returnsApi, returnsSnapshot } from './helpers/returns.ts';
import { apiCall, expectLedgerMatchesLots, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The returns receipt (POST /api/v1/returns/batch/, docs/rules.md «Возвраты»): ready becomes a
 * return lot, markdown a return lot and one markdown per unit, disposal a return lot written off;
 * one return batch, all or nothing; the price rules of docs/rules.md «Возвраты»; processed returns frozen.
 */

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

async function seller(names = ['Куртка']) {
  const u = await signUp(app);
  return { u, api: returnsApi(app, u), products: await addProducts(app, u, names) };
}

const productOf = async (u: TestUser, id: string) =>
  (await ok(productsCall(app, u, 'GET', `product/${id}/`))).product_wh;
const movements = async (u: TestUser, productId: string) =>
  (await ok(apiCall(app, u, 'GET', `products/${productId}/movements/`))).results;

describe('the three outcomes of a receipt', () => {
  it('ready → a return lot; markdown → a return lot and a markdown per unit; disposal → a return lot written off', async () => {
    const { u, api, products } = await seller(['Куртка', 'Шапка', 'Шарф']);
    const [jacket, hat, scarf] = products as [string, string, string];
    await receiveLot(app, u, jacket, 4, 300, '2024-01-01');
    const ready = await api.create(jacket, 2);
    const marked = await api.create(hat, 3);
    const written = await api.create(scarf, 2);
    await api.edit(marked.id, { status: 'markdown', price: 200, markdown_price: 120, description: 'Без бирки' });
    const batchId = newId();
    const res = await api.receive(
      '2024-03-05',
      {
        [ready.id]: { status: 'ready', price: 300 },
        [marked.id]: {},
        [written.id]: { status: 'disposal', price: 80.5, description: 'Брак' },
      },
      { id: batchId },
    );
    expect(res.batch).toMatchObject({ id: batchId, kind: 'return', date: '2024-03-05T00:00:00.000Z' });
    const byId = Object.fromEntries(res.returns.map((r: { id: string }) => [r.id, r]));
    const received = { processed: true, final_moment: '2024-03-05T00:00:00.000Z', batch_id: batchId };
    expect(byId[ready.id]).toMatchObject({ ...received, status: 'ready', price: 300 });
    expect(byId[marked.id]).toMatchObject({
      ...received,
      status: 'markdown',
      price: 200,
      markdown_price: 120,
      description: 'Без бирки',
    });
    expect(byId[written.id]).toMatchObject({ ...received, status: 'disposal', price: 80.5, description: 'Брак' });

    const detail = await ok(apiCall(app, u, 'GET', `batch/${batchId}`));
    const lotOf = (p: string) => detail.inventories.find((l: { product_id: string }) => l.product_id === p);
    const returnLot = { is_return: true, batch_id: batchId, created_at: '2024-03-05T00:00:00.000Z' };
    expect(lotOf(jacket)).toMatchObject({ ...returnLot, return_id: ready.id, count: 2, count_max: 2, price: 300 });
    expect(lotOf(hat)).toMatchObject({ ...returnLot, return_id: marked.id, count: 0, count_max: 3, price: 200 });
    expect(lotOf(scarf)).toMatchObject({ ...returnLot, return_id: written.id, count: 0, count_max: 2, price: 80.5 });
    expect(detail.markdowns).toHaveLength(3);
    for (const m of detail.markdowns) {
      expect(m).toMatchObject({
        product_id: hat,
        lot_id: lotOf(hat).id,
        count: 1,
        price: 200,
        markdown_price: 120,
        release: false,
        description: 'Без бирки',
      });
    }
    expect(detail.disposals).toEqual([
      expect.objectContaining({
        product_id: scarf,
        count: 2,
        price: 80.5,
        batch_id: batchId,
        datetime: '2024-03-05T00:00:00.000Z',
      }),
    ]);

    // Product figures: the jacket's units are back in stock; the hat's are three markdowns; the scarf's are gone again.
    expect(await productOf(u, jacket)).toMatchObject({ count: 6, total_price: 4 * 300 + 2 * 300, markdowns: 0 });
    expect(await productOf(u, hat)).toMatchObject({ count: 0, total_price: 0, markdowns: 3 });
    expect(await productOf(u, scarf)).toMatchObject({ count: 0, total_price: 0, markdowns: 0 });

    // The ledger: a receipt of the return lot, then one markdown row per unit / one disposal row.
    const ledger = (rows: { reason: string; delta: number; lot_id: string; unit_cost: number }[]) =>
      rows.map((m) => [m.reason, m.delta, m.unit_cost]).sort((a, b) => String(a).localeCompare(String(b)));
    expect(
      ledger((await movements(u, jacket)).filter((m: { lot_id: string }) => m.lot_id === lotOf(jacket).id)),
    ).toEqual([['receipt', 2, 300]]);
    expect(ledger(await movements(u, hat))).toEqual([
      ['markdown', -1, 200],
      ['markdown', -1, 200],
      ['markdown', -1, 200],
      ['receipt', 3, 200],
    ]);
    expect(ledger(await movements(u, scarf))).toEqual([
      ['disposal', -2, 80.5],
      ['receipt', 2, 80.5],
    ]);
    for (const m of detail.markdowns)
      expect((await movementsOf(app, 'markdowns', m.id)).map((r) => r.delta)).toEqual([-1]);
    await expectLedgerMatchesLots(app, u.id);

    const list = await ok(apiCall(app, u, 'GET', 'batch/?is_return=true'));
    expect(list.results).toEqual([
      expect.objectContaining({ id: batchId, kind: 'return', total_count: 7, total_sum: 600 + 600 + 161 }),
    ]);
    expect((await ok(apiCall(app, u, 'GET', 'batch/'))).results.map((b: { id: string }) => b.id)).not.toContain(
      batchId,
    );
    const listed = await api.list();
    expect(listed.returns.find((r: { id: string }) => r.id === ready.id)).toMatchObject({
      batch_date: '2024-03-05T00:00:00.000Z',
      processed: true,
    });
  });

  it('a markdown unit of a return is deleted like any markdown: its unit goes back to the return lot', async () => {
    const { u, api, products } = await seller();
    const p = products[0]!;
    const r = await api.create(p, 2);
    const res = await api.receive('2024-03-05', { [r.id]: { status: 'markdown', price: 50, markdown_price: 30 } });
    const detail = await ok(apiCall(app, u, 'GET', `batch/${res.batch.id}`));
    const res2 = await apiCall(app, u, 'DELETE', `markdowns/${detail.markdowns[0].id}/`);
    expect(res2.statusCode, res2.body).toBe(204);
    expect(await productOf(u, p)).toMatchObject({ count: 1, total_price: 50, markdowns: 1 });
    await expectLedgerMatchesLots(app, u.id);
  });
});

describe('the receipt rules', () => {
  it('refuses a price not above 0, and a markdown price not above 0 for markdown, naming every failing return; nothing changes', async () => {
    const { u, api, products } = await seller();
    const [a, b, c] = [await api.create(products[0]!), await api.create(products[0]!), await api.create(products[0]!)];
    await api.edit(b.id, { status: 'markdown', price: 100, markdown_price: 60 });
    const before = await returnsSnapshot(app, u.id);
    const problem = expectProblem(
      await api.receipt('2024-03-05', {
        [a.id]: { status: 'ready', price: 0 },
        [b.id]: { markdown_price: 0 },
        [c.id]: { status: 'disposal', price: 5 },
      }),
      422,
      'return_price_missing',
    );
    expect(problem.detail).toBe('Не указаны значения цены в выделенных возвратах.');
    expect(problem.errors!.map((e) => e.field).sort()).toEqual(
      [`batch.${a.id}.price`, `batch.${b.id}.markdown_price`].sort(),
    );
    // A return with status none (or deleted) cannot be received: its status is missing.
    const missing = expectProblem(
      await api.receipt('2024-03-05', { [c.id]: {}, [a.id]: { status: 'ready', price: 9 } }),
      422,
      'return_status_missing',
    );
    expect(missing.errors!.map((e) => e.field).sort()).toEqual([`batch.${c.id}.status`, `batch.${c.id}.price`].sort());
    await api.edit(a.id, { status: 'deleted' });
    const deleted = expectProblem(await api.receipt('2024-03-05', { [a.id]: {} }), 422, 'return_status_missing');
    expect(deleted.errors!.map((e) => e.field)).toContain(`batch.${a.id}.status`);
    await api.edit(a.id, { status: null });
    expect(await returnsSnapshot(app, u.id)).toMatchObject({
      lotRows: before.lotRows,
      markdownRows: [],
      disposalRows: [],
      batchRows: [],
      movements: before.movements,
    });
  });

  it('refuses an unmatched return (422) and a processed one (409); the whole receipt or nothing', async () => {
    const { u, api, products } = await seller();
    const p = products[0]!;
    const ok1 = await api.create(p);
    const unmatched = await insertUnmatched(app, u, { status: 'ready', price: 10 });
    const before = await returnsSnapshot(app, u.id);
    const problem = expectProblem(
      await api.receipt('2024-03-05', { [ok1.id]: { status: 'ready', price: 10 }, [unmatched.id]: {} }),
      422,
      'return_unmatched',
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: `batch.${unmatched.id}.product_id` })]);
    expect(await returnsSnapshot(app, u.id)).toEqual(before);

    // Matched in the receipt itself (the pending edit's product_id), it goes through.
    const matched = await api.receive('2024-03-05', { [unmatched.id]: { product_id: p } });
    expect(matched.returns[0]).toMatchObject({ product_id: p, processed: true, status: 'ready', price: 10 });

    const again = expectProblem(
      await api.receipt('2024-03-06', {
        [ok1.id]: { status: 'ready', price: 10 },
        [unmatched.id]: { status: 'ready', price: 10 },
      }),
      409,
      'return_processed',
    );
    expect(again.errors).toEqual([expect.objectContaining({ field: `batch.${unmatched.id}` })]);
    expect((await api.list()).returns.find((r: { id: string }) => r.id === ok1.id)).toMatchObject({ processed: false });
    await expectLedgerMatchesLots(app, u.id);
  });

  it('refuses a return_id other than its key, an unknown return, a taken batch id, a product of another user', async () => {
    const { u, api, products } = await seller();
    const r = await api.create(products[0]!);
    const other = await seller();
    const before = await returnsSnapshot(app, u.id);
    expectProblem(
      await api.receipt('2024-03-05', { [r.id]: { status: 'ready', price: 1, return_id: newId() } as object }),
      400,
      'id_mismatch',
    );
    expectProblem(
      await api.receipt('2024-03-05', {
        [r.id]: { status: 'ready', price: 1 },
        [newId()]: { status: 'ready', price: 1 },
      }),
      404,
      'not_found',
    );
    expectProblem(
      await api.receipt('2024-03-05', { [r.id]: { status: 'ready', price: 1, product_id: other.products[0] } }),
      404,
      'not_found',
    );
    const theirs = await other.api.receive('2024-03-05', {
      [(await other.api.create(other.products[0]!)).id]: { status: 'ready', price: 1 },
    });
    expectProblem(
      await api.receipt('2024-03-05', { [r.id]: { status: 'ready', price: 1 } }, { id: theirs.batch.id }),
      409,
      'duplicate',
    );
    expectProblem(await api.receipt('2024-03-05', {}), 400, 'validation_failed');
    expectProblem(await api.receipt('2024-13-05', { [r.id]: { status: 'ready', price: 1 } }), 400, 'validation_failed');
    expect(await returnsSnapshot(app, u.id)).toEqual(before);
  });

  it('receives a return once when two receipts of it race; crossing receipts of two products both go through', async () => {
    const { u, api, products } = await seller(['Куртка', 'Шапка']);
    const [p, q] = products as [string, string];
    const r = await api.create(p, 2);
    const answers = await Promise.all([
      api.receipt('2024-03-05', { [r.id]: { status: 'ready', price: 10 } }),
      api.receipt('2024-03-06', { [r.id]: { status: 'disposal', price: 10 } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await returnsSnapshot(app, u.id)).lotRows).toHaveLength(1);
    const [a1, a2, b1, b2] = [await api.create(p), await api.create(q), await api.create(q), await api.create(p)];
    const crossing = await Promise.all([
      api.receipt('2024-03-07', { [a1.id]: { status: 'ready', price: 10 }, [a2.id]: { status: 'ready', price: 10 } }),
      api.receipt('2024-03-07', {
        [b1.id]: { status: 'markdown', price: 10, markdown_price: 5 },
        [b2.id]: { status: 'disposal', price: 10 },
      }),
    ]);
    expect(crossing.map((a) => a.statusCode)).toEqual([201, 201]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('makes at most 1000 markdown units in one receipt', async () => {
    const { api, products } = await seller();
    const r = await api.create(products[0]!, 1001);
    expectProblem(
      await api.receipt('2024-03-05', { [r.id]: { status: 'markdown', price: 1, markdown_price: 1 } }),
      422,
      'too_many_markdowns',
    );
  });
});
