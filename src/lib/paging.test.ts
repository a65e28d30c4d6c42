import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './paging.ts';

describe('paging', () => {
  it('counts at least one page, 50 rows each', () => {
    expect([0, 1, 50, 51, 100].map(pageCount)).toEqual([1, 1, 1, 2, 2]);
  });

  it('keeps the page inside what exists', () => {
    expect(pageWindow(60, 2)).toEqual({ page: 2, pages: 2, start: 50, end: 100 });
    expect(pageWindow(60, 9)).toMatchObject({ page: 2, start: 50 });
    expect(pageWindow(0, 0)).toEqual({ page: 1, pages: 1, start: 0, end: 50 });
  });
});
