import { describe, expect, it } from 'vitest';
import type { Order, OrderLine, Store } from './order-types.ts';
import { intakeNotes, ordersView, reservedShortage, type OrdersData } from './order-view.ts';

let n = 0;
function order(store_id: string, posting_number: string, stage: Order['stage'], minute = ++n): Order {
  const at = new Date(Date.UTC(2025, 2, 1, 9, minute)).toISOString();
  return {
    id: `o-${posting_number}`,
    store_id,
    marketplace: 'OZON',
    posting_number,
    status: stage,
    stage,
    ordered_at: at,
    changed_at: at,
    shipped_at: null,
    cancelled_after_handover: false,
    before_intake: false,
    problem: null,
    assembled_at: null,
    assembly_error: null,
    assembly_state: null,
    label_ready: false,
    version: 1,
    updated_at: at,
  };
}
function line(o: Order, offer_id: string, extra: Partial<OrderLine> = {}): OrderLine {
  return {
    id: `l-${o.posting_number}-${offer_id}`,
    order_id: o.id,
    line_key: offer_id,
    offer_id,
    external_product_id: null,
    name: `Строка ${offer_id}`,
    quantity: 1,
    price: 100,
    product_mp_id: null,
    product_id: null,
    books: 'unlinked',
    reserve_id: null,
    realization_id: null,
    shortage: 0,
    version: 1,
    updated_at: o.updated_at,
    ...extra,
  };
}
const store = (id: string, name: string, extra: Partial<Store> = {}): Store => ({
  id,
  market_id: id,
  name,
  marketplace: 'OZON',
  has_access_token: true,
  order_intake: true,
  order_intake_error: null,
  ...extra,
});

/**
 * Two stores. Озон: 1001 awaiting (Кружка, reserved ×3), 1002 awaiting (unlinked CAP-1 ×2), 1003 delivering (sold),
 * 1004 cancelled (unlinked CAP-1 — waits for nothing), 1005 new. ВБ: 2001 delivered, 2002 awaiting (unlinked CAP-1 ×1).
 */
function data(free = new Map<string, number>()): OrdersData {
  const o1 = order('oz', '1001', 'awaiting_packaging');
  const o2 = order('oz', '1002', 'awaiting_packaging');
  const o3 = order('oz', '1003', 'delivering');
  const o4 = order('oz', '1004', 'cancelled');
  const o5 = order('oz', '1005', 'new');
  const w1 = order('wb', '2001', 'delivered');
  const w2 = order('wb', '2002', 'awaiting_packaging');
  return {
    orders: [o1, o2, o3, o4, o5, w1, w2],
    lines: [
      line(o1, 'CUP-1', { product_id: 'cup', books: 'reserved', quantity: 3 }),
      line(o2, 'CAP-1', { quantity: 2, name: 'Кепка синяя' }),
      line(o3, 'CUP-1', { product_id: 'cup', books: 'sold' }),
      line(o4, 'CAP-1'),
      line(o5, 'SPN-1', { product_id: 'spoon', books: 'skipped' }),
      line(w1, 'W-CUP', { product_id: 'cup', books: 'sold' }),
      line(w2, 'CAP-1'),
    ],
    stores: [store('oz', 'Озон'), store('wb', 'ВБ', { marketplace: 'WILDBERRIES' })],
    products: [
      { id: 'cup', name: 'Кружка белая', shelf: 'А-1' },
      { id: 'spoon', name: 'Ложка', shelf: '' },
    ],
    free,
  };
}
const postings = (v: ReturnType<typeof ordersView>) => v.cards.map((c) => c.posting_number);

describe('/orders view', () => {
  it('tabs: «Ждут сборки» by default; «Переданы» is awaiting deliver, delivering and delivered; counts per tab', () => {
    const d = data();
    expect(postings(ordersView(d, { stage: 'awaiting_packaging', q: '' }))).toEqual(['1001', '1002', '2002']);
    expect(postings(ordersView(d, { stage: 'shipped', q: '' }))).toEqual(['2001', '1003']);
    expect(postings(ordersView(d, { stage: 'cancelled', q: '' }))).toEqual(['1004']);
    expect(postings(ordersView(d, { stage: 'new', q: '' }))).toEqual(['1005']);
    expect(ordersView(d, { stage: 'all', q: '' }).counts).toEqual({
      awaiting_packaging: 3,
      shipped: 2,
      cancelled: 1,
      new: 1,
      all: 7,
    });
  });

  it('the store and the search narrow the counts too', () => {
    const d = data();
    expect(ordersView(d, { store: 'wb', stage: 'all', q: '' }).counts).toMatchObject({
      awaiting_packaging: 1,
      shipped: 1,
      all: 2,
    });
    expect(ordersView(d, { stage: 'awaiting_packaging', q: 'кружка' }).counts).toMatchObject({
      awaiting_packaging: 1,
      shipped: 2,
      all: 3,
    });
  });

  it('search: posting number, article, line name or product name, case-insensitive', () => {
    const d = data();
    const find = (q: string) => postings(ordersView(d, { stage: 'all', q }));
    expect(find('100').sort()).toEqual(['1001', '1002', '1003', '1004', '1005']);
    expect(find('w-cup')).toEqual(['2001']);
    expect(find('КЕПКА')).toEqual(['1002']);
    expect(find('кружка БЕЛАЯ').sort()).toEqual(['1001', '1003', '2001']);
    expect(find('  ')).toHaveLength(7);
    expect(find('нет такого')).toEqual([]);
  });

  it('a reserved line is short by min(quantity, −free) when its product has less free than reserved', () => {
    expect(reservedShortage(3, -1)).toBe(1);
    expect(reservedShortage(3, -5)).toBe(3);
    expect(reservedShortage(3, 0)).toBe(0);
    expect(reservedShortage(3, undefined)).toBe(0);
    const view = ordersView(data(new Map([['cup', -2]])), { stage: 'awaiting_packaging', q: '' });
    expect(view.cards[0]!.lines[0]).toMatchObject({ books: 'reserved', missing: 2, product: { name: 'Кружка белая' } });
    const enough = ordersView(data(new Map([['cup', 0]])), { stage: 'awaiting_packaging', q: '' });
    expect(enough.cards[0]!.lines[0]!.missing).toBe(0);
  });

  it('«Не связаны»: one row per store and article, units and orders counted, cancelled orders left out', () => {
    const view = ordersView(data(), { stage: 'awaiting_packaging', q: '' });
    expect(view.unlinked.map((u) => [u.store, u.offer_id, u.units, u.orders])).toEqual([
      ['Озон', 'CAP-1', 2, 1],
      ['ВБ', 'CAP-1', 1, 1],
    ]);
    expect(view.unlinked[0]!.line_ids).toEqual(['l-1002-CAP-1']);
    expect(ordersView(data(), { store: 'wb', stage: 'all', q: '' }).unlinked.map((u) => u.store)).toEqual(['ВБ']);
  });

  it('a queued link marks its offer «linking»', () => {
    const d = data();
    d.lines = d.lines.map((l) => (l.id === 'l-1002-CAP-1' ? { ...l, linking_product_id: 'cup' } : l));
    const view = ordersView(d, { stage: 'awaiting_packaging', q: '' });
    expect(view.unlinked.map((u) => u.linking)).toEqual([true, false]);
    expect(view.cards.find((c) => c.posting_number === '1002')!.lines[0]!.linking).toBe(true);
  });

  it('intake notes: connected stores with intake off or failing; none connected says so', () => {
    const notes = intakeNotes([
      store('a', 'Б-магазин', { order_intake: false }),
      store('b', 'А-магазин', { order_intake_error: 'Ключ API отклонён маркетплейсом' }),
      store('c', 'Без ключа', { order_intake: false, has_access_token: false }),
      store('d', 'Свой склад', { order_intake: false, marketplace: '-' }),
    ]);
    expect(notes.off.map((s) => s.name)).toEqual(['Б-магазин']);
    expect(notes.failing).toEqual([
      { store: expect.objectContaining({ id: 'b' }), error: 'Ключ API отклонён маркетплейсом' },
    ]);
    expect(notes.noConnected).toBe(false);
    expect(intakeNotes([store('d', 'Свой склад', { marketplace: '-' })]).noConnected).toBe(true);
  });
});
