import type { MarketplacePosting, PostingBucket } from './types.ts';
import type { BusinessOrder } from './yandex-market/wire.ts';

/**
 * The bucket of an order (reference §3, "Mapping to the three buckets"): PROCESSING/STARTED (and
 * PACKAGING, being packed) wait for packaging, PROCESSING/READY_TO_SHIP waits for shipment, and
 * PROCESSING/SHIPPED, DELIVERY and PICKUP (at the pickup point, not yet with the buyer) are on the way —
 * the goods have left the seller's warehouse, as with OZON delivering and WB complete/ready_for_pickup.
 * Everything else (delivered, cancelled, returned, not yet paid or confirmed) is left out.
 */
export function yandexMarketBucket(status: string, substatus: string | undefined): PostingBucket | undefined {
  if (status === 'DELIVERY' || status === 'PICKUP') return 'delivering';
  if (status !== 'PROCESSING') return undefined;
  switch (substatus) {
    case 'STARTED':
    case 'PACKAGING':
      return 'awaiting_packaging';
    case 'READY_TO_SHIP':
      return 'awaiting_deliver';
    case 'SHIPPED':
      return 'delivering';
    default:
      return undefined;
  }
}

/** An order as a posting; none when it is in no bucket. */
export function toPosting(o: BusinessOrder): MarketplacePosting[] {
  const bucket = yandexMarketBucket(o.status, o.substatus);
  if (!bucket) return [];
  const items = (o.items ?? []).map((item) => {
    const total = (item.prices?.payment?.value ?? 0) + (item.prices?.cashback?.value ?? 0);
    return {
      offerId: item.offerId,
      quantity: item.count,
      price: item.prices?.payment && item.count > 0 ? Math.round((total / item.count) * 100) / 100 : undefined,
    };
  });
  return [{ postingNumber: String(o.orderId), bucket, items }];
}
