import { describe, expect, it } from 'vitest';
import { productSearchSchema, productsSearchSchema } from '../features/products/api/products-search.ts';
import { batchesSearchSchema } from '../features/batches/api/batches-search.ts';
import { returnsSearchSchema, returnToParamsSchema } from '../features/returns/api/returns-search.ts';
import { receiveSearchSchema } from '../features/product-stock/api/search.ts';

describe('search parameters: junk in a hand-edited address reads as the default', () => {
  it('fills every default for an empty query and drops unknown keys', () => {
    expect(productsSearchSchema.parse({ utm: 'x' })).toEqual({ page: 1, search: '', order_by: 'name' });
    expect(returnsSearchSchema.parse(undefined)).toEqual({ page: 1, status: 'all' });
  });

  it.each([
    [{ page: 3 }, 3],
    [{ page: '7' }, 7],
    [{ page: 0 }, 1],
    [{ page: -2 }, 1],
    [{ page: 1.5 }, 1],
    [{ page: 'abc' }, 1],
    [{ page: '' }, 1],
    [{ page: null }, 1],
  ])('page from %j reads as %i', (query, page) => {
    expect(productsSearchSchema.parse(query).page).toBe(page);
  });

  it('keeps a search up to 200 characters and a known order, else the defaults', () => {
    expect(productsSearchSchema.parse({ search: 'чай', order_by: '-count' })).toMatchObject({
      search: 'чай',
      order_by: '-count',
    });
    expect(productsSearchSchema.parse({ search: 'я'.repeat(201), order_by: 'price' })).toMatchObject({
      search: '',
      order_by: 'name',
    });
    expect(productsSearchSchema.parse({ search: 42 }).search).toBe('');
  });

  it('reads the product tab 0–8 only', () => {
    expect(productSearchSchema.parse({ td: '8' }).td).toBe(8);
    expect(productSearchSchema.parse({ td: 9 }).td).toBe(0);
  });

  it('reads the batch flags from booleans or their text, and leaves anything else unset', () => {
    expect(batchesSearchSchema.parse({ is_return: 'true', is_other: false })).toMatchObject({
      is_return: true,
      is_other: false,
    });
    const junk = batchesSearchSchema.parse({ is_return: 'yes', date_start: '2024-02-30x' });
    expect('is_return' in junk).toBe(false);
    expect(junk.date_start).toBe('');
    expect(batchesSearchSchema.parse({ date_start: '2024-05-01' }).date_start).toBe('2024-05-01');
  });

  it('treats backToInventoryList as set unless it is false or 0', () => {
    expect(receiveSearchSchema.parse({ backToInventoryList: 'true' }).backToInventoryList).toBe(true);
    expect(receiveSearchSchema.parse({ backToInventoryList: 0 }).backToInventoryList).toBe(false);
    expect(receiveSearchSchema.parse({}).backToInventoryList).toBe(false);
  });

  it('reads /return/{id}/to/{to}: an odd word becomes to_disposal, a missing id fails', () => {
    expect(returnToParamsSchema.parse({ returnId: 'r1', to: 'to_inventory' })).toEqual({
      returnId: 'r1',
      to: 'to_inventory',
    });
    expect(returnToParamsSchema.parse({ returnId: 'r1', to: 'в склад' }).to).toBe('to_disposal');
    expect(() => returnToParamsSchema.parse({ returnId: '', to: 'to_inventory' })).toThrow();
  });
});
