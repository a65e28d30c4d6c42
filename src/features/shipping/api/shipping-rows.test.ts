import { describe, expect, it } from 'vitest';
import { shippingView, type ShippingData } from './shipping-rows.ts';

const AT = '2025-03-01T09:00:00.000Z';
const listing = (id: string, product: string | null, offer: string, market_id = 'oz-1', marketplace = 'OZON') => ({
  id,
  product_wh_id: product,
  offer_id: offer,
  primary_image: null,
  marketplace,
  market_id,
});
const status = (id: string, mp: string, a: number, d: number, del: number, at = AT) => ({
  id,
  product_mp_id: mp,
  awaiting_packaging: a,
  awaiting_deliver: d,
  delivering: del,
  fetched_at: at,
});

function data(extra: Partial<ShippingData> = {}): ShippingData {
  return {
    products: [
      { id: 'p1', name: 'Кружка', images: [] },
      { id: 'p2', name: 'Ложка', images: [] },
    ],
    listings: [
      listing('l1', 'p1', 'CUP-1'),
      listing('l2', 'p2', 'SPN-1', 'wb-1', 'WILDBERRIES'),
      listing('l3', null, 'LOOSE-1'),
    ],
    statuses: [
      status('s1', 'l1', 2, 0, 1),
      status('s2', 'l2', 0, 0, 0, '2025-03-01T08:00:00.000Z'),
      status('s3', 'l3', 5, 0, 0),
    ],
    lots: [{ id: 'a', product_id: 'p1', count: 1, price: 10, created_at: '2025-01-01T00:00:00.000Z' }],
    stores: [
      { market_id: 'oz-1', name: 'Озон', marketplace: 'OZON' },
      { market_id: 'wb-1', name: 'ВБ', marketplace: 'WILDBERRIES' },
      { market_id: 'ym-1', name: 'Маркет', marketplace: 'YM' },
      { market_id: 'plain', name: 'Склад', marketplace: '-' },
    ],
    ...extra,
  };
}

describe('shippingView (docs/rules.md «Достаточность»)', () => {
  it('a product with a status row, even all zeros, is listed; a listing without a product (ungrouped offline) is not', () => {
    const view = shippingView(data(), { filter: 'all', search: '' });
    expect(view.rows.map((r) => [r.name, r.sufficiency, r.delivery_price])).toEqual([
      ['Кружка', -1, 10],
      ['Ложка', 0, 0],
    ]);
    expect(view.total).toEqual({ delivering: 1, delivery_price: 10, complete: true });
  });

  it('the snapshot time: each store its latest row, the picture as a whole the oldest of them; a store with no rows has none', () => {
    const view = shippingView(data(), { filter: 'all', search: '' });
    expect(view.stores).toEqual([
      { market_id: 'wb-1', name: 'ВБ', marketplace: 'WILDBERRIES', fetched_at: '2025-03-01T08:00:00.000Z' },
      { market_id: 'ym-1', name: 'Маркет', marketplace: 'YM', fetched_at: null },
      { market_id: 'oz-1', name: 'Озон', marketplace: 'OZON', fetched_at: AT },
    ]);
    expect(view.fetched_at).toBe('2025-03-01T08:00:00.000Z');
    expect(shippingView(data({ statuses: [] }), { filter: 'all', search: '' }).fetched_at).toBeNull();
  });

  it('one product only, even without statuses (as ?product_id= answers)', () => {
    const view = shippingView(data({ statuses: [] }), { filter: 'all', search: '', productId: 'p2' });
    expect(view.rows.map((r) => [r.id, r.sufficiency, r.delivery_price, r.fetched_at])).toEqual([['p2', 0, 0, null]]);
  });
});
