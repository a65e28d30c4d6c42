import { joinUrl, requestJson, type CallContext } from './http.ts';
import { feedPages, OpenRotation } from './order-feed.ts';
import type { MarketplaceOrder, OrderFeedPage, OrderFeedQuery, OrderStage, PageProgress } from './types.ts';
import type {
  BusinessOrder,
  GetBusinessOrdersRequest,
  GetBusinessOrdersResponse,
  SellingProgramType,
} from './yandex-market/wire.ts';

/**
 * Yandex Market's order feed: the cabinet's orders updated since the intake's cursor, through
 * POST /v1/businesses/{businessId}/orders (getBusinessOrders; GET /v2/campaigns/{id}/orders and
 * /orders/{orderId} are deprecated for it) with `dates.updateDateFrom`, for the store's shop (or every shop
 * of the cabinet it names), paged by page_token. The creation filter always applies (30 days back when
 * left out), so `lookbackDays` is walked in 30-day creation windows. FBY orders ship from Yandex's
 * warehouses: they are not asked for (programTypes) and dropped if one comes anyway. A few open orders are
 * asked by id (orderIds, ≤ 50 a request); one no window answers is `missing`.
 */

/**
 * Cancellation reasons that can only arise once the order has left the seller (OrderSubstatusType): not
 * picked up, refused or found wrong at receipt, lost or undelivered by the delivery service.
 */
const AFTER_HANDOVER = new Set([
  'DELIVERY_SERVICE_UNDELIVERED',
  'DELIVERY_SERVICE_LOST',
  'DELIVERY_USER_NOT_RECEIVED',
  'DELIVERED_USER_NOT_RECEIVED',
  'PICKUP_EXPIRED',
  'USER_REFUSED_PRODUCT',
  'USER_REFUSED_QUALITY',
  'FULL_NOT_RANSOM',
  'WRONG_ITEM',
  'WRONG_ITEM_DELIVERED',
  'BROKEN_ITEM',
  'MISSING_ITEM',
  'DAMAGED_BOX',
  'SORTING_CENTER_LOST',
  'DROPOFF_LOST',
  'LOST',
  'TOO_LONG_DELIVERY',
  'COURIER_NOT_DELIVER_ORDER',
  'COURIER_RETURNS_ORDER',
  'COURIER_RETURNED_ORDER',
]);

/**
 * The stage of an order (OrderStatusType, OrderSubstatusType; reference §3): not yet paid or confirmed is
 * new; PROCESSING by its substatus (STARTED and PACKAGING to pack, READY_TO_SHIP packed, SHIPPED handed
 * over; any other still with the seller); DELIVERY and PICKUP on the way; DELIVERED and the returned ones
 * delivered (a return comes through the returns flow); CANCELLED cancelled, after the handover when its
 * reason says so. UNKNOWN and unheard-of statuses are left out.
 */
export function yandexMarketOrderStage(
  status: string,
  substatus: string | undefined,
): { stage: OrderStage; cancelledAfterHandover?: boolean } | undefined {
  switch (status) {
    case 'PLACING':
    case 'RESERVED':
    case 'UNPAID':
    case 'PENDING':
      return { stage: 'new' };
    case 'PROCESSING':
      if (substatus === 'READY_TO_SHIP') return { stage: 'awaiting_deliver' };
      if (substatus === 'SHIPPED') return { stage: 'delivering' };
      return { stage: 'awaiting_packaging' };
    case 'DELIVERY':
    case 'PICKUP':
      return { stage: 'delivering' };
    case 'DELIVERED':
    case 'PARTIALLY_RETURNED':
    case 'RETURNED':
      return { stage: 'delivered' };
    case 'CANCELLED':
      return { stage: 'cancelled', cancelledAfterHandover: AFTER_HANDOVER.has(substatus ?? '') };
    default:
      return undefined;
  }
}

const iso = (text: string | undefined) => {
  const ms = text === undefined ? NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/**
 * An order as the books read it; none for FBY, an unknown status or no items. Price per unit is what the
 * buyer pays for the item, (payment + cashback) ÷ count (ItemPriceDTO: totals over the units). The planned
 * shipment day is no handover, so shippedAt is left to the intake.
 */
export function toYandexMarketOrder(o: BusinessOrder, readAt: string): MarketplaceOrder[] {
  if (o.programType === 'FBY' || o.fake) return [];
  const mapped = yandexMarketOrderStage(o.status, o.substatus);
  const items = (o.items ?? []).filter((i) => i.count > 0);
  if (!mapped || items.length === 0) return [];
  return [
    {
      postingNumber: String(o.orderId),
      status: `${o.status}/${o.substatus}`,
      ...mapped,
      orderedAt: iso(o.creationDate),
      changedAt: iso(o.updateDate) ?? readAt,
      items: items.map((i) => {
        const total = (i.prices?.payment?.value ?? 0) + (i.prices?.cashback?.value ?? 0);
        return {
          lineKey: String(i.id),
          offerId: i.offerId,
          name: i.offerName,
          quantity: i.count,
          price: i.prices?.payment ? Math.round((total / i.count) * 100) / 100 : undefined,
        };
      }),
    },
  ];
}

/** Every model but FBY: those ship from the seller's own warehouse. */
const SELLER_PROGRAMS: SellingProgramType[] = ['FBS', 'DBS', 'EXPRESS', 'LAAS'];
const WINDOW_DAYS = 30;
const CAMPAIGNS_PER_REQUEST = 50;
const IDS_PER_REQUEST = 50;
/** Orders per page handed to the intake: the API's pages of 50 are collected and sorted first. */
const FEED_PAGE = 500;

export interface YandexMarketOrderFeedOptions {
  baseUrl: string;
  /** getBusinessOrders `limit`, 1–50. */
  pageSize: number;
  /** How far back orders are read by creation date, in days (30-day windows). */
  lookbackDays: number;
  /** Open orders asked by id per call (≤ 50: one request per creation window). */
  openChecks: number;
  rotation: OpenRotation;
  /** The store's business and shops (yandex-market-campaigns.ts). */
  campaigns: () => Promise<{ businessId: number; campaignIds: number[] }>;
}

export async function* yandexMarketOrderChanges(
  ctx: CallContext,
  options: YandexMarketOrderFeedOptions,
  query: OrderFeedQuery,
  onPage?: PageProgress,
): AsyncIterable<OrderFeedPage> {
  const headers = { 'Api-Key': ctx.store.apiKey };
  const readAt = new Date().toISOString();
  const { businessId, campaignIds } = await options.campaigns();
  // The creation days are the seller's calendar days, Moscow time (UTC+3, no DST); "To" is excluded.
  const today = Date.parse(`${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`);
  const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
  const windows: Array<{ creationDateFrom: string; creationDateTo: string }> = [];
  for (let back = 0; back < options.lookbackDays; back += WINDOW_DAYS) {
    windows.push({
      creationDateFrom: day(-Math.min(options.lookbackDays, back + WINDOW_DAYS) + 1),
      creationDateTo: day(-back + 1),
    });
  }

  /** Every order of the filter, over every window and group of shops, followed by page_token. */
  async function* read(filter: Omit<GetBusinessOrdersRequest, 'campaignIds'>, dates: object = {}) {
    for (let i = 0; i < campaignIds.length; i += CAMPAIGNS_PER_REQUEST) {
      for (const window of windows) {
        const body: GetBusinessOrdersRequest = {
          ...filter,
          campaignIds: campaignIds.slice(i, i + CAMPAIGNS_PER_REQUEST),
          dates: { ...window, ...dates },
        };
        const seenTokens = new Set<string>();
        for (let pageToken: string | undefined; ;) {
          const page = await requestJson<GetBusinessOrdersResponse>(ctx, {
            method: 'POST',
            url: joinUrl(options.baseUrl, `/v1/businesses/${businessId}/orders`, {
              limit: options.pageSize,
              page_token: pageToken,
            }),
            headers,
            body,
          });
          yield page.orders ?? [];
          const next = page.paging?.nextPageToken;
          if (!next || seenTokens.has(next)) break;
          seenTokens.add(next);
          pageToken = next;
        }
      }
    }
  }

  // Updates are served to the second: the cursor is taken down to its second so none at its edge is lost.
  const updateDateFrom = new Date(Math.floor(query.since.getTime() / 1000) * 1000).toISOString();
  const orders: MarketplaceOrder[] = [];
  const listed = new Set<string>();
  for await (const page of read({ programTypes: SELLER_PROGRAMS, fake: false }, { updateDateFrom })) {
    for (const o of page) {
      listed.add(String(o.orderId));
      orders.push(...toYandexMarketOrder(o, readAt));
    }
  }

  const unlisted = query.open.filter((n) => !listed.has(n) && /^\d+$/.test(n));
  const picked = options.rotation.pick(`YM:${ctx.store.apiKey}:${ctx.store.marketId}`, unlisted, options.openChecks);
  const found = new Set<string>();
  for (let i = 0; i < picked.length; i += IDS_PER_REQUEST) {
    const orderIds = picked.slice(i, i + IDS_PER_REQUEST).map(Number);
    for await (const page of read({ orderIds })) for (const o of page) found.add(String(o.orderId));
  }
  yield* feedPages(
    orders,
    picked.filter((n) => !found.has(n)),
    FEED_PAGE,
    onPage,
  );
}
