import { describe, expect, it } from 'vitest';
import { storeView, willChange } from './preview-view.ts';
import type { PreviewItem, PreviewStore } from './stock-push-calls.ts';

const item = (offer_id: string, name: string, available: number, marketplace_stock: number | null): PreviewItem => ({
  product_mp_id: crypto.randomUUID(),
  product_id: crypto.randomUUID(),
  name,
  offer_id,
  on_hand: available,
  reserved: 0,
  awaiting_packaging: 0,
  available,
  marketplace_stock,
  change: marketplace_stock === null ? null : available - marketplace_stock,
});

const store = (items: PreviewItem[]): PreviewStore => ({
  market_id: 'oz-1',
  name: 'Озон',
  marketplace: 'OZON',
  warehouse: { id: '1', name: 'Склад' },
  error: null,
  marketplace_error: null,
  items,
});

describe('the preview of a store as /stock-push lists it', () => {
  const items = [
    item('CUP-1', 'Кружка синяя', 5, 5),
    item('CUP-2', 'Кружка красная', 4, 1),
    item('SPN-1', 'Ложка', 2, null),
    item('BWL-1', 'Миска', 0, 0),
    item('BWL-2', 'Миска большая', 0, 3),
  ];

  it('a listing changes when the marketplace holds another quantity or did not say (the push sends it then)', () => {
    expect(items.map(willChange)).toEqual([false, true, true, false, true]);
  });

  it('splits into the changes and the unchanged, each in the server order, with the store totals', () => {
    const view = storeView(store(items), '');
    expect(view.changed.map((i) => i.offer_id)).toEqual(['CUP-2', 'SPN-1', 'BWL-2']);
    expect(view.unchanged.map((i) => i.offer_id)).toEqual(['CUP-1', 'BWL-1']);
    expect(view.counts).toEqual({ all: 5, changed: 3, unchanged: 2 });
  });

  it('the search matches the name or the article, any case, spaces around ignored; the totals stay the store’s', () => {
    const byName = storeView(store(items), '  КРУЖКА ');
    expect(byName.changed.map((i) => i.offer_id)).toEqual(['CUP-2']);
    expect(byName.unchanged.map((i) => i.offer_id)).toEqual(['CUP-1']);
    expect(byName.counts).toEqual({ all: 5, changed: 3, unchanged: 2 });
    const byArticle = storeView(store(items), 'bwl');
    expect(byArticle.changed.map((i) => i.offer_id)).toEqual(['BWL-2']);
    expect(byArticle.unchanged.map((i) => i.offer_id)).toEqual(['BWL-1']);
    expect(storeView(store(items), 'вилка')).toMatchObject({ changed: [], unchanged: [] });
  });
});
