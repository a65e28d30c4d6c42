/**
 * Current orders in the sandbox: OZON FBS postings, WB FBS assembly tasks, YM orders, generated
 * deterministically from each store's catalog (ids, articles and quantities follow from the store's key;
 * creation times count back from the moment the store's postings are first asked for, so they always fall
 * inside the windows the adapters ask about). Every store has them in every status the adapters map to a
 * bucket and in some they must leave out (delivered, cancelled, …), cycling through `postingStatuses`.
 *
 * Statuses are written the marketplace's way:
 * - OZON: the posting status, e.g. `awaiting_packaging`, `driver_pickup`, `delivered`;
 * - WILDBERRIES: `supplierStatus/wbStatus`, e.g. `new/waiting`, `complete/sorted`, `cancel/canceled`;
 * - YM: `STATUS/SUBSTATUS`, e.g. `PROCESSING/STARTED`, `DELIVERY/DELIVERY_SERVICE_RECEIVED`.
 *
 * Tests move an order through its statuses in either of two ways:
 * - in process, on the object startSandbox() returns:
 *     sandbox.postings('OZON')                      → SandboxPostingView[] (optionally for one store: sandbox.postings('YM', '21000001'))
 *     sandbox.setPostingStatus('WILDBERRIES', '4100000001', 'confirm/waiting') → the updated SandboxPostingView
 *   (an unknown posting or status throws a RangeError);
 * - over HTTP, from another process (e2e), on the sandbox's own port; these calls bypass injected failures
 *   and are not logged as marketplace requests:
 *     GET  /__sandbox/postings/{marketplace}[?store=marketId]        → 200 {postings: SandboxPostingView[]}
 *     POST /__sandbox/postings/{marketplace}/{postingNumber} {"status": "delivering"} → 200 SandboxPostingView,
 *          400 {message} for a status the marketplace does not have, 404 {message} for an unknown posting.
 *   {marketplace} is OZON, WILDBERRIES or YM (any case).
 * The next listing by the marketplace's API shows the new status.
 */
import { random, seedOf, type SandboxOffer } from './data.ts';
import type { SandboxMarketplace } from './types.ts';

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
  /** WB: one item of quantity 1; OZON and YM: one or two. */
  items: SandboxPostingItem[];
}

/** What tests read: the posting as the seller would see it. */
export interface SandboxPostingView {
  marketplace: SandboxMarketplace;
  storeId: string;
  postingNumber: string;
  status: string;
  items: Array<{ offerId: string; externalProductId: string; quantity: number; price: number }>;
}

/** The statuses generated postings cycle through, relevant ones first; more may be set by the control API. */
export const postingStatuses: Record<SandboxMarketplace, readonly string[]> = {
  OZON: [
    'awaiting_packaging',
    'awaiting_deliver',
    'delivering',
    'driver_pickup',
    'delivered',
    'cancelled',
    'awaiting_registration',
    'arbitration',
  ],
  WILDBERRIES: [
    'new/waiting',
    'confirm/waiting',
    'complete/waiting',
    'complete/sorted',
    'complete/ready_for_pickup',
    'complete/sold',
    'cancel/canceled',
    'new/declined_by_client',
    'complete/canceled_by_client',
  ],
  YM: [
    'PROCESSING/STARTED',
    'PROCESSING/READY_TO_SHIP',
    'DELIVERY/DELIVERY_SERVICE_RECEIVED',
    'PROCESSING/SHIPPED',
    'PICKUP/PICKUP_SERVICE_RECEIVED',
    'DELIVERED/DELIVERY_SERVICE_DELIVERED',
    'CANCELLED/USER_CHANGED_MIND',
    'UNPAID/WAITING_USER_INPUT',
  ],
};

const ozonStatuses = new Set([
  'awaiting_registration',
  'acceptance_in_progress',
  'awaiting_approve',
  'awaiting_packaging',
  'awaiting_deliver',
  'arbitration',
  'client_arbitration',
  'delivering',
  'driver_pickup',
  'delivered',
  'cancelled',
  'not_accepted',
  'sent_by_seller',
]);
const wbSupplierStatuses = new Set(['new', 'confirm', 'complete', 'cancel']);
const wbStatuses = new Set([
  'waiting',
  'sorted',
  'sold',
  'canceled',
  'canceled_by_client',
  'declined_by_client',
  'defect',
  'ready_for_pickup',
  'postponed_delivery',
  'accepted_by_carrier',
  'sent_to_carrier',
]);
const ymStatuses = new Set([
  'PLACING',
  'RESERVED',
  'UNPAID',
  'PROCESSING',
  'DELIVERY',
  'PICKUP',
  'DELIVERED',
  'CANCELLED',
  'PENDING',
  'PARTIALLY_RETURNED',
  'RETURNED',
  'UNKNOWN',
]);

/** Whether `status` is one the marketplace's API can answer (its enums; YM substatuses by form only). */
export function isPostingStatus(marketplace: SandboxMarketplace, status: string): boolean {
  if (marketplace === 'OZON') return ozonStatuses.has(status);
  const [a, b, ...rest] = status.split('/');
  if (a === undefined || b === undefined || rest.length > 0) return false;
  if (marketplace === 'WILDBERRIES') return wbSupplierStatuses.has(a) && wbStatuses.has(b);
  return ymStatuses.has(a) && /^[A-Z][A-Z_]*$/.test(b);
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
    list.push({
      marketplace,
      storeId,
      n,
      postingNumber,
      id,
      status: statuses[(n - 1) % statuses.length] as string,
      createdAt: new Date(now - ageHours * HOUR),
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
    items: p.items.map((i) => ({
      offerId: i.offer.offerId,
      // OZON sku, WB nmId (the card's nmID is the offer's productId), YM has no marketSku in orders.
      externalProductId: String(p.marketplace === 'WILDBERRIES' ? i.offer.productId : i.offer.sku),
      quantity: i.quantity,
      price: i.price,
    })),
  };
}
