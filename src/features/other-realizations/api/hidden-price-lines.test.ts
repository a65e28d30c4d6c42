import { describe, expect, it } from 'vitest';
import { lineFromRow, lineProblem, lineState } from './other-lines.ts';
import type { OtherRealization } from './types.ts';

/*
 * A saved other realization as a warehouse member without leave to see costs has it (issue 24): no prices. Its
 * line starts with an empty price field; left so, the row is kept as it is, and a changed line needs a price
 * typed (the server would take an empty one for 0).
 */
const saved = {
  id: 'r1',
  product_id: 'p1',
  batch_id: 'b1',
  date: '2025-03-01T00:00:00.000Z',
  count: 2,
  marketplace: 'WB',
  description: 'Брак',
  release: false,
  version: 1,
  updated_at: '2025-03-01T00:00:00.000Z',
  created_by: null,
  updated_by: null,
} as unknown as OtherRealization;
const stock = new Map([['p1', 10]]);

describe('other realization lines without prices', () => {
  it('start with an empty price, marked hidden; unchanged they are «same» and fine', () => {
    const line = lineFromRow(saved);
    expect(line).toMatchObject({ realization_price: '', priceHidden: true, count: '2' });
    expect(lineState(line, saved)).toBe('same');
    expect(lineProblem([line], line, stock, saved)).toBeNull();
  });

  it('changed without a price: «укажите цену реализации»; with one typed: modified and fine', () => {
    const changed = { ...lineFromRow(saved), count: '3' };
    expect(lineState(changed, saved)).toBe('modified');
    expect(lineProblem([changed], changed, stock, saved)).toBe('Укажите цену реализации');
    const priced = { ...changed, realization_price: '150' };
    expect(lineProblem([priced], priced, stock, saved)).toBeNull();
  });

  it('a row with its price is read as before', () => {
    const line = lineFromRow({ ...saved, price: 10, realization_price: 99.5 });
    expect(line).toMatchObject({ realization_price: '99.5' });
    expect(line.priceHidden).toBeUndefined();
  });
});
