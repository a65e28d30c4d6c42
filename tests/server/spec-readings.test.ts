import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { receiveLot } from './helpers/outflows.ts';

/*
 * A client written against the product’s calls alone (docs/architecture.md «Контракт»): every reading of a body they
 * allow is accepted, and
 * what the server cannot take is refused as problem+json in Russian, never a 500.
 */

let db: TestDatabase;
let app: FastifyInstance;
let user: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp(db.database);
  [user, stranger] = await Promise.all([signUp(app), signUp(app)]);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = user) =>
  apiCall(app, as, method, url, payload);

describe('list deletes take a bare list of ids or { ids }', () => {
  it('DELETE /disposal/ with a bare list, and with { ids }', async () => {
    const [product] = await addProducts(app, user, ['Списываемый']);
    await receiveLot(app, user, product!, 5, 100);
    const a = await ok(call('POST', 'disposal/', { product_id: product, count: 1, price: 0 }), 201);
    const b = await ok(call('POST', 'disposal/', { product_id: product, count: 1, price: 0 }), 201);
    expectProblem(await call('DELETE', 'disposal/', [a.id], stranger), 404, 'not_found');
    expect(await ok(call('DELETE', 'disposal/', [a.id]))).toEqual({ deleted_ids: [a.id] });
    expect(await ok(call('DELETE', 'disposal', { ids: [b.id] }))).toEqual({ deleted_ids: [b.id] });
    expectProblem(await call('DELETE', 'disposal/', ['не-id']), 400, 'validation_failed');
    // Refused by the reading of the body's own kind, field by field.
    const fields = expectProblem(await call('DELETE', 'disposal/', { id: a.id }), 400, 'validation_failed').errors?.map(
      (e) => e.field,
    );
    expect(fields?.sort()).toEqual(['id', 'ids']);
    expect(expectProblem(await call('DELETE', 'disposal/', ['x']), 400, 'validation_failed').errors).toEqual([
      expect.objectContaining({ field: '0' }),
    ]);
    expectProblem(await call('DELETE', 'disposal/', []), 400, 'validation_failed');
  });

  it('DELETE /inventory/ with a bare list, and with { ids }', async () => {
    const [product] = await addProducts(app, user, ['Партионный']);
    const a = await receiveLot(app, user, product!, 2, 10);
    const b = await receiveLot(app, user, product!, 2, 10);
    expectProblem(await call('DELETE', 'inventory/', [a], stranger), 404, 'not_found');
    expect(await ok(call('DELETE', 'inventory/', [a]))).toEqual({ deleted_ids: [a] });
    expect(await ok(call('DELETE', 'inventory', { ids: [b] }))).toEqual({ deleted_ids: [b] });
    expectProblem(await call('DELETE', 'inventory/', { ids: a }), 400, 'validation_failed');
  });

  it('DELETE /products/warehouse/delete/ with ids, products as returned, list rows, or { products }', async () => {
    const ids = await addProducts(app, user, ['Один', 'Два', 'Три', 'Четыре']);
    const one = (await ok(call('GET', `products/product/${ids[0]}/`))).product_wh;
    expectProblem(await call('DELETE', 'products/warehouse/delete/', [one], stranger), 404, 'not_found');
    expect(await ok(call('DELETE', 'products/warehouse/delete/', [one]))).toEqual({ deleted_ids: [ids[0]] });
    const list = await ok(call('GET', 'products/all/?search=Два'));
    expect(await ok(call('DELETE', 'products/warehouse/delete/', list.products))).toEqual({ deleted_ids: [ids[1]] });
    expect(await ok(call('DELETE', 'products/warehouse/delete/', [ids[2]]))).toEqual({ deleted_ids: [ids[2]] });
    expect(await ok(call('DELETE', 'products/warehouse/delete', { products: [ids[3]] }))).toEqual({
      deleted_ids: [ids[3]],
    });
    expect(
      expectProblem(await call('DELETE', 'products/warehouse/delete/', [{ name: 'без id' }]), 400, 'validation_failed')
        .errors,
    ).toEqual([expect.objectContaining({ field: '0.id' })]);
    expectProblem(await call('DELETE', 'products/warehouse/delete/', [newId()]), 404, 'not_found');
  });
});

describe('a row sent back as the API returned it', () => {
  it('PATCH /products/warehouse/{id}/update/ with the product_wh of GET, or a list row: server fields ignored', async () => {
    const [id] = await addProducts(app, user, ['Чайник']);
    await receiveLot(app, user, id!, 3, 100);
    const { product_wh: got } = await ok(call('GET', `products/product/${id}/`));
    expect(got).toMatchObject({ count: 3, total_price: 300 });
    const changed = await ok(
      call('PATCH', `products/warehouse/${id}/update/`, { ...got, name: 'Чайник белый', version: 1, count: 99 }),
    );
    expect(changed.product_wh).toMatchObject({ id, name: 'Чайник белый', count: 3, total_price: 300 });
    expect(changed.product_wh.version).toBeGreaterThan(got.version);
    const [row] = (await ok(call('GET', 'products/all/?search=Чайник'))).products;
    row.product_wh.description = 'Из списка';
    expect((await ok(call('PATCH', `products/warehouse/${id}/update`, row))).product_wh).toMatchObject({
      name: 'Чайник белый',
      description: 'Из списка',
      count: 3,
    });
    const refused = expectProblem(
      await call('PATCH', `products/warehouse/${id}/update/`, { ...got, colour: 'белый' }),
      400,
      'validation_failed',
    );
    expect(refused.errors).toEqual([expect.objectContaining({ field: 'colour' })]);
    expectProblem(
      await call('PATCH', `products/warehouse/${id}/update/`, { ...got, name: 'Чужой' }, stranger),
      404,
      'not_found',
    );
    expectProblem(await call('PATCH', `products/warehouse/${id}/update/`, { ...got, id: newId() }), 400, 'id_mismatch');
  });

  it('PATCH /other_realization_batch/ with the whole row as GET answered it', async () => {
    const [id] = await addProducts(app, user, ['Прочее']);
    await receiveLot(app, user, id!, 5, 40);
    await ok(
      call('POST', 'other_realization_batch/', {
        batch: [{ product_id: id, count: 1, marketplace: 'WB', realization_price: 90 }],
      }),
    );
    const [row] = await ok(call('GET', `other_realization_batch/?product_id=${id}`));
    const changed = await ok(
      call('PATCH', 'other_realization_batch/', {
        ...row,
        count: 2,
        description: 'Обмен',
        price: 1,
        date: '2001-01-01',
      }),
    );
    expect(changed).toMatchObject({
      id: row.id,
      count: 2,
      description: 'Обмен',
      price: 40,
      date: row.date,
      marketplace: 'WB',
    });
    // The row with its product field named `product`, as the product's screens send it.
    const { product_id, ...specRow } = changed;
    expect(
      await ok(call('PATCH', 'other_realization_batch', { ...specRow, product: product_id, release: true })),
    ).toMatchObject({ release: true, count: 2 });
    expectProblem(
      await call('PATCH', 'other_realization_batch/', { ...changed, product: newId() }),
      400,
      'product_mismatch',
    );
    expectProblem(
      await call('PATCH', 'other_realization_batch/', { ...changed, sold_by: 'я' }),
      400,
      'validation_failed',
    );
    expectProblem(await call('PATCH', 'other_realization_batch/', changed, stranger), 404, 'not_found');
  });

  it('POST /batch/ with the lines answer spread in, PATCH /batch/{batch_id}/ with the document as GET answered it', async () => {
    const [id] = await addProducts(app, user, ['Закупка']);
    const lines = await ok(call('POST', 'inventory_batch/', { batch: [{ product_id: id, count: 2, price: 10 }] }));
    const ids = lines.results.map((l: { id: string }) => l.id);
    const created = await ok(
      call('POST', 'batch/', { date: '2024-05-01', ...lines, inventory_ids: ids, other_realization_ids: [] }),
      201,
    );
    expect(created.inventories.map((l: { id: string }) => l.id)).toEqual(ids);
    const got = await ok(call('GET', `batch/${created.id}`));
    expect(await ok(call('GET', `batch/${created.id}/`))).toEqual(got);
    const edited = await ok(call('PATCH', `batch/${created.id}/`, { ...got, date: '2024-05-02', inventory_ids: ids }));
    expect(edited.date).toMatch(/^2024-05-0[12]/);
    expect(edited.inventories).toHaveLength(1);
    expectProblem(await call('PATCH', `batch/${created.id}/`, { ...got, approved: true }), 400, 'validation_failed');
    expectProblem(await call('PATCH', `batch/${created.id}/`, got, stranger), 404, 'not_found');
    expectProblem(await call('GET', `batch/${created.id}`, undefined, stranger), 404, 'not_found');
  });
});

describe('fields the product’s calls name are stored and answered', () => {
  it('POST /realization/ keeps the purchase price the seller typed next to the FIFO cost', async () => {
    const [id] = await addProducts(app, user, ['Продаваемый']);
    await receiveLot(app, user, id!, 4, 50);
    const sold = await ok(
      call('POST', 'realization/', { count: 2, price: 45, realization_price: 120, product: id }),
      201,
    );
    expect(sold).toMatchObject({ count: 2, price: 50, entered_price: 45, realization_price: 120 });
    const changed = await ok(call('PATCH', `realization/${sold.id}/`, { count: 1, price: 48, realization_price: 130 }));
    expect(changed).toMatchObject({ count: 1, price: 50, entered_price: 48, realization_price: 130 });
    const plain = await ok(call('POST', 'realization/', { count: 1, realization_price: 120, product: id }), 201);
    expect(plain.entered_price).toBeNull();
    const listed = await ok(call('GET', `realization/${id}/`));
    expect(listed.map((r: { entered_price: number | null }) => r.entered_price).sort()).toEqual([48, null].sort());
    expectProblem(await call('PATCH', `realization/${sold.id}/`, { price: 1 }, stranger), 404, 'not_found');
    expectProblem(
      await call('POST', 'realization/', { count: 1, price: -1, realization_price: 1, product: id }),
      400,
      'validation_failed',
    );
  });

  it('market_ids of a product are stored, answered, edited, merged and mirrored', async () => {
    const added = await ok(
      call('POST', 'products/warehouse/add/', [
        {
          name: 'В двух магазинах',
          market_ids: ['shop-1', 'shop-2', 'shop-1'],
          count: 0,
          confirmed: true,
          images: [],
          description: '',
        },
        { name: 'В третьем', market_ids: ['shop-3'] },
      ]),
      201,
    );
    const [main, other] = added.inserted_ids;
    expect((await ok(call('GET', `products/product/${main}/`))).product_wh.market_ids).toEqual(['shop-1', 'shop-2']);
    expect(
      (await ok(call('PATCH', `products/warehouse/${main}/update/`, { market_ids: ['shop-2'] }))).product_wh.market_ids,
    ).toEqual(['shop-2']);
    expect((await ok(call('PATCH', `products/group/${main}/`, [other]))).product_wh.market_ids).toEqual([
      'shop-2',
      'shop-3',
    ]);
    const created = await ok(call('POST', 'products/products/', { name: 'С карточкой', market_ids: ['shop-9'] }), 201);
    expect(created.product_wh.market_ids).toEqual(['shop-9']);
    const pulled = await ok(call('GET', 'sync/pull?table=products_wh'));
    const mirrored = JSON.stringify(pulled);
    expect(mirrored).toContain('"market_ids":["shop-2","shop-3"]');
    expectProblem(
      await call('POST', 'products/warehouse/add/', [{ name: 'x', market_ids: [''] }]),
      400,
      'validation_failed',
    );
  });
});
