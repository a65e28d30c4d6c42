import type { FlippingPager } from '../marketplaces/yandex-market/wire.ts';
import { ymOrderLimit } from './order-limits.ts';
import { isPostingStatus, type SandboxPosting } from './postings.ts';
import type { SandboxMarketplaceModule } from './types.ts';
import { authorise, campaignIdOf, error, moscowIso, postingsOf, yandexMarketSandbox } from './yandex-market.ts';
import {
  DAY_MS,
  MAX_ORDER_DAYS,
  pageAfter,
  pageOf,
  servedSecond,
  updatedWithin,
  yandexMarketOrderSandbox,
} from './yandex-market-orders.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Yandex Market's orders of one shop in the sandbox: GET /v2/campaigns/{campaignId}/orders (getOrders,
 * deprecated in favour of getBusinessOrders: yandex-market-orders.ts), paged by page_token (limit up to
 * 50), filtered by `status` and `substatus` (repeated or comma-separated), `orderIds`, creation days
 * (`fromDate`/`toDate`, DD-MM-YYYY, Moscow, "To" excluded; the last 30 days by default) and update moments
 * (`updatedAtFrom`/`updatedAtTo`, ISO 8601 with an offset, "From" included, "To" excluded). Dates in the
 * answer are DD-MM-YYYY HH:mm:ss, Moscow time (OrderDTO). 10,000 requests an hour per shop (order-limits.ts).
 */

/** OrderDTO: the required fields and the ones a reader of stock needs. */
interface CampaignOrder {
  id: number;
  status: string;
  substatus: string;
  creationDate: string;
  updatedAt: string;
  currency: 'RUR';
  itemsTotal: number;
  deliveryTotal: number;
  buyerItemsTotalBeforeDiscount: number;
  paymentType: 'PREPAID';
  paymentMethod: 'YANDEX';
  fake: boolean;
  items: Array<{
    id: number;
    offerId: string;
    offerName: string;
    price: number;
    buyerPrice: number;
    buyerPriceBeforeDiscount: number;
    count: number;
  }>;
  delivery: {
    type: 'DELIVERY';
    serviceName: string;
    deliveryPartnerType: 'YANDEX_MARKET';
    deliveryServiceId: number;
    dates: { fromDate: string; toDate: string };
    shipments: Array<{ shipmentDate: string }>;
  };
  buyer: { type: 'PERSON' };
  taxSystem: 'OSN';
}

/** GetOrdersResponse */
interface GetOrdersResponse {
  pager?: FlippingPager;
  orders: CampaignOrder[];
  paging?: { nextPageToken?: string };
}

/** `2026-01-05T10:00:00+03:00` → `05-01-2026 10:00:00`: OrderDTO's DD-MM-YYYY HH:mm:ss, Moscow. */
const ddMmYyyyTime = (ms: number) => {
  const [date, time] = moscowIso(ms).slice(0, 19).split('T') as [string, string];
  return `${date.split('-').reverse().join('-')} ${time}`;
};
const ddMmYyyy = (ms: number) => ddMmYyyyTime(ms).slice(0, 10);

export function campaignOrder(p: SandboxPosting): CampaignOrder {
  const [status, substatus] = p.status.split('/') as [string, string];
  const at = p.createdAt.getTime();
  const total = p.items.reduce((n, i) => n + i.price * i.quantity, 0);
  return {
    id: p.id,
    status,
    substatus,
    creationDate: ddMmYyyyTime(at),
    updatedAt: ddMmYyyyTime(p.changedAt.getTime()),
    currency: 'RUR',
    itemsTotal: total,
    deliveryTotal: 0,
    buyerItemsTotalBeforeDiscount: total,
    paymentType: 'PREPAID',
    paymentMethod: 'YANDEX',
    fake: false,
    items: p.items.map((i, k) => ({
      id: p.id * 10 + k + 1,
      offerId: i.offer.offerId,
      offerName: i.offer.name,
      price: i.price,
      buyerPrice: i.price,
      buyerPriceBeforeDiscount: i.price,
      count: i.quantity,
    })),
    delivery: {
      type: 'DELIVERY',
      serviceName: 'Доставка Маркета',
      deliveryPartnerType: 'YANDEX_MARKET',
      deliveryServiceId: 1006360,
      dates: { fromDate: ddMmYyyy(at + 3 * DAY_MS), toDate: ddMmYyyy(at + 4 * DAY_MS) },
      shipments: [{ shipmentDate: ddMmYyyy(at + DAY_MS) }],
    },
    buyer: { type: 'PERSON' },
    taxSystem: 'OSN',
  };
}

/** A query list: repeated (`status=A&status=B`) or comma-separated (`status=A,B`); undefined when absent. */
function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const values = query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
  return values.length > 0 ? values : undefined;
}

/** DD-MM-YYYY as the start of that Moscow day; undefined when absent, NaN when malformed. */
function dayParam(text: string | null): number | undefined {
  if (text === null || text === '') return undefined;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return m ? Date.parse(`${m[3]}-${m[2]}-${m[1]}T00:00:00+03:00`) : NaN;
}

export const yandexMarketCampaignOrderSandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: yandexMarketSandbox.limited,
  postingsOf: yandexMarketOrderSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/v2\/campaigns\/(\d+)\/orders$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const campaignId = Number(match[1]);
        const store = stores.find((s) => campaignIdOf(s) === campaignId);
        if (!store) return error(403, codes.forbidden, `Access denied to campaign ${campaignId}`);
        const { refused, headers } = ymOrderLimit(state, 27, campaignId);
        if (refused) return refused;
        const { query } = req;
        // PageLimit50TruncateWithoutDefault: values above 50 are cut to 50.
        const limit = query.get('limit') === null ? 50 : Number(query.get('limit'));
        if (!Number.isInteger(limit) || limit < 1)
          return error(400, codes.badRequest, 'limit must be a positive integer');
        const after = pageAfter(query.get('page_token') ?? query.get('pageToken'));
        if (typeof after !== 'number') return after;
        const statuses = listParam(query, 'status');
        if (statuses?.some((st) => !isPostingStatus('YM', `${st}/X`)))
          return error(400, codes.badRequest, 'status: unknown order status');
        const substatuses = listParam(query, 'substatus');
        const orderIds = listParam(query, 'orderIds')?.map(Number);
        if (orderIds?.some((id) => !Number.isSafeInteger(id)) || (orderIds?.length ?? 0) > 50)
          return error(400, codes.badRequest, 'orderIds: from 1 to 50 integers expected');
        const fromDay = dayParam(query.get('fromDate'));
        const toDay = dayParam(query.get('toDate'));
        if (Number.isNaN(fromDay) || Number.isNaN(toDay))
          return error(400, codes.badRequest, 'fromDate and toDate: DD-MM-YYYY expected');
        // Defaults: the last 30 days up to now; a "To" less than a day after "From" is "From" + a day.
        let to = toDay ?? Date.now() + 1;
        const from = fromDay ?? to - MAX_ORDER_DAYS * DAY_MS;
        if (to < from) return error(400, codes.badRequest, 'fromDate must not be later than toDate');
        if (to - from < DAY_MS) to = from + DAY_MS;
        if (to - from > MAX_ORDER_DAYS * DAY_MS)
          return error(400, codes.badRequest, `The period must not exceed ${MAX_ORDER_DAYS} days`);
        const updated = updatedWithin(
          query.get('updatedAtFrom'),
          query.get('updatedAtTo'),
          'updatedAtFrom/updatedAtTo',
        );
        if (typeof updated !== 'function') return updated;

        const all = postingsOf(state, store)
          .filter((p) => {
            const at = servedSecond(p.createdAt);
            if (query.get('fake') === 'true' || at < from || at >= to || !updated(servedSecond(p.changedAt)))
              return false;
            const [status, substatus] = p.status.split('/') as [string, string];
            if (statuses && !statuses.includes(status)) return false;
            if (substatuses && !substatuses.includes(substatus)) return false;
            return !orderIds || orderIds.includes(p.id);
          })
          .sort((a, b) => a.id - b.id);
        const size = Math.min(limit, 50);
        const { page, nextPageToken } = pageOf(all, (p) => p.id, after, size);
        const skipped = all.length - all.filter((p) => p.id > after).length;
        const body: GetOrdersResponse = {
          // The legacy pager, as the real answer still carries it.
          pager: {
            total: all.length,
            from: skipped + 1,
            to: skipped + page.length,
            currentPage: Math.floor(skipped / size) + 1,
            pagesCount: Math.ceil(all.length / size),
            pageSize: size,
          },
          orders: page.map(campaignOrder),
          paging: nextPageToken ? { nextPageToken } : {},
        };
        return { status: 200, body, headers };
      },
    },
  ],
};
