import { describe, expect, it } from 'vitest';
import { feedPages, OpenRotation, uniqueKeys } from './order-feed.ts';
import { ozonOrderStage, toOzonOrder } from './ozon-orders.ts';
import type { MarketplaceOrder } from './types.ts';
import { toWildberriesOrder, wildberriesOrderStage } from './wildberries-orders.ts';
import { toYandexMarketOrder, yandexMarketOrderStage } from './yandex-market-orders.ts';

// The status → stage tables, written out from the brief and the specs' status descriptions, not imported.

describe('OZON stages', () => {
  it.each([
    ['awaiting_registration', 'new'],
    ['acceptance_in_progress', 'new'],
    ['awaiting_approve', 'new'],
    ['awaiting_packaging', 'awaiting_packaging'],
    ['awaiting_deliver', 'awaiting_deliver'],
    ['driver_pickup', 'delivering'],
    ['sent_by_seller', 'delivering'],
    ['delivering', 'delivering'],
    ['delivered', 'delivered'],
    ['cancelled', 'cancelled'],
    ['cancelled_from_split_pending', 'cancelled'],
  ])('%s → %s', (status, stage) => expect(ozonOrderStage(status)).toBe(stage));

  it('leaves out a status it does not know', () => expect(ozonOrderStage('teleported')).toBeUndefined());

  const since = Date.parse('2026-03-01T10:00:00Z');
  const readAt = Date.parse('2026-03-01T10:05:00Z');
  const posting = {
    posting_number: '1-1-1',
    status: 'cancelled',
    in_process_at: '2026-02-27T09:00:00Z',
    shipment_date: '2026-02-28T10:00:00Z',
    cancellation: { cancelled_after_ship: true },
    products: [
      { sku: 7, offer_id: 'A', quantity: 2, price: '150.500000', name: 'А' },
      { sku: 7, offer_id: 'A', quantity: 1, price: '150.500000', name: 'А' },
      { offer_id: 'B', quantity: 1, price: '' },
    ],
  };

  it('maps a posting: line keys by sku (offer id without one), prices per unit, the cancellation after packing', () => {
    const [order] = toOzonOrder(posting, since, readAt);
    expect(order).toEqual({
      postingNumber: '1-1-1',
      status: 'cancelled',
      stage: 'cancelled',
      cancelledAfterHandover: true,
      orderedAt: '2026-02-27T09:00:00Z',
      // No change time in the answer, none of the stage's own: the moment the listing was asked.
      changedAt: new Date(readAt).toISOString(),
      shippedAt: undefined,
      items: [
        { lineKey: '7', offerId: 'A', externalProductId: '7', name: 'А', quantity: 2, price: 150.5 },
        { lineKey: '7#2', offerId: 'A', externalProductId: '7', name: 'А', quantity: 1, price: 150.5 },
        { lineKey: 'B', offerId: 'B', externalProductId: undefined, name: undefined, quantity: 1, price: undefined },
      ],
    });
  });

  it('takes the handover from delivering_date, never shipment_date (the packing deadline)', () => {
    const [order] = toOzonOrder(
      { ...posting, status: 'delivering', delivering_date: '2026-03-01T10:01:00Z', cancellation: undefined },
      since,
      readAt,
    );
    expect(order).toMatchObject({ stage: 'delivering', shippedAt: '2026-03-01T10:01:00Z' });
    expect(order!.changedAt).toBe('2026-03-01T10:01:00.000Z');
    expect(order!.cancelledAfterHandover).toBeUndefined();
  });

  it('gives no order without products or with an unknown status', () => {
    expect(toOzonOrder({ ...posting, products: [] }, since, readAt)).toEqual([]);
    expect(toOzonOrder({ ...posting, status: 'teleported' }, since, readAt)).toEqual([]);
  });
});

describe('Wildberries stages', () => {
  it.each([
    ['new', 'waiting', 'awaiting_packaging', undefined],
    ['confirm', 'waiting', 'awaiting_packaging', undefined],
    ['complete', 'sorted', 'delivering', undefined],
    ['complete', 'ready_for_pickup', 'delivering', undefined],
    ['complete', 'sold', 'delivered', undefined],
    ['cancel', 'canceled', 'cancelled', false],
    ['new', 'declined_by_client', 'cancelled', false],
    ['confirm', 'canceled', 'cancelled', false],
    ['complete', 'canceled_by_client', 'cancelled', true],
    ['complete', 'defect', 'cancelled', true],
  ] as const)('%s/%s → %s (after handover: %s)', (supplierStatus, wbStatus, stage, after) => {
    const mapped = wildberriesOrderStage({ supplierStatus, wbStatus });
    expect(mapped?.stage).toBe(stage);
    expect(mapped?.cancelledAfterHandover).toBe(after);
  });

  it('maps a task as one unit keyed by its id, the price in roubles', () => {
    const task = {
      id: 42,
      article: 'WB-1',
      nmId: 9,
      createdAt: '2026-03-01T09:00:00Z',
      price: 12_345,
      convertedPrice: 12_345,
      currencyCode: 643,
      convertedCurrencyCode: 643,
    };
    const [order] = toWildberriesOrder(
      task,
      { id: 42, supplierStatus: 'new', wbStatus: 'waiting' },
      '2026-03-01T10:00:00.000Z',
    );
    expect(order).toEqual({
      postingNumber: '42',
      status: 'new/waiting',
      stage: 'awaiting_packaging',
      orderedAt: '2026-03-01T09:00:00Z',
      changedAt: '2026-03-01T10:00:00.000Z',
      items: [{ lineKey: '42', offerId: 'WB-1', externalProductId: '9', quantity: 1, price: 123.45 }],
    });
    expect(toWildberriesOrder({ ...task, article: '' }, { id: 42, supplierStatus: 'new' }, '')).toEqual([]);
  });
});

describe('Yandex Market stages', () => {
  it.each([
    ['UNPAID', 'WAITING_USER_INPUT', 'new', undefined],
    ['PENDING', 'AWAIT_CONFIRMATION', 'new', undefined],
    ['PROCESSING', 'STARTED', 'awaiting_packaging', undefined],
    ['PROCESSING', 'READY_TO_SHIP', 'awaiting_deliver', undefined],
    ['PROCESSING', 'SHIPPED', 'delivering', undefined],
    ['DELIVERY', 'DELIVERY_SERVICE_RECEIVED', 'delivering', undefined],
    ['PICKUP', 'PICKUP_SERVICE_RECEIVED', 'delivering', undefined],
    ['DELIVERED', 'DELIVERY_SERVICE_DELIVERED', 'delivered', undefined],
    ['CANCELLED', 'USER_CHANGED_MIND', 'cancelled', false],
    ['CANCELLED', 'SHOP_FAILED', 'cancelled', false],
    ['CANCELLED', 'DELIVERY_SERVICE_UNDELIVERED', 'cancelled', true],
    ['CANCELLED', 'PICKUP_EXPIRED', 'cancelled', true],
  ])('%s/%s → %s (after handover: %s)', (status, substatus, stage, after) => {
    const mapped = yandexMarketOrderStage(status, substatus);
    expect(mapped?.stage).toBe(stage);
    expect(mapped?.cancelledAfterHandover).toBe(after);
  });

  const order = {
    orderId: 77,
    campaignId: 5,
    programType: 'FBS' as const,
    status: 'PROCESSING' as const,
    substatus: 'STARTED',
    creationDate: '2026-03-01T12:00:00+03:00',
    updateDate: '2026-03-01T12:30:00+03:00',
    paymentType: 'PREPAID',
    paymentMethod: 'YANDEX',
    fake: false,
    items: [
      {
        id: 771,
        offerId: 'Y-1',
        offerName: 'Игрушка',
        count: 3,
        prices: { payment: { value: 250, currencyId: 'RUR' }, cashback: { value: 50, currencyId: 'RUR' } },
      },
    ],
    delivery: {
      type: 'DELIVERY' as const,
      serviceName: 'x',
      deliveryServiceId: 1,
      deliveryPartnerType: 'YANDEX_MARKET' as const,
      dates: { fromDate: '2026-03-03' },
    },
  };

  it('maps an order: item ids as line keys, the buyer price per unit, times in UTC', () => {
    expect(toYandexMarketOrder(order, 'read')).toEqual([
      {
        postingNumber: '77',
        status: 'PROCESSING/STARTED',
        stage: 'awaiting_packaging',
        orderedAt: '2026-03-01T09:00:00.000Z',
        changedAt: '2026-03-01T09:30:00.000Z',
        items: [{ lineKey: '771', offerId: 'Y-1', name: 'Игрушка', quantity: 3, price: 100 }],
      },
    ]);
  });

  it('never gives an FBY order, a test order or one without items', () => {
    expect(toYandexMarketOrder({ ...order, programType: 'FBY' }, 'read')).toEqual([]);
    expect(toYandexMarketOrder({ ...order, fake: true }, 'read')).toEqual([]);
    expect(toYandexMarketOrder({ ...order, items: [] }, 'read')).toEqual([]);
  });
});

describe('feed pages', () => {
  const order = (postingNumber: string, changedAt: string): MarketplaceOrder => ({
    postingNumber,
    status: 's',
    stage: 'new',
    changedAt,
    items: [{ lineKey: '1', offerId: 'A', quantity: 1 }],
  });

  it('sorts by change, keeps the last reading of an order, drops orders without items, puts missing last', () => {
    const pages = [
      ...feedPages(
        [
          order('b', '2026-03-01T10:02:00Z'),
          order('a', '2026-03-01T10:03:00Z'),
          order('c', '2026-03-01T10:01:00Z'),
          order('a', '2026-03-01T10:00:00Z'),
          { ...order('d', '2026-03-01T09:00:00Z'), items: [] },
        ],
        ['x', 'x'],
        2,
      ),
    ];
    expect(pages.map((p) => p.orders.map((o) => o.postingNumber))).toEqual([['a', 'c'], ['b']]);
    expect(pages.map((p) => p.missing)).toEqual([undefined, ['x']]);
    expect([...feedPages([], ['y'], 2)]).toEqual([{ orders: [], missing: ['y'] }]);
    expect([...feedPages([], [], 2)]).toEqual([]);
  });

  it('goes round the open postings a few at a time, per store', () => {
    const rotation = new OpenRotation();
    const open = ['1', '2', '3', '4', '5'];
    expect(rotation.pick('s', open, 2)).toEqual(['1', '2']);
    expect(rotation.pick('s', open, 2)).toEqual(['3', '4']);
    expect(rotation.pick('s', open, 2)).toEqual(['5', '1']);
    expect(rotation.pick('t', open, 2)).toEqual(['1', '2']);
    expect(rotation.pick('s', ['1'], 2)).toEqual(['1']);
  });

  it('makes line keys unique within an order', () => {
    expect(uniqueKeys(['7', '8', '7', '7'])).toEqual(['7', '8', '7#2', '7#3']);
  });
});
