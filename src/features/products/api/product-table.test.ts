import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOfRows, sortRows, type ProductOrder, type ProductRow } from './product-table.ts';

const row = (id: string, name: string, count: number): ProductRow => ({
  id,
  name,
  image: null,
  articles: [],
  haystack: name.toLowerCase(),
  count,
  reserve: 0,
  markdowns: 0,
  total_price: 0,
});

// Few letters, so names often tie (and fall back to the id); ё, case and digits exercise the collator.
const name = fc.array(fc.constantFrom('а', 'Б', 'б', 'е', 'ё', 'я', 'a', 'Z', ' ', '2', '10', '9'), { maxLength: 5 }).map((parts) => parts.join(''));
const rows = fc.uniqueArray(fc.record({ id: fc.uuid(), name, count: fc.integer({ min: -3, max: 3 }) }), { selector: (r) => r.id, maxLength: 200 }).map((rs) => rs.map((r) => row(r.id, r.name, r.count)));
const order = fc.constantFrom<ProductOrder>('name', '-name', 'count', '-count');

describe('pageOfRows', () => {
  // Pages near the front take the buffer path, the others the full sort: both must agree with it.
  it('is exactly the same page as sorting every row, for any rows, order and page', () => {
    fc.assert(
      fc.property(rows, order, fc.nat({ max: 60 }), fc.integer({ min: 1, max: 30 }), (rs, o, start, size) => {
        expect(pageOfRows(rs, o, start, size)).toEqual(sortRows(rs, o).slice(start, start + size));
      }),
      { numRuns: 500 },
    );
  });

  it('orders names as Russian readers expect, numbers by value', () => {
    const rs = ['Банан 10', 'арбуз', 'Ёлка', 'Банан 9', 'ежевика', 'Яблоко'].map((n, i) => row(`id-${i}`, n, 0));
    const filler = Array.from({ length: 40 }, (_, i) => row(`f-${i}`, `Ящик ${i}`, 0));
    expect(pageOfRows([...filler, ...rs], 'name', 0, 6).map((r) => r.name)).toEqual(['арбуз', 'Банан 9', 'Банан 10', 'ежевика', 'Ёлка', 'Яблоко']);
  });

  it('leaves its input alone', () => {
    const rs = Array.from({ length: 50 }, (_, i) => row(`id-${i}`, `Товар ${50 - i}`, i));
    const copy = [...rs];
    pageOfRows(rs, 'name', 0, 5);
    pageOfRows(rs, '-count', 40, 20);
    expect(rs).toEqual(copy);
  });
});
