import type { MarketplacePosting, PostingBucket } from './types.ts';
import type { AssemblyOrder, OrderStatus } from './wildberries/wire.ts';

/** wbStatus values that end a task without a delivery to the buyer, and the one that means delivered. */
const WB_ENDED = new Set(['sold', 'canceled', 'canceled_by_client', 'declined_by_client', 'defect']);

/**
 * The bucket of an assembly task (reference §2, "Mapping to the three buckets"): the seller's own status
 * says where it is (new → to pack, confirm → in a supply waiting for shipment, complete → handed over),
 * WB's status says whether it ended (sold, or cancelled in any of its ways). Ended and seller-cancelled
 * tasks are left out.
 */
export function wildberriesBucket(status: Pick<OrderStatus, 'supplierStatus' | 'wbStatus'>): PostingBucket | undefined {
  if (status.wbStatus !== undefined && WB_ENDED.has(status.wbStatus)) return undefined;
  switch (status.supplierStatus) {
    case 'new':
      return 'awaiting_packaging';
    case 'confirm':
      return 'awaiting_deliver';
    case 'complete':
      return 'delivering';
    default:
      return undefined;
  }
}

/**
 * WB prices are integers × 100; the rouble one is the converted price (seller's currency) or the sale price when that
 * is roubles.
 */
export function roubles(o: AssemblyOrder): number | undefined {
  const RUB = 643;
  const kopecks =
    o.convertedCurrencyCode === RUB
      ? o.convertedPrice
      : o.currencyCode === RUB
        ? o.price
        : o.convertedCurrencyCode === undefined && o.currencyCode === undefined
          ? (o.convertedPrice ?? o.price)
          : undefined;
  return kopecks === undefined ? undefined : kopecks / 100;
}

/** An assembly task as a posting of one unit; none when it is in no bucket. */
export function toPosting(o: AssemblyOrder & { id: number }, status: OrderStatus | undefined): MarketplacePosting[] {
  const bucket = status ? wildberriesBucket(status) : undefined;
  if (!bucket) return [];
  return [
    {
      postingNumber: String(o.id),
      bucket,
      items: [
        {
          offerId: o.article ?? '',
          externalProductId: o.nmId === undefined ? undefined : String(o.nmId),
          quantity: 1,
          price: roubles(o),
        },
      ],
    },
  ];
}
