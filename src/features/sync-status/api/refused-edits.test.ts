// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OstatokDatabase, type MirroredRow, type OutboxEntry } from '../../../db/database.ts';
import { describeRefused } from './describe-refused.ts';
import { loadRefusedEdits, markRefusedNoticed, retryRefusedEdit } from './refused-edits.ts';
import { getMeta } from '../../../db/meta.ts';

let database: OstatokDatabase;
beforeEach(() => {
  database = new OstatokDatabase('test-' + crypto.randomUUID());
});
afterEach(async () => {
  await database.delete();
});

const SHORT = 'Недостаточно товара на складе: доступно 1 шт.';

function refused(over: Partial<OutboxEntry>): OutboxEntry {
  return {
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
    error: SHORT,
    ...over,
  };
}
const product = (id: string, name: string) =>
  ({
    id,
    _id: id,
    name,
    description: '',
    images: [],
    confirmed: true,
    market_ids: [],
    created_at: '',
    updated_at: '',
    version: 3,
  }) as MirroredRow;

describe('a refused edit in words', () => {
  it('names the kind of edit, its count and the product, read from the device’s copy, and the server’s reason', async () => {
    await database.mirrored('products_wh').bulkPut([product('p1', 'Кружка белая'), product('p2', 'Чайник')]);
    const disposal = refused({
      body: { id: 'd1', product_id: 'p1', count: 3, price: 0, description: '' },
      row_id: 'd1',
    });
    const sale = refused({
      table: 'realizations',
      path: '/api/v1/realization/',
      body: { id: 'r1', product: 'p2', count: 1 },
      row_id: 'r1',
      error: 'Нельзя',
    });
    // A PATCH names only the changed field: the product comes from the row as it was.
    const change = refused({
      method: 'PATCH',
      path: '/api/v1/disposal/d9/',
      body: { count: 5 },
      row_id: 'd9',
      before: { id: 'd9', product_id: 'p2', count: 1 },
      error: 'Списание закрыто',
    });
    await database.outbox.bulkAdd([disposal, sale, change]);

    const edits = await loadRefusedEdits(database);
    expect(edits.map((e) => e.sentence)).toEqual([
      `Списание 3 шт. товара «Кружка белая» отклонено: ${SHORT}`,
      'Продажа 1 шт. товара «Чайник» отклонена: Нельзя',
      'Изменение списания товара «Чайник» отклонено: Списание закрыто',
    ]);
    expect(edits.map((e) => e.open)).toEqual(['/product/p1', '/product/p2', '/product/p2']);
    expect(edits[0]).toMatchObject({
      id: disposal.id,
      what: 'Списание 3 шт.',
      subject: 'товара «Кружка белая»',
      reason: SHORT,
    });
  });

  it('a document save is one edit named by the document and its day, its lines’ products in brackets', async () => {
    await database.mirrored('products_wh').bulkPut([product('p1', 'Кружка белая'), product('p2', 'Чайник')]);
    const group = crypto.randomUUID();
    const lines = refused({
      group,
      path: '/api/v1/inventory_batch/',
      table: 'lots',
      row_id: 'l1',
      body: {
        batch: [
          { id: 'l1', product_id: 'p1', count: 2, price: 5 },
          { id: 'l2', product_id: 'p2', count: 1, price: 5 },
        ],
      },
    });
    const carrier = refused({
      group,
      path: '/api/v1/inventory_batch/',
      table: 'lots',
      row_id: 'l2',
      body: lines.body,
      carrier: lines.id,
    });
    const doc = refused({
      group,
      path: '/api/v1/batch/',
      table: 'batches',
      row_id: 'b1',
      body: {
        id: 'b1',
        date: '2026-11-24',
        kind: 'purchase',
        inventory_ids: ['l1', 'l2'],
      },
    });
    await database.outbox.bulkAdd([lines, carrier, doc]);

    const edits = await loadRefusedEdits(database);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      id: doc.id,
      sentence: `Приход от 24.11.2026 (товары «Кружка белая», «Чайник») отклонён: ${SHORT}`,
      open: '/inventory/add',
    });
  });

  it('an edit about no one product is named by its own row: a store, a document being changed', () => {
    const market = describeRefused({
      head: {
        table: 'markets',
        method: 'POST',
        path: '/api/v1/markets/add/',
        body: { name: 'Озон-1', market_id: 'K' },
        row_id: 'm1',
        before: null,
      },
      unit: [],
      row: null,
      productNames: new Map(),
      reason: 'Магазин с ID «K» уже есть',
    });
    expect(market.sentence).toBe('Создание магазина «Озон-1» отклонено: Магазин с ID «K» уже есть');
    expect(market.open).toBe('/markets');
    const head = {
      table: 'batches' as const,
      method: 'PATCH' as const,
      path: '/api/v1/batch/b2/',
      body: { date: '2026-01-05', kind: 'other' },
      row_id: 'b2',
      before: null,
    };
    const other = describeRefused({
      head,
      unit: [head],
      row: { id: 'b2', kind: 'other' },
      productNames: new Map(),
      reason: 'Нельзя',
    });
    expect(other.sentence).toBe('Изменение документа «Прочая реализация от 05.01.2026» отклонено: Нельзя');
    expect(other.open).toBe('/other-realizations/edit/b2');
  });

  it('a refused link of an order’s article is named by the article and the product it was to join, and opens /orders', () => {
    const head = {
      table: 'order_lines' as const,
      method: 'POST' as const,
      path: '/api/v1/orders/link/',
      body: { store_id: 's1', offer_id: 'CUP-7', product_id: 'p9' },
      row_id: 'l1',
      before: { id: 'l1', product_id: null },
    };
    const link = describeRefused({
      head,
      unit: [head],
      row: { id: 'l1', product_id: null },
      productNames: new Map([['p9', 'Кружка белая']]),
      reason: 'Товар не найден',
    });
    expect(link.sentence).toBe('Связывание артикула «CUP-7» товара «Кружка белая» отклонено: Товар не найден');
    expect(link.open).toBe('/orders');
  });

  it('a product no longer on the device is still named when the edit carries its name; otherwise the edit is named alone', async () => {
    const created = refused({
      table: 'products_wh',
      path: '/api/v1/products/products/',
      body: { id: 'p7', name: 'Термос' },
      row_id: 'p7',
      error: 'Дубликат',
    });
    const orphan = refused({ body: { product_id: 'gone', count: 1 } });
    await database.outbox.bulkAdd([created, orphan]);
    expect((await loadRefusedEdits(database)).map((e) => [e.sentence, e.open])).toEqual([
      ['Создание товара «Термос» отклонено: Дубликат', '/products'],
      [`Списание 1 шт. отклонено: ${SHORT}`, null],
    ]);
  });
});

describe('dismissed notifications', () => {
  it('are remembered by entry, pruned to edits still refused, and forgotten when the edit is sent again', async () => {
    const a = refused({ body: { count: 1 } });
    const b = refused({ body: { count: 2 } });
    await database.outbox.bulkAdd([a, b]);
    await markRefusedNoticed([a.id, 'long-gone'], database);
    expect(await getMeta('refused_noticed', database)).toEqual([a.id]);
    await markRefusedNoticed([b.id], database);
    expect(await getMeta('refused_noticed', database)).toEqual([a.id, b.id]);
    expect(await retryRefusedEdit(a.id, database)).toBe(1);
    expect(await getMeta('refused_noticed', database)).toEqual([b.id]);
    expect((await database.outbox.get({ id: a.id }))!.status).toBe('pending');
  });
});
