import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realizations, reserves } from '../../server/db/schema/index.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { lotCounts, noContent, outflowSnapshot, receiveLot } from './helpers/outflows.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * A reserve or sale made by a marketplace order is kept by that order (docs/rules.md «Заказы маркетплейсов»):
 * a person's edit or delete — directly or replayed from the offline queue — is refused and changes nothing.
 */

let t: TestDatabase;
let app: FastifyInstance;
let u: TestUser;

const call = (method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);

interface Posting {
  marketplace: string;
  number: string;
}

/**
 * What the order books write: the row made as a person would (real lots, real ledger), then tied to an order
 * line and its posting, as the order intake ties the rows it makes.
 */
async function tieToOrder(table: typeof reserves | typeof realizations, id: string, posting: Posting) {
  const orderLineId = newId();
  await app.database.db
    .update(table)
    .set({
      orderLineId,
      postingMarketplace: posting.marketplace,
      postingStoreId: newId(),
      postingNumber: posting.number,
    })
    .where(eq(table.id, id));
  return orderLineId;
}

async function stockedProduct(count = 10) {
  const [product] = await addProducts(app, u, ['Кружка']);
  await receiveLot(app, u, product!, count, 100);
  return product!;
}

async function orderReserve(product: string, posting: Posting) {
  const row = await ok(call('POST', 'reserve/', { product, count: 2, price: 700 }), 201);
  const orderLineId = await tieToOrder(reserves, row.id, posting);
  return { id: row.id as string, orderLineId };
}

async function orderSale(product: string, posting: Posting) {
  const row = await ok(call('POST', 'realization/', { product, count: 3, realization_price: 900 }), 201);
  const orderLineId = await tieToOrder(realizations, row.id, posting);
  return { id: row.id as string, orderLineId };
}

const push = async (entries: Array<{ method: Method; path: string; body?: unknown }>) => {
  const res = await call(
    'POST',
    'sync/push',
    entries.map((e) => ({ id: newId(), ...e })),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Array<{ status: number; body: { code: string; detail: string } }>;
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  u = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('a reserve made by an order', () => {
  it('answers with its posting', async () => {
    const product = await stockedProduct();
    const { id, orderLineId } = await orderReserve(product, { marketplace: 'OZON', number: '12345-0001-1' });
    const [row] = await ok(call('GET', `reserve/${product}/`));
    expect(row).toMatchObject({
      id,
      posting: { marketplace: 'OZON', posting_number: '12345-0001-1', order_line_id: orderLineId },
    });
  });

  it('refuses edits, release, sale and delete, naming the order, and changes nothing', async () => {
    const product = await stockedProduct();
    const { id } = await orderReserve(product, { marketplace: 'OZON', number: '12345-0001-1' });
    const before = await outflowSnapshot(app, u.id);
    const lotsBefore = await lotCounts(app, product);
    const detail = 'Резерв создан заказом OZON 12345-0001-1: он снимется или продастся сам вместе с заказом';
    for (const body of [{ count: 1 }, { price: 1 }, { status: 'released' }, { status: 'realized' }, {}]) {
      expect(expectProblem(await call('PATCH', `reserve/${id}/`, body), 409, 'order_reserve').detail).toBe(detail);
    }
    expect(expectProblem(await call('DELETE', `reserve/${id}/delete/`), 409, 'order_reserve').detail).toBe(detail);
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    expect(await lotCounts(app, product)).toEqual(lotsBefore);
  });

  it('names the marketplace as the seller reads it', async () => {
    const product = await stockedProduct();
    const { id } = await orderReserve(product, { marketplace: 'YM', number: '5500123' });
    expect(expectProblem(await call('DELETE', `reserve/${id}/delete/`), 409, 'order_reserve').detail).toBe(
      'Резерв создан заказом Яндекс Маркет 5500123: он снимется или продастся сам вместе с заказом',
    );
  });

  it('a reserve a person made beside it still edits, releases and deletes', async () => {
    const product = await stockedProduct();
    await orderReserve(product, { marketplace: 'OZON', number: '12345-0002-1' });
    const manual = await ok(call('POST', 'reserve/', { product, count: 1, price: 50 }), 201);
    expect(manual.posting).toBeNull();
    expect(await ok(call('PATCH', `reserve/${manual.id}/`, { count: 2 }))).toMatchObject({ count: 2 });
    expect(await ok(call('PATCH', `reserve/${manual.id}/`, { status: 'released' }))).toMatchObject({
      status: 'released',
    });
    await noContent(call('DELETE', `reserve/${manual.id}/delete/`));
  });
});

describe('a sale made by an order', () => {
  it('refuses edits, cancelling and delete, pointing to returns, and keeps its units taken', async () => {
    const product = await stockedProduct();
    const { id, orderLineId } = await orderSale(product, { marketplace: 'WILDBERRIES', number: '4455667' });
    const [row] = await ok(call('GET', `realization/${product}/`));
    expect(row).toMatchObject({ id, posting: { marketplace: 'WILDBERRIES', order_line_id: orderLineId } });
    const before = await outflowSnapshot(app, u.id);
    const lotsBefore = await lotCounts(app, product);
    expect(Object.values(lotsBefore)).toEqual([7]);
    const detail =
      'Продажа создана заказом Wildberries 4455667: её меняет только заказ; возврат оформите на экране «Возвраты»';
    for (const body of [{ count: 1 }, { realization_price: 1 }, { price: 10 }, { status: 'cancelled' }, {}]) {
      expect(expectProblem(await call('PATCH', `realization/${id}/`, body), 409, 'order_sale').detail).toBe(detail);
    }
    expect(expectProblem(await call('DELETE', `realization/${id}/delete/`), 409, 'order_sale').detail).toBe(detail);
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    expect(await lotCounts(app, product)).toEqual(lotsBefore);
  });

  it('a sale a person made beside it still cancels', async () => {
    const product = await stockedProduct();
    await orderSale(product, { marketplace: 'OZON', number: '777-1' });
    const manual = await ok(call('POST', 'realization/', { product, count: 1, realization_price: 300 }), 201);
    expect(await ok(call('PATCH', `realization/${manual.id}/`, { status: 'cancelled' }))).toMatchObject({
      status: 'cancelled',
    });
  });
});

describe('the offline queue', () => {
  it('replays edits of order rows into the same refusals; an edit of a manual row still applies', async () => {
    const product = await stockedProduct();
    const reserve = await orderReserve(product, { marketplace: 'OZON', number: '900-1' });
    const sale = await orderSale(product, { marketplace: 'YM', number: '31337' });
    const before = await outflowSnapshot(app, u.id);
    const results = await push([
      { method: 'PATCH', path: `/api/v1/reserve/${reserve.id}/`, body: { status: 'released' } },
      { method: 'DELETE', path: `/api/v1/reserve/${reserve.id}/delete/` },
      { method: 'PATCH', path: `/api/v1/realization/${sale.id}/`, body: { status: 'cancelled' } },
      { method: 'DELETE', path: `/api/v1/realization/${sale.id}/delete/` },
    ]);
    expect(results.map((r) => [r.status, r.body.code])).toEqual([
      [409, 'order_reserve'],
      [409, 'order_reserve'],
      [409, 'order_sale'],
      [409, 'order_sale'],
    ]);
    expect(results[2]!.body.detail).toContain('Яндекс Маркет 31337');
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
    // The refusals belong to the order rows alone: a manual reserve's release replays as before.
    const manual = await ok(call('POST', 'reserve/', { product, count: 1, price: 50 }), 201);
    const [released] = await push([
      { method: 'PATCH', path: `/api/v1/reserve/${manual.id}/`, body: { status: 'released' } },
    ]);
    expect(released).toMatchObject({ status: 200, body: { status: 'released' } });
  });
});
