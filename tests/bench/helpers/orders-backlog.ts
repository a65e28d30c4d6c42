import { and, count, eq, ne } from 'drizzle-orm';
import { orderLines, orders } from '../../../server/db/schema/index.ts';
import { defaultOrderLimits } from '../../../server/sandbox/order-limits.ts';
import { random, seedOf } from '../../../server/sandbox/data.ts';
import type { SandboxMarketplace, SandboxStore } from '../../../server/sandbox/server.ts';
import { sandboxStoreId, type OrdersBench, type Seller } from './orders-setup.ts';

/**
 * A backlog: `total` orders waiting in the sandbox over the seller's three stores when their intake is turned on,
 * timed until every order is stored and every line's books moved — against the floor the marketplaces' rate limits
 * allow: the requests the feeds need at the adapters' page sizes, divided by the allowed rate. The stores are taken in
 * side by side (ORDER_INTAKE_CONCURRENCY ≥ 3), so the floor is the slowest store's.
 */

/**
 * The page sizes the order feeds use by default (server/marketplaces/ozon.ts postingsPageSize, wildberries.ts
 * ordersPageSize, yandex-market.ts ordersPageSize) and what the sandbox enforces on those calls
 * (server/sandbox/order-limits.ts; Wildberries' marketplace category: server/sandbox/stocks.ts defaults, the specs').
 */
const feeds: Record<
  SandboxMarketplace,
  { requests(orders: number): number; perSecond: number; how: string; calls: RegExp }
> = {
  OZON: {
    requests: (n) => Math.ceil(n / 1000),
    perSecond: defaultOrderLimits.ozonPerSecond,
    how: '/v3/posting/fbs/list, 1000 a page; 50 requests/s per Client-Id',
    calls: /^\/v3\/posting\/fbs\//,
  },
  WILDBERRIES: {
    // orders/new once, /api/v3/orders by `next` (a last short page ends it), orders/status for 1000 ids a call.
    requests: (n) => 1 + Math.floor(n / 1000) + 1 + Math.ceil(n / 1000),
    perSecond: 300 / 60,
    how: 'orders/new + /api/v3/orders 1000 a page + orders/status 1000 ids; marketplace category 300/min',
    calls: /^\/api\/v3\/orders/,
  },
  YM: {
    requests: (n) => Math.ceil(n / 50),
    perSecond: defaultOrderLimits.ymOrdersPerHour / 3600,
    how: 'getBusinessOrders, 50 a page; 10,000 requests/hour',
    calls: /\/orders/,
  },
};

export interface BacklogStore {
  marketplace: SandboxMarketplace;
  orders: number;
  requestsNeeded: number;
  requestsMade: number;
  floorSeconds: number;
  how: string;
}

export interface BacklogResult {
  orders: number;
  /** Intake turned on → every order stored. */
  storedSeconds: number;
  /** Intake turned on → every line's books moved (reserved, or unlinked and listed). */
  bookedSeconds: number;
  floorSeconds: number;
  ratio: number;
  /**
   * The first order call the sandbox served → every line booked: without the wait for the stores' scheduled run
   * (a store turned on runs at its next moment), what the reading and booking themselves took.
   */
  fromFirstRequestSeconds: number;
  ratioFromFirstRequest: number;
  stores: BacklogStore[];
}

/** The orders, spread over the seller's stores, each of a random non-archived article, one unit. */
function fillSandbox(bench: OrdersBench, seller: Seller, total: number): Map<string, number> {
  const next = random(seedOf('bench:orders:backlog'));
  const offers = seller.products;
  const made = new Map<string, number>();
  seller.stores.forEach((store, j) => {
    const n = Math.floor(total / seller.stores.length) + (j < total % seller.stores.length ? 1 : 0);
    for (let i = 0; i < n; i++) {
      const product = offers[Math.floor(next() * offers.length)]!;
      bench.sandbox.createOrder(store.marketplace as SandboxMarketplace, {
        offerId: product.offers.get(store.marketId)!,
        quantity: 1,
        price: 990,
        store: sandboxStoreId(store),
      });
    }
    made.set(store.marketId, n);
  });
  return made;
}

async function countOrders(bench: OrdersBench, userId: string): Promise<{ stored: number; booked: number }> {
  const { db } = bench.app.database;
  const [stored] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const [booked] = await db
    .select({ n: count() })
    .from(orderLines)
    .where(and(eq(orderLines.userId, userId), ne(orderLines.books, 'pending')));
  return { stored: stored!.n, booked: booked!.n };
}

export async function measureBacklog(
  bench: OrdersBench,
  seller: Seller,
  total: number,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BacklogResult> {
  const made = fillSandbox(bench, seller, total);
  log(`backlog: ${total} orders waiting in the sandbox`);
  const since = Date.now();
  const started = performance.now();
  for (const s of seller.stores)
    await seller.api.call('PATCH', `/api/v1/markets/${encodeURIComponent(s.marketId)}/`, { order_intake: true });
  let storedAt: number | undefined;
  let bookedAt: number | undefined;
  let last = { stored: 0, booked: 0 };
  while (bookedAt === undefined) {
    if (performance.now() - started > timeoutMs)
      throw new Error(
        `backlog: ${last.stored} of ${total} orders stored, ${last.booked} booked after ${timeoutMs / 1000} s — is the order intake running?`,
      );
    last = await countOrders(bench, seller.userId);
    if (storedAt === undefined && last.stored >= total) storedAt = performance.now();
    if (last.booked >= total) bookedAt = performance.now();
    else await new Promise((r) => setTimeout(r, 100));
  }
  const stores: BacklogStore[] = seller.stores.map((s: SandboxStore) => {
    const mp = s.marketplace as SandboxMarketplace;
    const feed = feeds[mp];
    const n = made.get(s.marketId)!;
    return {
      marketplace: mp,
      orders: n,
      requestsNeeded: feed.requests(n),
      requestsMade: bench.sandbox.control.requests.filter(
        (r) => r.marketplace === mp && r.at >= since && feed.calls.test(r.path),
      ).length,
      floorSeconds: feed.requests(n) / feed.perSecond,
      how: feed.how,
    };
  });
  const floorSeconds = Math.max(...stores.map((s) => s.floorSeconds));
  const bookedSeconds = (bookedAt - started) / 1000;
  const firstRequest = Math.min(
    ...bench.sandbox.control.requests
      .filter((r) => r.at >= since && r.marketplace !== 'images' && feeds[r.marketplace].calls.test(r.path))
      .map((r) => r.at),
  );
  const fromFirstRequestSeconds = bookedSeconds - (firstRequest - since) / 1000;
  return {
    orders: total,
    storedSeconds: ((storedAt ?? bookedAt) - started) / 1000,
    bookedSeconds,
    floorSeconds,
    ratio: bookedSeconds / floorSeconds,
    fromFirstRequestSeconds,
    ratioFromFirstRequest: fromFirstRequestSeconds / floorSeconds,
    stores,
  };
}
