import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  figuresByProduct,
  filterRows,
  joinRows,
  pageOfRows,
  sortHeads,
  sortRows,
  type ProductHead,
  type ProductOrder,
  type ProductRow,
} from './product-table.ts';

/** Rows as the table gets them: heads in name order, joined, ranked. */
const rowsOf = (items: Array<{ id: string; name: string; count: number }>): ProductRow[] => {
  const figures = new Map(items.map((i) => [i.id, { count: i.count, reserve: 0, markdowns: 0, total_price: 0 }]));
  return joinRows(sortHeads(items.map(({ id, name }): ProductHead => ({ id, name, image: null }))), new Map(), figures);
};
/** The same rows in another order, as a filter or a caller might hand them. */
const shuffled = <T>(xs: T[], seed: number) =>
  xs
    .map((x, i) => ({ x, k: (i * 7919 + seed) % 104729 }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);

// Few letters, so names often tie (and fall back to the id); ё, case and digits exercise the collator.
const name = fc
  .array(fc.constantFrom('а', 'Б', 'б', 'е', 'ё', 'я', 'a', 'Z', ' ', '2', '10', '9'), { maxLength: 5 })
  .map((parts) => parts.join(''));
const items = fc.uniqueArray(fc.record({ id: fc.uuid(), name, count: fc.integer({ min: -3, max: 3 }) }), {
  selector: (r) => r.id,
  maxLength: 200,
});
const order = fc.constantFrom<ProductOrder>('name', '-name', 'count', '-count');
const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

describe('ordering the /products table', () => {
  it('sortHeads orders names as Russian readers expect, numbers by value, ties by id', () => {
    const heads = ['Банан 10', 'арбуз', 'Ёлка', 'Банан 9', 'ежевика', 'Яблоко', 'арбуз'].map((n, i) => ({
      id: `id-${6 - i}`,
      name: n,
      image: null,
    }));
    expect(sortHeads(heads).map((h) => `${h.name}/${h.id}`)).toEqual([
      'арбуз/id-0',
      'арбуз/id-5',
      'Банан 9/id-3',
      'Банан 10/id-6',
      'ежевика/id-2',
      'Ёлка/id-4',
      'Яблоко/id-1',
    ]);
  });

  it('a rank orders rows exactly as comparing their names (then ids) would', () => {
    fc.assert(
      fc.property(items, (is) => {
        const byName = [...is].sort(
          (a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        );
        expect(sortRows(shuffled(rowsOf(is), 3), 'name').map((r) => r.id)).toEqual(byName.map((i) => i.id));
      }),
      { numRuns: 200 },
    );
  });

  // Rows in name order take the slicing path, shuffled ones the buffer or the full sort: all must agree.
  it('pageOfRows is exactly the same page as sorting every row, for any rows, order, page and filter', () => {
    fc.assert(
      fc.property(
        items,
        order,
        fc.nat({ max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('', 'б', '1', 'я'),
        fc.nat(),
        (is, o, start, size, needle, seed) => {
          const rows = filterRows(rowsOf(is), needle);
          const expected = sortRows(rows, o).slice(start, start + size);
          expect(pageOfRows(rows, o, start, size, { inNameOrder: true })).toEqual(expected);
          expect(pageOfRows(rows, o, start, size)).toEqual(expected);
          expect(pageOfRows(shuffled([...rows], seed), o, start, size)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves its input alone', () => {
    const rs = rowsOf(Array.from({ length: 50 }, (_, i) => ({ id: `id-${i}`, name: `Товар ${50 - i}`, count: i })));
    const copy = [...rs];
    pageOfRows(rs, 'name', 0, 5);
    pageOfRows(rs, '-name', 3, 5, { inNameOrder: true });
    pageOfRows(rs, '-count', 40, 20);
    expect(rs).toEqual(copy);
  });
});

describe('a product’s figures', () => {
  it('sums its lots to the exact kopeck, as the server’s stock_value does', () => {
    const lot = fc.record({
      count: fc.integer({ min: 1, max: 500 }),
      kopecks: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(lot, { minLength: 1, maxLength: 60 }), (lots) => {
        const figures = figuresByProduct(
          lots.map((l) => ({ product_id: 'p', count: l.count, price: (l.kopecks / 100).toFixed(2) })),
          [],
          [],
        ).get('p');
        const exact = lots.reduce((sum, l) => sum + l.count * l.kopecks, 0) / 100;
        expect(figures?.total_price).toBe(exact);
      }),
      { numRuns: 300 },
    );
  });
});
