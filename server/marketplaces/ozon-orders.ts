import { joinUrl, requestAnswer, requestJson, type CallContext } from './http.ts';
import { feedPages, OpenRotation, uniqueKeys } from './order-feed.ts';
import { postingsWindow } from './ozon-postings.ts';
import type { FbsPosting, FbsPostingGetRequest, FbsPostingListRequest, FbsPostingListResponse } from './ozon/wire.ts';
import type { MarketplaceOrder, OrderFeedPage, OrderFeedQuery, OrderStage, PageProgress } from './types.ts';

/**
 * OZON's order feed: FBS postings whose status changed since the intake's cursor, read through
 * /v3/posting/fbs/list with `filter.last_changed_status_date.from` (every status, paged by offset while
 * has_next), and a few postings the books still follow checked by number through /v3/posting/fbs/get, whose
 * 404 says OZON no longer knows them. FBO postings live in /v2/posting/fbo/list and are never read.
 */

/** The FBS statuses (filter.status's description, reference §1) as the books' stages; others are left out. */
const stages: Record<string, OrderStage> = {
  awaiting_registration: 'new',
  acceptance_in_progress: 'new',
  awaiting_approve: 'new',
  awaiting_verification: 'new',
  awaiting_packaging: 'awaiting_packaging',
  awaiting_deliver: 'awaiting_deliver',
  // Not accepted at the sorting centre: the parcel is back with the seller, to be shipped again.
  not_accepted: 'awaiting_deliver',
  driver_pickup: 'delivering',
  sent_by_seller: 'delivering',
  delivering: 'delivering',
  // Disputes over a delivery: the goods have left the warehouse.
  arbitration: 'delivering',
  client_arbitration: 'delivering',
  delivered: 'delivered',
  cancelled: 'cancelled',
  cancelled_from_split_pending: 'cancelled',
};

export function ozonOrderStage(status: string): OrderStage | undefined {
  return stages[status];
}

/** OZON writes prices as decimal strings ("1390.000000"); a blank or bad one is left out. */
function price(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The moment a status of this stage began, when the posting itself says it; else undefined. */
function stageMoment(p: FbsPosting, stage: OrderStage): string | undefined {
  if (stage === 'awaiting_packaging' || stage === 'new') return p.in_process_at ?? undefined;
  if (stage === 'delivering') return p.delivering_date ?? undefined;
  return undefined;
}

/**
 * A posting as an order; none without a number, a known status or a product. The answer carries no time
 * of the last status change, so changedAt is the stage's own moment where the posting states one
 * (in_process_at for one awaiting packaging, delivering_date for one in delivery) and it falls inside the
 * asked window, else `readAt`, the moment the listing was asked: the change happened before it.
 * shipment_date is the packing deadline, not the handover, so shippedAt is delivering_date.
 */
export function toOzonOrder(p: FbsPosting, since: number, readAt: number): MarketplaceOrder[] {
  const stage = ozonOrderStage(p.status ?? '');
  if (!p.posting_number || !stage) return [];
  const products = (p.products ?? []).filter((x) => x.offer_id || x.sku !== undefined);
  if (products.length === 0) return [];
  const keys = uniqueKeys(products.map((x) => (x.sku !== undefined ? String(x.sku) : x.offer_id!)));
  const own = stageMoment(p, stage);
  const ownMs = own === undefined ? NaN : Date.parse(own);
  const changedAt = ownMs >= since && ownMs <= readAt ? new Date(ownMs) : new Date(readAt);
  return [
    {
      postingNumber: p.posting_number,
      status: p.status!,
      stage,
      ...(stage === 'cancelled' ? { cancelledAfterHandover: p.cancellation?.cancelled_after_ship === true } : {}),
      orderedAt: p.in_process_at ?? undefined,
      changedAt: changedAt.toISOString(),
      shippedAt: p.delivering_date ?? undefined,
      items: products.map((x, k) => ({
        lineKey: keys[k]!,
        offerId: x.offer_id ?? '',
        externalProductId: x.sku === undefined ? undefined : String(x.sku),
        name: x.name,
        quantity: x.quantity ?? 1,
        price: price(x.price),
      })),
    },
  ];
}

export interface OzonOrderFeedOptions {
  baseUrl: string;
  /** /v3/posting/fbs/list page size, 1–1000. */
  pageSize: number;
  /** Open postings checked by /v3/posting/fbs/get per call (one request each). */
  openChecks: number;
  rotation: OpenRotation;
}

export async function* ozonOrderChanges(
  ctx: CallContext,
  options: OzonOrderFeedOptions,
  query: OrderFeedQuery,
  onPage?: PageProgress,
): AsyncIterable<OrderFeedPage> {
  const { store } = ctx;
  const headers = { 'Client-Id': store.marketId, 'Api-Key': store.apiKey };
  const readAt = Date.now();
  const since = query.since.getTime();
  // The creation window is required; the widest (a year less a margin) leaves only the change filter to choose.
  const { since: createdFrom, to: createdTo } = postingsWindow(readAt);
  const orders: MarketplaceOrder[] = [];
  const listed = new Set<string>();
  for (let offset = 0; ;) {
    const request: FbsPostingListRequest = {
      dir: 'ASC',
      filter: {
        since: createdFrom,
        to: createdTo,
        last_changed_status_date: { from: query.since.toISOString(), to: createdTo },
      },
      limit: options.pageSize,
      offset,
    };
    const page = await requestJson<FbsPostingListResponse>(ctx, {
      method: 'POST',
      url: joinUrl(options.baseUrl, '/v3/posting/fbs/list'),
      headers,
      body: request,
    });
    const items = page.result?.postings ?? [];
    for (const p of items) {
      if (p.posting_number) listed.add(p.posting_number);
      orders.push(...toOzonOrder(p, since, readAt));
    }
    // Sorted by creation, the pages stay put while postings change; one created meanwhile comes last.
    if (!page.result?.has_next || items.length === 0) break;
    offset += items.length;
  }

  const unlisted = query.open.filter((n) => !listed.has(n));
  const missing: string[] = [];
  for (const postingNumber of options.rotation.pick(`OZON:${store.marketId}`, unlisted, options.openChecks)) {
    const request: FbsPostingGetRequest = { posting_number: postingNumber };
    const answer = await requestAnswer(ctx, {
      method: 'POST',
      url: joinUrl(options.baseUrl, '/v3/posting/fbs/get'),
      headers,
      body: request,
      accept: [404],
    });
    if (answer.status === 404) missing.push(postingNumber);
  }
  yield* feedPages(orders, missing, options.pageSize, onPage);
}
