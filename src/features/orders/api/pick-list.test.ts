import { describe, expect, it } from 'vitest';
import type { Order, OrderLine, OrderProduct } from './order-types.ts';
import { compareShelves, pickList } from './pick-list.ts';

const order = (posting_number: string, stage: Order['stage'] = 'awaiting_packaging', store_id = 'oz') =>
  ({ id: `o-${posting_number}`, store_id, posting_number, stage }) as Order;
const line = (o: Order, offer_id: string, product_id: string | null, quantity = 1) =>
  ({
    id: `l-${o.id}-${offer_id}`,
    order_id: o.id,
    offer_id,
    name: `Строка ${offer_id}`,
    product_id,
    quantity,
  }) as OrderLine;
const product = (id: string, name: string, shelf = ''): OrderProduct => ({ id, name, shelf });

describe('«Лист сборки»', () => {
  it('shelves in natural order: А-2 before А-10, Б after А, empty shelves last', () => {
    const shelves = ['А-10', '', 'Б-1', 'А-2', 'а-3', ''];
    expect([...shelves].sort(compareShelves)).toEqual(['А-2', 'а-3', 'А-10', 'Б-1', '', '']);
  });

  it('groups the lines of orders awaiting packaging by product, in shelf then name order, postings under each', () => {
    const a = order('0001-1');
    const b = order('0002-1');
    const c = order('0010-1');
    const shipped = order('0003-1', 'delivering');
    const cancelled = order('0004-1', 'cancelled');
    const list = pickList({
      orders: [a, b, c, shipped, cancelled],
      lines: [
        line(a, 'CUP', 'cup', 2),
        line(c, 'CUP', 'cup', 1),
        line(b, 'CUP-WB', 'cup', 1),
        line(b, 'SPN', 'spoon', 4),
        line(a, 'BWL', 'bowl', 1),
        line(a, 'PLT', 'plate', 1),
        line(shipped, 'CUP', 'cup', 7),
        line(cancelled, 'SPN', 'spoon', 9),
        line(c, 'CAP-1', null, 2),
      ],
      products: [
        product('cup', 'Кружка', 'А-10'),
        product('spoon', 'Ложка', 'А-2'),
        product('bowl', 'Миска'),
        product('plate', 'Блюдо'),
      ],
    });
    expect(list.groups.map((g) => [g.shelf, g.name, g.units])).toEqual([
      ['А-2', 'Ложка', 4],
      ['А-10', 'Кружка', 4],
      ['', 'Блюдо', 1],
      ['', 'Миска', 1],
    ]);
    expect(list.groups[1]!.postings).toEqual([
      { order_id: 'o-0001-1', posting_number: '0001-1', quantity: 2 },
      { order_id: 'o-0002-1', posting_number: '0002-1', quantity: 1 },
      { order_id: 'o-0010-1', posting_number: '0010-1', quantity: 1 },
    ]);
    expect(list.unlinked).toEqual([
      {
        offer_id: 'CAP-1',
        name: 'Строка CAP-1',
        units: 2,
        postings: [{ order_id: 'o-0010-1', posting_number: '0010-1', quantity: 2 }],
      },
    ]);
    expect(list.totals).toEqual({ products: 4, units: 12, orders: 3 });
  });

  it('one posting wanting a product on two lines shows once with the units summed; one store only when asked', () => {
    const a = order('7001');
    const w = order('9001', 'awaiting_packaging', 'wb');
    const data = {
      orders: [a, w],
      lines: [line(a, 'CUP', 'cup', 1), { ...line(a, 'CUP', 'cup', 2), id: 'second' }, line(w, 'CUP-WB', 'cup', 5)],
      products: [product('cup', 'Кружка', 'А-1')],
    };
    expect(pickList(data).groups[0]!.postings).toEqual([
      { order_id: 'o-7001', posting_number: '7001', quantity: 3 },
      { order_id: 'o-9001', posting_number: '9001', quantity: 5 },
    ]);
    expect(pickList(data, 'wb').groups[0]).toMatchObject({
      units: 5,
      postings: [{ order_id: 'o-9001', posting_number: '9001', quantity: 5 }],
    });
  });
});
