import { describe, expect, it } from 'vitest';
import { shortfalls, stockOnHand } from './stock-figures.ts';

describe('stock on hand', () => {
  it('counts the units left in the lots and their value at each lot’s cost, in kopecks', () => {
    // 3 × 0.1 + 2 × 0.2 = 0.7 exactly (not 0.7000000000000001); an empty lot adds nothing.
    expect(
      stockOnHand([
        { count: 3, price: 0.1 },
        { count: 2, price: 0.2 },
        { count: 0, price: 999 },
        { count: 10, price: 150.5 },
      ]),
    ).toEqual({ units: 15, value: 1505.7 });
    expect(stockOnHand([])).toEqual({ units: 0, value: 0 });
  });
});

describe('products short of their waiting orders', () => {
  it('lists the products with more awaiting assembly than on hand, over all their listings, most lacking first', () => {
    const productOf = new Map([
      ['l1', 'cup'],
      ['l2', 'cup'],
      ['l3', 'pot'],
      ['l4', 'lid'],
      ['l5', 'box'],
    ]);
    const names = new Map([
      ['cup', 'Кружка'],
      ['pot', 'Чайник'],
      ['lid', 'Крышка'],
      ['box', 'Коробка'],
    ]);
    const result = shortfalls({
      lots: [
        { product_id: 'cup', count: 3 },
        { product_id: 'cup', count: 1 },
        { product_id: 'pot', count: 2 },
        { product_id: 'box', count: 1 },
      ],
      statuses: [
        { product_mp_id: 'l1', awaiting_packaging: 3 },
        { product_mp_id: 'l2', awaiting_packaging: 2 }, // cup: 5 awaited, 4 on hand → 1 short
        { product_mp_id: 'l3', awaiting_packaging: 2 }, // pot: exactly enough (0) → not listed
        { product_mp_id: 'l4', awaiting_packaging: 1 }, // lid: no lots at all → 1 short
        { product_mp_id: 'l5', awaiting_packaging: 4 }, // box: 3 short
        { product_mp_id: 'gone', awaiting_packaging: 9 }, // a listing with no warehouse product: nobody's
      ],
      productOf,
      names,
    });
    expect(result).toEqual([
      { id: 'box', name: 'Коробка', onHand: 1, awaiting: 4, lacking: 3 },
      // Equal shortfalls by name: «Кружка» before «Крышка».
      { id: 'cup', name: 'Кружка', onHand: 4, awaiting: 5, lacking: 1 },
      { id: 'lid', name: 'Крышка', onHand: 0, awaiting: 1, lacking: 1 },
    ]);
  });
});
