import { inArray } from 'drizzle-orm';
import { reserves } from '../../../server/db/schema/index.ts';
import type { SandboxMarketplace, SandboxStore } from '../../../server/sandbox/server.ts';
import { sandboxStoreId, type OrdersBench, type Seller } from './orders-setup.ts';

/**
 * Order → other marketplaces' stock, one order at a time as a buyer makes it: POST /__sandbox/postings/{marketplace}
 * on one store, then watching the other two stores' stock for that product in the sandbox (what the marketplace
 * holds, as its stock read would answer) until it shows one unit less. The moment the order's reserve appeared in
 * Ostatok splits it in two: order → intake and intake → stock. Each order takes a product no other order of the run
 * touched, so a quantity seen is that order's.
 */

export interface Sample {
  seller: number;
  marketplace: SandboxMarketplace;
  postingNumber: string;
  productId: string;
  /** Bench clock (ms since the epoch), the sandbox answered the order's creation. */
  orderedAt: number;
  /** The reserve's created_at (the server's clock: the same process). */
  intakeAt?: number;
  /** Per other store (marketId): the quantity it must show at most, and when it first did. */
  others: Map<string, OtherStore>;
}

export interface OtherStore {
  store: SandboxStore;
  offerId: string;
  expected: number;
  seenAt?: number;
}

export interface RateResult {
  perMinute: number;
  stores: number;
  seconds: number;
  orders: number;
  /** Orders whose stock reached both other stores before the drain gave up. */
  complete: number;
  totalMs: Percentiles;
  intakeMs: Percentiles;
  pushMs: Percentiles;
}

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles; NaN for no values. */
export function percentiles(values: number[]): Percentiles {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!);
  return { p50: at(0.5), p95: at(0.95), max: s.length ? s[s.length - 1]! : Number.NaN };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Hands out products no order of this bench took yet, round the sellers' catalogs. */
export class ProductPool {
  private readonly next = new Map<number, number>();
  take(seller: Seller, sellerIndex: number): Seller['products'][number] {
    const i = this.next.get(sellerIndex) ?? 0;
    if (i >= seller.products.length)
      throw new Error(`seller ${sellerIndex + 1} ran out of fresh products: raise BENCH_ORDERS_OFFERS`);
    this.next.set(sellerIndex, i + 1);
    return seller.products[i]!;
  }
}

/** The stock each store holds in the sandbox, by offer. */
function stockOf(bench: OrdersBench, store: SandboxStore): Map<string, number> {
  return new Map(
    bench.sandbox
      .stocks(store.marketplace as SandboxMarketplace, sandboxStoreId(store))
      .map((s) => [s.offerId, s.amount]),
  );
}

async function createOrder(bench: OrdersBench, store: SandboxStore, offerId: string): Promise<string> {
  const res = await fetch(`${bench.sandbox.url}/__sandbox/postings/${store.marketplace}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offer_id: offerId, quantity: 1, price: 990, store: sandboxStoreId(store) }),
  });
  if (res.status !== 201) throw new Error(`sandbox order on ${store.marketplace}: ${res.status} ${await res.text()}`);
  const { postings } = (await res.json()) as { postings: Array<{ postingNumber: string }> };
  return postings[0]!.postingNumber;
}

/** Watches intake and stock for the samples still open, every `pollMs`, until stop() or none is left open. */
class Watcher {
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly bench: OrdersBench,
    private readonly samples: Sample[],
    pollMs = 100,
  ) {
    this.done = this.loop(pollMs);
  }

  stop(): void {
    this.stopped = true;
  }

  private async loop(pollMs: number): Promise<void> {
    while (!this.stopped) {
      await this.check();
      await sleep(pollMs);
    }
  }

  private async check(): Promise<void> {
    const now = Date.now();
    const waiting = this.samples.filter((s) => s.intakeAt === undefined);
    if (waiting.length > 0) {
      const rows = await this.bench.app.database.db
        .select({ postingNumber: reserves.postingNumber, createdAt: reserves.createdAt })
        .from(reserves)
        .where(
          inArray(
            reserves.postingNumber,
            waiting.map((s) => s.postingNumber),
          ),
        );
      const at = new Map(rows.map((r) => [r.postingNumber, r.createdAt.getTime()]));
      for (const s of waiting) s.intakeAt = at.get(s.postingNumber);
    }
    const stocks = new Map<string, Map<string, number>>();
    for (const s of this.samples)
      for (const [marketId, other] of s.others) {
        if (other.seenAt !== undefined) continue;
        if (!stocks.has(marketId)) stocks.set(marketId, stockOf(this.bench, other.store));
        const amount = stocks.get(marketId)!.get(other.offerId);
        if (amount !== undefined && amount <= other.expected) other.seenAt = now;
      }
  }
}

export const complete = (s: Sample) => [...s.others.values()].every((o) => o.seenAt !== undefined);

export interface RatePlan {
  sellers: number[];
  perMinute: number;
  seconds: number;
  drainMs: number;
  /**
   * Without the order intake: the bench itself makes each order's reserve through the API the moment the sandbox
   * answered (what the intake would write), so only intake → stock is measured. Marked as such in the output.
   */
  standIn?: boolean;
}

/**
 * `perMinute` orders a minute on each store of `sellers` for `seconds`, the stores' orders spread evenly over each
 * period; then waits up to `drainMs` for the last ones to arrive.
 */
export async function measureRate(
  bench: OrdersBench,
  pool: ProductPool,
  { sellers, perMinute, seconds, drainMs, standIn = false }: RatePlan,
): Promise<{ result: RateResult; samples: Sample[] }> {
  const stores = sellers.flatMap((k) => bench.sellers[k]!.stores.map((store) => ({ k, store })));
  const periodMs = 60_000 / perMinute;
  const perStore = Math.max(1, Math.round((seconds * perMinute) / 60));
  const events = stores
    .flatMap(({ k, store }, j) =>
      Array.from({ length: perStore }, (_, i) => ({ k, store, at: (j / stores.length) * periodMs + i * periodMs })),
    )
    .sort((a, b) => a.at - b.at);

  const samples: Sample[] = [];
  const watcher = new Watcher(bench, samples);
  const start = Date.now();
  const creating: Promise<void>[] = [];
  for (const e of events) {
    await sleep(start + e.at - Date.now());
    const seller = bench.sellers[e.k]!;
    const product = pool.take(seller, e.k);
    const others = new Map<string, OtherStore>();
    for (const store of seller.stores) {
      if (store === e.store) continue;
      const offerId = product.offers.get(store.marketId)!;
      const now = stockOf(bench, store).get(offerId);
      if (now === undefined)
        throw new Error(`${store.marketplace} holds no stock of ${offerId}: the first push failed`);
      others.set(store.marketId, { store, offerId, expected: now - 1 });
    }
    creating.push(
      createOrder(bench, e.store, product.offers.get(e.store.marketId)!).then(async (postingNumber) => {
        const sample: Sample = {
          seller: e.k,
          marketplace: e.store.marketplace as SandboxMarketplace,
          postingNumber,
          productId: product.productId,
          orderedAt: Date.now(),
          others,
        };
        if (standIn) {
          await seller.api.call('POST', '/api/v1/reserve/', { product: product.productId, count: 1, price: 990 });
          sample.intakeAt = Date.now();
        }
        samples.push(sample);
      }),
    );
  }
  await Promise.all(creating);
  const drainUntil = Date.now() + drainMs;
  while (Date.now() < drainUntil && !samples.every(complete)) await sleep(200);
  watcher.stop();
  await watcher.done;

  const done = samples.filter(complete);
  const seenAt = (s: Sample) => Math.max(...[...s.others.values()].map((o) => o.seenAt!));
  const withIntake = done.filter((s) => s.intakeAt !== undefined);
  return {
    samples,
    result: {
      perMinute,
      stores: stores.length,
      seconds,
      orders: samples.length,
      complete: done.length,
      totalMs: percentiles(done.map((s) => seenAt(s) - s.orderedAt)),
      intakeMs: percentiles(withIntake.map((s) => s.intakeAt! - s.orderedAt)),
      pushMs: percentiles(withIntake.map((s) => seenAt(s) - s.intakeAt!)),
    },
  };
}
