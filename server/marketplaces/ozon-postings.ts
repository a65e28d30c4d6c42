import type { FbsPosting, FbsPostingStatus } from './ozon/wire.ts';
import type { MarketplacePosting, PostingBucket } from './types.ts';

/** OZON's FBS postings (/v3/posting/fbs/list) mapped to the three buckets; the adapter (ozon.ts) pages. */

/**
 * FBS statuses read for the three buckets, one /v3/posting/fbs/list sequence each (reference §1, "How
 * to fill the three buckets"). driver_pickup («у водителя») and sent_by_seller («отправлено
 * продавцом», rFBS) come after awaiting_deliver: the goods have left the seller's warehouse and are on
 * their way to the buyer, so they count as delivering; leaving them out would drop a posting from every
 * bucket between shipment and delivery. Everything else (delivered, cancelled, arbitration, the
 * pre-packaging states) is not read at all.
 */
export const ozonPostingBuckets: ReadonlyArray<readonly [FbsPostingStatus, PostingBucket]> = [
  ['awaiting_packaging', 'awaiting_packaging'],
  ['awaiting_deliver', 'awaiting_deliver'],
  ['delivering', 'delivering'],
  ['driver_pickup', 'delivering'],
  ['sent_by_seller', 'delivering'],
];

/**
 * since/to select postings by creation and may span at most a year. With the status filter the answer
 * holds only current postings whatever the window, so the widest window costs nothing and misses
 * nothing: 360 days (a margin under the year) back from now, to an hour ahead (clock skew).
 */
const POSTINGS_WINDOW_DAYS = 360;

/** The since/to of a postings request made at `now`. */
export function postingsWindow(now: number): { since: string; to: string } {
  return {
    since: new Date(now - POSTINGS_WINDOW_DAYS * 86_400_000).toISOString(),
    to: new Date(now + 3_600_000).toISOString(),
  };
}

/** OZON writes prices as decimal strings ("1390.000000"); a blank or bad one is left out. */
function ozonPrice(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function toPosting(p: FbsPosting, bucket: PostingBucket): MarketplacePosting[] {
  if (!p.posting_number) return [];
  const items = (p.products ?? []).flatMap((product) =>
    product.offer_id
      ? [
          {
            offerId: product.offer_id,
            externalProductId: product.sku === undefined ? undefined : String(product.sku),
            quantity: product.quantity ?? 1,
            price: ozonPrice(product.price),
          },
        ]
      : [],
  );
  return [{ postingNumber: p.posting_number, bucket, items }];
}
