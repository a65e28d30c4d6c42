import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { productsCall } from './helpers/products.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * «Место на складе» (products_wh.shelf): free text of at most 50 characters the pick list walks the
 * shelves by. Set on create and edit, answered by the product, the list and sync pull alike.
 */

let t: TestDatabase;
let app: FastifyInstance;
let u: TestUser;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  productsCall(app, u, method, url, payload);
const product = async (id: string) => (await ok(call('GET', `product/${id}/`))).product_wh;
const listed = async (search: string) => {
  const page = await ok(call('GET', `all/?search=${encodeURIComponent(search)}`));
  return page.products.map((p: { product_wh: { name: string; shelf: string } }) => p.product_wh);
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

describe('shelf', () => {
  it('is empty unless given, and kept trimmed when given', async () => {
    const { inserted_ids } = await ok(
      call('POST', 'warehouse/add/', [{ name: 'Полка-нет' }, { name: 'Полка-есть', shelf: '  А-03-2 ' }]),
      201,
    );
    expect((await product(inserted_ids[0])).shelf).toBe('');
    expect((await product(inserted_ids[1])).shelf).toBe('А-03-2');
    const created = await ok(
      call('POST', 'products/', {
        name: 'Полка-с-карточкой',
        shelf: 'Б-1',
        products_mp: [{ offer_id: 'SH-1', marketplace: 'OZON', market_id: '1' }],
      }),
      201,
    );
    expect(created.product_wh.shelf).toBe('Б-1');
  });

  it('changes on edit, alone or with the product sent whole; other edits leave it', async () => {
    const { inserted_ids } = await ok(call('POST', 'warehouse/add/', [{ name: 'Кружка', shelf: 'А-1' }]), 201);
    const id = inserted_ids[0] as string;
    const moved = await ok(call('PATCH', `warehouse/${id}/update/`, { shelf: 'В-12-4' }));
    expect(moved.product_wh.shelf).toBe('В-12-4');
    const renamed = await ok(call('PATCH', `warehouse/${id}/update/`, { name: 'Кружка большая' }));
    expect(renamed.product_wh.shelf).toBe('В-12-4');
    const whole = await ok(
      call('PATCH', `warehouse/${id}/update/`, { product_wh: { ...renamed.product_wh, shelf: '' } }),
    );
    expect(whole.product_wh).toMatchObject({ name: 'Кружка большая', shelf: '' });
  });

  it('the list answers it as the product does, quotes and all', async () => {
    const odd = 'Стеллаж "Б" \\ 2';
    await ok(call('POST', 'warehouse/add/', [{ name: 'Списочный', shelf: odd }]), 201);
    const [row] = await listed('Списочный');
    expect(row).toMatchObject({ name: 'Списочный', shelf: odd });
    expect(row).toEqual(await product(row.id));
  });

  it('comes down to the device with the product row', async () => {
    const id = newId();
    await ok(call('POST', 'warehouse/add/', [{ id, name: 'Зеркальный', shelf: 'Г-7' }]), 201);
    const pulled = await ok(apiCall(app, u, 'GET', 'sync/pull?since=0&limit=500'));
    const change = pulled.changes.find((c: { table: string; id: string }) => c.table === 'products_wh' && c.id === id);
    expect(change.row).toMatchObject({ id, shelf: 'Г-7' });
  });

  it('an edit of only the shelf or only the stores reaches other devices: the pull after it carries the row', async () => {
    const id = newId();
    await ok(call('POST', 'warehouse/add/', [{ id, name: 'Переезжающий', shelf: 'Д-1' }]), 201);
    const pulledRow = async (since: number) => {
      const pulled = await ok(apiCall(app, u, 'GET', `sync/pull?since=${since}&limit=500`));
      const change = pulled.changes.find(
        (c: { table: string; id: string }) => c.table === 'products_wh' && c.id === id,
      );
      return {
        cursor: pulled.cursor as number,
        row: change?.row as { shelf: string; market_ids: string[] } | undefined,
      };
    };
    const start = (await pulledRow(0)).cursor;
    await ok(call('PATCH', `warehouse/${id}/update/`, { shelf: 'Д-2' }));
    const afterShelf = await pulledRow(start);
    expect(afterShelf.row).toMatchObject({ shelf: 'Д-2' });
    await ok(call('PATCH', `warehouse/${id}/update/`, { market_ids: ['магазин-1'] }));
    expect((await pulledRow(afterShelf.cursor)).row).toMatchObject({ market_ids: ['магазин-1'] });
  });

  it('refuses more than 50 characters or a line break, in Russian, changing nothing', async () => {
    const { inserted_ids } = await ok(call('POST', 'warehouse/add/', [{ name: 'Длинный', shelf: 'А-1' }]), 201);
    const id = inserted_ids[0] as string;
    const long = expectProblem(
      await call('PATCH', `warehouse/${id}/update/`, { shelf: 'Я'.repeat(51) }),
      400,
      'validation_failed',
    );
    expect(long.detail).toContain('Место на складе');
    expect(long.detail).toContain('50');
    expectProblem(await call('PATCH', `warehouse/${id}/update/`, { shelf: 'А-1\nБ-2' }), 400, 'validation_failed');
    expectProblem(
      await call('POST', 'warehouse/add/', [{ name: 'Новый', shelf: 'Ж'.repeat(51) }]),
      400,
      'validation_failed',
    );
    expect((await product(id)).shelf).toBe('А-1');
    await ok(call('PATCH', `warehouse/${id}/update/`, { shelf: 'Я'.repeat(50) }));
    expect((await product(id)).shelf).toBe('Я'.repeat(50));
  });
});
