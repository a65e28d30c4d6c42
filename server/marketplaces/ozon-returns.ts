import type { MarketplaceReturn, ReturnsPeriod } from './types.ts';
import type { ReturnsListItem, ReturnsListRequest } from './ozon/wire.ts';

/** OZON's returns (/v1/returns/list) mapped to the returns table's shape; the adapter (ozon.ts) pages. */

/** The seller's calendar is Moscow's (UTC+3, no DST): a day runs 21:00 UTC the day before to 20:59:59 UTC. */
const moscowDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();
const moscowDayEnd = (day: string) => new Date(`${day}T23:59:59.999+03:00`).toISOString();

export function toReturn(item: ReturnsListItem): MarketplaceReturn[] {
  const product = item.product;
  if (item.id === undefined) return [];
  const returnedAt = item.logistic?.return_date || item.visual?.change_moment;
  return [
    {
      externalId: String(item.id),
      orderNumber: item.posting_number || item.order_number || '',
      offerId: product?.offer_id ?? '',
      externalProductId: product?.sku === undefined ? undefined : String(product.sku),
      name: product?.name ?? '',
      count: product?.quantity ?? 1,
      price: product?.price?.price,
      returnedAt: returnedAt ?? '',
      marketplaceStatus: item.visual?.status?.display_name || undefined,
    },
  ];
}

/**
 * The filter of a period: logistic_return_date over its Moscow days (see OzonAdapter.listReturns for why that date).
 */
export function returnsFilter(period: ReturnsPeriod): ReturnsListRequest['filter'] {
  return { logistic_return_date: { time_from: moscowDayStart(period.dateFrom), time_to: moscowDayEnd(period.dateTo) } };
}
