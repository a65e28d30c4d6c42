import type { Return } from '../api/types.ts';

/** The version fields every mirrored row carries. */
export const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z', created_by: null, updated_by: null };

/** Text as shown, with the no-break and thin spaces of Russian number formatting read as spaces. */
export const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

/** A return of one «Чайник» (product p1, article KET-1), not priced or received yet, as the device mirrors it. */
export function returnRow(id: string, extra: Partial<Return> = {}): Return {
  return {
    id,
    _id: id,
    product_id: 'p1',
    marketplace: null,
    market_id: null,
    order_number: '',
    article: 'KET-1',
    name: 'Чайник',
    returned_at: '2025-02-01T10:00:00.000Z',
    marketplace_status: null,
    count: 1,
    status: null,
    processed: false,
    price: 0,
    markdown_price: 0,
    description: '',
    final_moment: null,
    batch_id: null,
    realization_id: null,
    created_at: '2025-02-01T10:00:00.000Z',
    ...meta,
    ...extra,
  };
}
