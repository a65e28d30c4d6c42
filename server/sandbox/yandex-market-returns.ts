import type { GetReturnsResponse, ReturnItem, YmReturn } from '../marketplaces/yandex-market/wire.ts';
import { notAfter, type SandboxReturn } from './data.ts';
import { decodeCursor, encodeCursor, type SandboxMarketplaceModule } from './types.ts';
import {
  authorise,
  businessIdOf,
  campaignIdOf,
  error,
  isDay,
  moscowIso,
  pageLimit,
  resourceHeaders,
  yandexMarketSandbox,
} from './yandex-market.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';

/**
 * Yandex Market's returns in the sandbox: GET /v2/campaigns/{campaignId}/returns, paged by page_token
 * and filtered by the update date.
 */

const shipmentStages = ['IN_TRANSIT', 'READY_FOR_PICKUP', 'PICKED'] as const;
const refundStages = ['REFUND_IN_PROGRESS', 'REFUND_IN_PROGRESS', 'REFUNDED'] as const;

function ymReturn(r: SandboxReturn): YmReturn {
  const items: ReturnItem[] = [{ marketSku: r.sku, shopSku: r.offerId, count: r.quantity }];
  if (r.second && r.second.offerId !== r.offerId)
    items.push({ marketSku: r.second.sku, shopSku: r.second.offerId, count: 1 });
  const unredeemed = r.n % 5 === 0;
  return {
    id: r.id,
    orderId: r.orderId,
    creationDate: moscowIso(r.at.getTime()),
    // Later the same (Moscow) day: the sandbox's returns fall between 09:00 and 21:00 Moscow time.
    updateDate: moscowIso(notAfter(r.at.getTime() + 2 * 3_600_000)),
    ...(unredeemed ? {} : { refundStatus: refundStages[r.stage] }),
    shipmentRecipientType: 'SHOP',
    shipmentStatus: shipmentStages[r.stage],
    amount: { value: r.price * r.quantity, currencyId: 'RUR' },
    items,
    returnType: unredeemed ? 'UNREDEEMED' : 'RETURN',
    fastReturn: false,
  };
}

export const yandexMarketReturnSandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: yandexMarketSandbox.limited,
  postingsOf: yandexMarketSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/v2\/campaigns\/(\d+)\/returns$/,
      handle(req, state, match) {
        const stores = authorise(req, state);
        if ('status' in stores) return stores;
        const campaignId = Number(match[1]);
        if (!stores.some((s) => campaignIdOf(s) === campaignId))
          return error(403, codes.forbidden, `Access denied to campaign ${campaignId}`);
        const limit = pageLimit(req.query, 50);
        if (limit === undefined) return error(400, codes.badRequest, 'limit must be a positive integer');
        const fromDate = req.query.get('fromDate') ?? req.query.get('from_date');
        const toDate = req.query.get('toDate') ?? req.query.get('to_date');
        if (!isDay(fromDate) || !isDay(toDate))
          return error(400, codes.badRequest, 'fromDate and toDate must be YYYY-MM-DD');
        const token = req.query.get('page_token') ?? req.query.get('pageToken');
        const cursor = token ? decodeCursor<{ from: number }>(token) : { from: 0 };
        if (!cursor || typeof cursor.from !== 'number') return error(400, codes.badRequest, 'Invalid page_token');

        const businessId = businessIdOf(stores[0]!.apiKey);
        const offers = state.offers(`YM:${businessId}`, `YM${businessId}`);
        // Filtered by the update date, as the real fromDate/toDate are.
        const all = [
          ...state.returns(`YM:${businessId}:${campaignId}`, offers, `YM${businessId}`),
          ...state.postingReturns('YM', String(campaignId)),
        ]
          .map(ymReturn)
          .filter(
            (r) =>
              (!fromDate || r.updateDate!.slice(0, 10) >= fromDate) &&
              (!toDate || r.updateDate!.slice(0, 10) <= toDate),
          );
        const page = all.slice(cursor.from, cursor.from + limit);
        const end = cursor.from + page.length;
        const body: GetReturnsResponse = {
          status: 'OK',
          result: { paging: end < all.length ? { nextPageToken: encodeCursor({ from: end }) } : {}, returns: page },
        };
        return { status: 200, body, headers: resourceHeaders(5000) };
      },
    },
  ],
};
