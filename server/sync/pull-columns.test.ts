import { describe, expect, it } from 'vitest';
import { changesOfColumns } from '../../src/sync/pull-columns.ts';
import type { Change } from '../repositories/sync.ts';
import { toColumns } from './pull-columns.ts';

const change = (table: string, id: string, version: number, row: Record<string, unknown> | null): Change => ({
  table,
  id,
  version,
  deleted: row === null,
  row,
});

/** What the `rows` format puts on the wire: JSON drops keys whose value is undefined. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('pull page in columns and back', () => {
  it('gives back the list page whatever keys the rows hold', () => {
    const changes = [
      change('lots', 'a', 3, { id: 'a', _id: 'a', product_id: 'p', count: 2, version: 3, note: null }),
      change('products_wh', 'p', 4, { id: 'p', _id: 'p', name: 'Чай', images: ['x.jpg'], version: 4 }),
      // A key only this row has, and one it lacks; a value undefined as JSON would drop it.
      change('lots', 'b', 5, { id: 'b', _id: 'b', product_id: 'p', version: 5, note: 'в ящике', extra: { n: 1 } }),
      change('lots', 'c', 6, null),
      change('lots', 'd', 7, { id: 'd', _id: 'd', product_id: 'p', count: 0, version: 7, note: undefined }),
    ];
    const page = asJson(toColumns(7, true, changes));
    expect(changesOfColumns(page)).toEqual(asJson({ cursor: 7, has_more: true, changes }));
  });

  it('keeps a copy of the id that differs from it as a column', () => {
    const changes = [
      change('markets', 'm1', 1, { id: 'm1', _id: 'other', version: 1 }),
      change('markets', 'm2', 2, { id: 'm2', _id: 'm2', version: 2 }),
    ];
    const page = toColumns(2, false, changes);
    expect(page.tables[0]!.derived).toEqual(['id', 'version']);
    expect(page.tables[0]!.columns).toEqual(['_id']);
    expect(changesOfColumns(asJson(page)).changes).toEqual(changes);
  });

  it('an empty page stays empty', () => {
    expect(changesOfColumns(toColumns(9, false, []))).toEqual({ cursor: 9, has_more: false, changes: [] });
  });
});
