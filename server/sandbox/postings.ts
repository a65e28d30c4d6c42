/**
 * Current orders in the sandbox: OZON FBS postings, WB FBS assembly tasks, YM orders. Each store starts
 * with some generated deterministically from its catalog (ids, articles and quantities follow from the
 * store's key; creation times count back from the moment the store's postings are first asked for, so
 * they always fall inside the windows the adapters ask about). Every store has them in every status the
 * adapters map to a bucket and in some they must leave out (delivered, cancelled, …), cycling through
 * `postingStatuses` (posting-statuses.ts). Orders created later (below, and the trickle: trickle.ts) join
 * them; the store's order book (order-book.ts) keeps them all.
 *
 * Statuses are written the marketplace's way:
 * - OZON: the posting status, e.g. `awaiting_packaging`, `driver_pickup`, `delivered`, `cancelled`;
 * - WILDBERRIES: `supplierStatus/wbStatus`, e.g. `new/waiting`, `complete/sorted`, `cancel/canceled`,
 *   `complete/canceled_by_client`;
 * - YM: `STATUS/SUBSTATUS`, e.g. `PROCESSING/STARTED`, `DELIVERY/DELIVERY_SERVICE_RECEIVED`, `CANCELLED/SHOP_FAILED`.
 * Cancelling is a move to a cancelled status like any other.
 *
 * Every order has a creation time and a change time: the last time its status moved (generated ones
 * changed an hour after creation; a new one changed when created; moving to the status it has is no
 * change). Its handover is when it first left the warehouse (isHandedOver; OZON's delivering_date).
 * The marketplace calls list new and moved orders from then on and filter by these times as the real
 * ones do: OZON /v3/posting/fbs/list (since/to by creation, last_changed_status_date by change), WB
 * /api/v3/orders (dateFrom/dateTo by creation, `next` by id; new tasks get larger ids), /orders/new and
 * /orders/status (WB answers no change times: a reader asks the statuses of the tasks it holds), YM
 * /v1/businesses/{id}/orders (dates.updateDateFrom/To) and /v2/campaigns/{id}/orders (updatedAtFrom/To).
 * An unknown posting number is left out of every listing. The order calls keep the marketplaces' rate
 * limits (order-limits.ts).
 *
 * Tests create and move orders in either of two ways:
 * - in process, on the object startSandbox() returns:
 * sandbox.postings('OZON')                      → SandboxPostingView[] (optionally for one store:
 * sandbox.postings('YM', '21000001'))
 *     sandbox.createOrder('OZON', {offerId: 'OZ1200345-00007', quantity: 2, price: 450}) → SandboxPostingView[]
 *     sandbox.setPostingStatus('WILDBERRIES', '4100000001', 'confirm/waiting') → the updated SandboxPostingView
 *   (bad input, an unknown posting or status throws a RangeError);
 * - over HTTP, from another process (e2e), on the sandbox's own port; these calls bypass injected failures
 *   and rate limits and are not logged as marketplace requests:
 *     GET  /__sandbox/postings/{marketplace}[?store=storeId]        → 200 {postings: SandboxPostingView[]}
 * POST /__sandbox/postings/{marketplace} {"offer_id", "quantity", "price"[, "store"]} → 201 {postings:
 * SandboxPostingView[]}
 *     POST /__sandbox/postings/{marketplace}/{postingNumber} {"status": "delivering"} → 200 SandboxPostingView,
 *          400 {message} for a status the marketplace does not have, 404 {message} for an unknown posting.
 *     POST /__sandbox/postings/{marketplace}/{postingNumber}/vanish → 200 SandboxPostingView (what it was):
 *          the marketplace forgets it, no call lists or finds it any more; 404 {message} for an unknown one
 *          (in process: sandbox.vanishPosting(marketplace, postingNumber)).
 *   {marketplace} is OZON, WILDBERRIES or YM (any case); storeId is the OZON Client-Id, the WB store's
 *   marketId, the YM campaign id.
 *
 * Creating an order: `offer_id` any article of the store's catalog (linked in Ostatok or not, archived
 * too), `quantity` an integer ≥ 1, `price` roubles per unit > 0, `store` the store (the first of that
 * marketplace by default). It starts awaiting packaging (OZON `awaiting_packaging`, WB `new/waiting`,
 * YM `PROCESSING/STARTED`). The answer is always a list: one posting on OZON and YM (one line of that
 * quantity), and on Wildberries, whose assembly tasks are one unit each, `quantity` tasks of one unit,
 * consecutive ids. Anything else answers 400 {message}: an unknown marketplace, store or offer, a
 * quantity that is not a whole number ≥ 1, a price that is not a number > 0.
 * The next listing by the marketplace's API shows the new order or the new status.
 */
import { random, seedOf, type SandboxOffer } from './data.ts';
import { isHandedOver, isPacked, postingStatuses } from './posting-statuses.ts';
import type { SandboxMarketplace } from './types.ts';

export { isHandedOver, isPacked, isPostingStatus, newPostingStatus, postingStatuses } from './posting-statuses.ts';

export interface SandboxPostingItem {
  offer: SandboxOffer;
  quantity: number;
  /** Per unit, roubles. */
  price: number;
}

export interface SandboxPosting {
  marketplace: SandboxMarketplace;
  /** OZON Client-Id, WB store marketId, YM campaign id: which store's API lists it. */
  storeId: string;
  n: number;
  /** OZON posting_number, WB assembly task id, YM order id (as text). */
  postingNumber: string;
  /** WB assembly task id / YM order id / OZON order_id. */
  id: number;
  /** In the marketplace's notation (see the comment above). */
  status: string;
  createdAt: Date;
  /** When the status last moved (creation counts): what incremental readers filter on. */
  changedAt: Date;
  /** When it first left the seller's warehouse (isHandedOver); undefined while it has not. */
  handedOverAt?: Date;
  /** When it was first packed (isPacked); undefined while it has not been. */
  packedAt?: Date;
  /** WB: one item of quantity 1; OZON and YM: one or two. */
  items: SandboxPostingItem[];
}

/** What tests read: the posting as the seller would see it. */
export interface SandboxPostingView {
  marketplace: SandboxMarketplace;
  storeId: string;
  postingNumber: string;
  status: string;
  /** ISO 8601 UTC, to the millisecond. */
  createdAt: string;
  changedAt: string;
  /** When it first left the seller's warehouse (OZON delivering, WB complete, YM shipped or further); null before. */
  handedOverAt: string | null;
  items: Array<{ offerId: string; externalProductId: string; quantity: number; price: number }>;
}

/** The sandbox's one price list: what a unit of an offer sells for, roubles. */
export const offerPrice = (o: SandboxOffer): number => 100 + (o.n % 50) * 10;

const HOUR = 3_600_000;

/**
 * `count` postings of one store from its catalog. Creation times run back from `now` up to 50 days, so
 * some fall in the adapters' second 30-day window; the newest are the first statuses of the cycle.
 */
export function generatePostings(
  marketplace: SandboxMarketplace,
  storeId: string,
  offers: SandboxOffer[],
  count: number,
  now: number,
): SandboxPosting[] {
  const key = `postings:${marketplace}:${storeId}`;
  const next = random(seedOf(key));
  const statuses = postingStatuses[marketplace];
  const base = (seedOf(key) % 900_000) * 1000;
  const list: SandboxPosting[] = [];
  if (offers.length === 0) return list;
  for (let n = 1; n <= count; n++) {
    const pick = () => offers[Math.floor(next() * offers.length)] as SandboxOffer;
    const first = pick();
    const items: SandboxPostingItem[] = [
      {
        offer: first,
        quantity: marketplace === 'WILDBERRIES' ? 1 : 1 + Math.floor(next() * 3),
        price: offerPrice(first),
      },
    ];
    if (marketplace !== 'WILDBERRIES' && n % 4 === 0) {
      const second = pick();
      if (second.offerId !== first.offerId) items.push({ offer: second, quantity: 1, price: offerPrice(second) });
    }
    const id =
      (marketplace === 'OZON' ? 60_000_000 : marketplace === 'WILDBERRIES' ? 4_100_000_000 : 70_000_000) + base + n;
    const postingNumber =
      marketplace === 'OZON' ? `${String(id).padStart(8, '0').slice(-8)}-${String(n).padStart(4, '0')}-1` : String(id);
    // Newest first in the cycle: n = 1 is an hour old; the oldest reach back about 50 days.
    const ageHours = 1 + Math.floor(((n - 1) * 50 * 24) / Math.max(1, count)) + Math.floor(next() * 5);
    const createdAt = now - ageHours * HOUR;
    const status = statuses[(n - 1) % statuses.length] as string;
    list.push({
      marketplace,
      storeId,
      n,
      postingNumber,
      id,
      status,
      createdAt: new Date(createdAt),
      // An hour after creation: never later than `now`, since the newest is an hour old.
      changedAt: new Date(createdAt + HOUR),
      ...(isHandedOver(marketplace, status) ? { handedOverAt: new Date(createdAt + HOUR) } : {}),
      ...(isPacked(marketplace, status) ? { packedAt: new Date(createdAt + HOUR) } : {}),
      items,
    });
  }
  return list;
}

export function viewOf(p: SandboxPosting): SandboxPostingView {
  return {
    marketplace: p.marketplace,
    storeId: p.storeId,
    postingNumber: p.postingNumber,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    changedAt: p.changedAt.toISOString(),
    handedOverAt: p.handedOverAt?.toISOString() ?? null,
    items: p.items.map((i) => ({
      offerId: i.offer.offerId,
      // OZON sku, WB nmId (the card's nmID is the offer's productId), YM has no marketSku in orders.
      externalProductId: String(p.marketplace === 'WILDBERRIES' ? i.offer.productId : i.offer.sku),
      quantity: i.quantity,
      price: i.price,
    })),
  };
}

/**
 * The posting number and id of an order created in the sandbox, from a per-marketplace sequence (1, 2, …).
 * They lie above every generated one (OZON and YM under 1e9, WB under 5e9), so they never collide and WB's
 * `next` cursor, which walks ids upwards, meets them after the older tasks.
 */
export function createdIdentity(marketplace: SandboxMarketplace, seq: number): { id: number; postingNumber: string } {
  const id = (marketplace === 'WILDBERRIES' ? 5_000_000_000 : 1_000_000_000) + seq;
  return { id, postingNumber: marketplace === 'OZON' ? `${id}-0001-1` : String(id) };
}
