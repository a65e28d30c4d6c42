// no database: each adapter's listPostings against the sandbox marketplace.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import {
  MarketplaceAuthError,
  MarketplaceUnavailableError,
  type MarketplacePosting,
  type PostingBucket,
  type PostingStatusAdapter,
  type StoreCredentials,
} from '../../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../../server/marketplaces/yandex-market.ts';
import {
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
  type SandboxPostingView,
} from '../../../server/sandbox/server.ts';

const POSTINGS = 48;
const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 6 };

const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550003', apiKey: 'ozon-postings-key', name: 'Озон Заказы' },
  WILDBERRIES: { marketId: 'wb-post', apiKey: 'wb-postings-token', name: 'ВБ Заказы' },
  YM: { marketId: '41000003', apiKey: 'ym-postings-key', name: 'Маркет Заказы' },
};

/**
 * The buckets by the reference's tables (marketplace-apis.md §1–3), written out here, not imported from the adapters.
 */
function expectedBucket(mp: SandboxMarketplace, status: string): PostingBucket | undefined {
  const table: Record<SandboxMarketplace, Record<string, PostingBucket>> = {
    OZON: {
      awaiting_packaging: 'awaiting_packaging',
      awaiting_deliver: 'awaiting_deliver',
      delivering: 'delivering',
      driver_pickup: 'delivering',
      sent_by_seller: 'delivering',
    },
    WILDBERRIES: {
      'new/waiting': 'awaiting_packaging',
      'confirm/waiting': 'awaiting_deliver',
      'complete/waiting': 'delivering',
      'complete/sorted': 'delivering',
      'complete/ready_for_pickup': 'delivering',
    },
    YM: {
      'PROCESSING/STARTED': 'awaiting_packaging',
      'PROCESSING/READY_TO_SHIP': 'awaiting_deliver',
      'PROCESSING/SHIPPED': 'delivering',
      'DELIVERY/DELIVERY_SERVICE_RECEIVED': 'delivering',
      'PICKUP/PICKUP_SERVICE_RECEIVED': 'delivering',
    },
  };
  return table[mp][status];
}

/** One order's life in each marketplace's words: to pack → to ship → on the way → delivered. */
const lifecycle: Record<SandboxMarketplace, [string, string, string, string]> = {
  OZON: ['awaiting_packaging', 'awaiting_deliver', 'delivering', 'delivered'],
  WILDBERRIES: ['new/waiting', 'confirm/waiting', 'complete/sorted', 'complete/sold'],
  YM: [
    'PROCESSING/STARTED',
    'PROCESSING/READY_TO_SHIP',
    'DELIVERY/DELIVERY_SERVICE_RECEIVED',
    'DELIVERED/DELIVERY_SERVICE_DELIVERED',
  ],
};

const listPaths: Record<SandboxMarketplace, RegExp> = {
  OZON: /^\/v3\/posting\/fbs\/list$/,
  WILDBERRIES: /^\/api\/v3\/orders$/,
  YM: /^\/v1\/businesses\/\d+\/orders$/,
};

let sandbox: Sandbox;

// Small pages so every listing pages, and pacing fast enough for a test (the real limits are the defaults).
const adapters: Record<
  SandboxMarketplace,
  (r?: RetryOptions, extra?: { lookbackDays?: number }) => PostingStatusAdapter
> = {
  OZON: (r = retry) => new OzonAdapter({ baseUrl: sandbox.url, postingsPageSize: 3, retry: r }),
  WILDBERRIES: (r = retry, extra = {}) =>
    new WildberriesAdapter({
      baseUrl: sandbox.url,
      marketplaceUrl: sandbox.url,
      ordersPageSize: 4,
      ordersRequestsPerMinute: 60_000,
      ordersBurst: 100,
      ordersLookbackDays: extra.lookbackDays,
      retry: r,
    }),
  YM: (r = retry, extra = {}) =>
    new YandexMarketAdapter({
      baseUrl: sandbox.url,
      ordersPageSize: 3,
      ordersRequestsPerHour: 3_600_000,
      ordersLookbackDays: extra.lookbackDays,
      retry: r,
    }),
};

async function listAll(adapter: PostingStatusAdapter, store: StoreCredentials) {
  const postings: MarketplacePosting[] = [];
  const progress: number[] = [];
  let pages = 0;
  for await (const page of adapter.listPostings(store, (done) => progress.push(done))) {
    pages += 1;
    postings.push(...page);
  }
  return { postings, pages, progress };
}

const requestsTo = (mp: SandboxMarketplace, path: RegExp) =>
  sandbox.control.requests.filter((r) => r.marketplace === mp && path.test(r.path));

/** What the adapter should yield for a sandbox posting (YM orders carry no marketSku). */
function expectedPosting(mp: SandboxMarketplace, p: SandboxPostingView): MarketplacePosting {
  return {
    postingNumber: p.postingNumber,
    bucket: expectedBucket(mp, p.status)!,
    items: p.items.map((i) => ({
      offerId: i.offerId,
      externalProductId: mp === 'YM' ? undefined : i.externalProductId,
      quantity: i.quantity,
      price: i.price,
    })),
  };
}

const byNumber = (a: { postingNumber: string }, b: { postingNumber: string }) =>
  a.postingNumber.localeCompare(b.postingNumber);

async function control(mp: string, postingNumber: string, body: unknown) {
  const res = await fetch(`${sandbox.url}/__sandbox/postings/${mp}/${encodeURIComponent(postingNumber)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 120,
    postingsPerStore: POSTINGS,
    // The WB marketplace category at the pace the adapter is given above; the orders count against it.
    stockLimits: { wbPerMinute: 60_000, wbBurst: 100 },
    stores: (Object.entries(stores) as [SandboxMarketplace, StoreCredentials][]).map(([marketplace, s]) => ({
      marketplace,
      ...s,
    })),
  });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.control.reset();
});

describe.each(['OZON', 'WILDBERRIES', 'YM'] as const)('%s listPostings', (mp) => {
  const store = stores[mp];

  it('puts every posting of a relevant status in its bucket and leaves the rest out', async () => {
    const { postings, pages, progress } = await listAll(adapters[mp](), store);
    const all = sandbox.postings(mp, store.marketId);
    expect(all).toHaveLength(POSTINGS);
    const relevant = all.filter((p) => expectedBucket(mp, p.status) !== undefined);
    const left = all.filter((p) => expectedBucket(mp, p.status) === undefined);
    // The sandbox has every kind: all three buckets, and statuses to leave out (delivered, cancelled, …).
    expect(new Set(relevant.map((p) => expectedBucket(mp, p.status)))).toEqual(
      new Set(['awaiting_packaging', 'awaiting_deliver', 'delivering']),
    );
    expect(left.length).toBeGreaterThan(0);

    expect([...postings].sort(byNumber)).toEqual(relevant.map((p) => expectedPosting(mp, p)).sort(byNumber));
    expect(new Set(postings.map((p) => p.postingNumber)).size).toBe(postings.length);
    expect(pages).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(postings.length);
    // Paging: several list requests (small pages), and a WB status call per page.
    expect(requestsTo(mp, listPaths[mp]).length).toBeGreaterThan(3);
    if (mp === 'WILDBERRIES') expect(requestsTo(mp, /^\/api\/v3\/orders\/status$/).length).toBeGreaterThan(3);
  });

  it('shows a status moved in the sandbox in the next listing', async () => {
    const [toPack, toShip, onTheWay, delivered] = lifecycle[mp];
    const posting = sandbox.postings(mp, store.marketId).find((p) => p.status === toPack)!;
    const bucketOf = async () =>
      (await listAll(adapters[mp](), store)).postings.find((p) => p.postingNumber === posting.postingNumber)?.bucket;
    try {
      expect(await bucketOf()).toBe('awaiting_packaging');
      expect(sandbox.setPostingStatus(mp, posting.postingNumber, toShip).status).toBe(toShip);
      expect(await bucketOf()).toBe('awaiting_deliver');
      // The same through the HTTP control endpoint another process (e2e) would use.
      const moved = await control(mp.toLowerCase(), posting.postingNumber, { status: onTheWay });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ postingNumber: posting.postingNumber, status: onTheWay });
      expect(await bucketOf()).toBe('delivering');
      sandbox.setPostingStatus(mp, posting.postingNumber, delivered);
      expect(await bucketOf()).toBeUndefined();
    } finally {
      sandbox.setPostingStatus(mp, posting.postingNumber, toPack);
    }
  });

  it('survives injected rate-limit answers', async () => {
    const limitStatus = mp === 'YM' ? 420 : 429;
    sandbox.control.failNext(mp, 2);
    const { postings } = await listAll(adapters[mp](), store);
    expect(postings.length).toBe(
      sandbox.postings(mp, store.marketId).filter((p) => expectedBucket(mp, p.status)).length,
    );
    const statuses = sandbox.control.requests.filter((r) => r.marketplace === mp).map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([limitStatus, limitStatus, 200]);
  });

  it('reports a refused key naming the store, without retrying', async () => {
    const error = await listAll(adapters[mp](), { ...store, apiKey: 'not-a-key' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceAuthError);
    expect((error as Error).message).toContain(`Магазин «${store.name}»`);
    expect(sandbox.control.requests.filter((r) => r.marketplace === mp)).toHaveLength(1);
  });

  it('gives up after a bounded number of attempts', async () => {
    sandbox.control.failNext(mp, 100, { status: 503 });
    const error = await listAll(adapters[mp]({ ...retry, maxAttempts: 3 }), store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceUnavailableError);
    expect(sandbox.control.requests.filter((r) => r.marketplace === mp)).toHaveLength(3);
    sandbox.control.reset();
  });
});

describe('windows and the control API', () => {
  it('OZON asks per status within a period under a year, paging by offset', async () => {
    const seen: unknown[] = [];
    const adapter = new OzonAdapter({
      baseUrl: sandbox.url,
      postingsPageSize: 2,
      retry: {
        ...retry,
        fetch: (async (url: string, init: RequestInit) => {
          seen.push(JSON.parse(String(init.body)));
          return fetch(url, init);
        }) as typeof fetch,
      },
    });
    await listAll(adapter, stores.OZON);
    const bodies = seen as { filter: { since: string; to: string; status: string }; limit: number; offset: number }[];
    expect(new Set(bodies.map((b) => b.filter.status))).toEqual(
      new Set(['awaiting_packaging', 'awaiting_deliver', 'delivering', 'driver_pickup', 'sent_by_seller']),
    );
    for (const b of bodies) {
      expect(b.limit).toBe(2);
      expect(Date.parse(b.filter.to) - Date.parse(b.filter.since)).toBeLessThan(365 * 86_400_000);
    }
    const packaging = bodies.filter((b) => b.filter.status === 'awaiting_packaging').map((b) => b.offset);
    expect(packaging.slice(0, 3)).toEqual([0, 2, 4]);
  });

  it.each(['WILDBERRIES', 'YM'] as const)(
    '%s walks back in 30-day windows: a 30-day lookback misses the older orders',
    async (mp) => {
      const full = (await listAll(adapters[mp](), stores[mp])).postings;
      const windows = requestsTo(mp, listPaths[mp]).length;
      sandbox.control.reset();
      const recent = (await listAll(adapters[mp](retry, { lookbackDays: 30 }), stores[mp])).postings;
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(full.length);
      expect(requestsTo(mp, listPaths[mp]).length).toBeLessThan(windows);
      expect(new Set(full.map((p) => p.postingNumber))).toEqual(
        new Set([...full, ...recent].map((p) => p.postingNumber)),
      );
    },
  );

  it('the HTTP control endpoint lists postings and refuses unknown postings and statuses', async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/postings/OZON?store=${stores.OZON.marketId}`);
    expect(res.status).toBe(200);
    const { postings } = (await res.json()) as { postings: SandboxPostingView[] };
    expect(postings).toEqual(sandbox.postings('OZON', stores.OZON.marketId));
    const posting = postings[0]!;
    expect((await control('OZON', posting.postingNumber, { status: 'lost_in_space' })).status).toBe(400);
    expect((await control('OZON', 'no-such-posting', { status: 'delivered' })).status).toBe(404);
    expect((await control('WILDBERRIES', posting.postingNumber, { status: 'complete/sold' })).status).toBe(404);
    expect((await control('YM', 'x', {})).status).toBe(400);
    expect(() => sandbox.setPostingStatus('WILDBERRIES', 'nope', 'new/waiting')).toThrow(RangeError);
    // None of this counts as marketplace traffic.
    expect(sandbox.control.requests).toHaveLength(0);
    expect(sandbox.postings('OZON', stores.OZON.marketId)[0]!.status).toBe(posting.status);
  });
});
