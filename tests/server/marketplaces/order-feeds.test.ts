// no database: each adapter's listOrderChanges against the sandbox marketplaces over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import type {
  MarketplaceOrder,
  OrderFeedAdapter,
  OrderFeedQuery,
  StoreCredentials,
} from '../../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../../server/marketplaces/yandex-market.ts';
import {
  businessIdOf,
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
  type SandboxPostingView,
} from '../../../server/sandbox/server.ts';

const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 6 };
const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550021', apiKey: 'ozon-feed-key', name: 'Озон Лента' },
  WILDBERRIES: { marketId: 'wb-feed', apiKey: 'wb-feed-token', name: 'ВБ Лента' },
  YM: { marketId: '41000021', apiKey: 'ym-feed-key', name: 'Маркет Лента' },
};
/** A second shop of the same YM cabinet, fulfilled by Yandex: its orders must never come out. */
const FBY_CAMPAIGN = '41000022';

let sandbox: Sandbox;
// Small pages so every listing pages; pacing fast enough for a test (the real limits are the defaults).
const adapters: Record<SandboxMarketplace, () => OrderFeedAdapter> = {
  OZON: () => new OzonAdapter({ baseUrl: sandbox.url, postingsPageSize: 3, retry }),
  WILDBERRIES: () =>
    new WildberriesAdapter({
      baseUrl: sandbox.url,
      marketplaceUrl: sandbox.url,
      ordersPageSize: 4,
      ordersRequestsPerMinute: 60_000,
      ordersBurst: 100,
      retry,
    }),
  YM: () =>
    new YandexMarketAdapter({ baseUrl: sandbox.url, ordersPageSize: 3, ordersRequestsPerHour: 3_600_000, retry }),
};

async function read(adapter: OrderFeedAdapter, store: StoreCredentials, query: OrderFeedQuery) {
  const orders: MarketplaceOrder[] = [];
  const missing: string[] = [];
  for await (const page of adapter.listOrderChanges(store, query)) {
    orders.push(...page.orders);
    missing.push(...(page.missing ?? []));
  }
  return { orders, missing, numbers: orders.map((o) => o.postingNumber) };
}

/** The next whole second: YM serves update times to the second, so a cursor taken now could meet an earlier move. */
async function tick(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
  return new Date();
}

/** WB tasks still new other than `except`: /api/v3/orders/new lists them on every call. */
const newTasks = (except: string[]) =>
  sandbox
    .postings('WILDBERRIES', stores.WILDBERRIES.marketId)
    .filter((p) => p.status === 'new/waiting' && !except.includes(p.postingNumber))
    .map((p) => p.postingNumber);

const offerOf = (mp: SandboxMarketplace, n: number, store = stores[mp].marketId) =>
  sandbox.postings(mp, store)[n]!.items[0]!.offerId;

/** The marketplace's own words for each step of an order's life, and for the two kinds of cancellation. */
const words: Record<
  SandboxMarketplace,
  { packed: string; handedOver: string; delivered: string; cancelBefore: string; cancelAfter: string }
> = {
  OZON: {
    packed: 'awaiting_deliver',
    handedOver: 'delivering',
    delivered: 'delivered',
    cancelBefore: 'cancelled',
    cancelAfter: 'cancelled',
  },
  WILDBERRIES: {
    packed: 'confirm/waiting',
    handedOver: 'complete/sorted',
    delivered: 'complete/sold',
    cancelBefore: 'cancel/canceled',
    cancelAfter: 'complete/canceled_by_client',
  },
  YM: {
    packed: 'PROCESSING/READY_TO_SHIP',
    handedOver: 'DELIVERY/DELIVERY_SERVICE_RECEIVED',
    delivered: 'DELIVERED/DELIVERY_SERVICE_DELIVERED',
    cancelBefore: 'CANCELLED/USER_CHANGED_MIND',
    cancelAfter: 'CANCELLED/DELIVERY_SERVICE_UNDELIVERED',
  },
};
/** WB's confirm («на сборке») is still on the shelf: the books' awaiting packaging. */
const packedStage = { OZON: 'awaiting_deliver', WILDBERRIES: 'awaiting_packaging', YM: 'awaiting_deliver' } as const;

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 60,
    postingsPerStore: 24,
    stockLimits: { wbPerMinute: 60_000, wbBurst: 100 },
    stores: [
      ...(Object.entries(stores) as [SandboxMarketplace, StoreCredentials][]).map(([marketplace, s]) => ({
        marketplace,
        ...s,
      })),
      { marketplace: 'YM', marketId: FBY_CAMPAIGN, apiKey: stores.YM.apiKey, name: 'Маркет FBY', placementType: 'FBY' },
    ],
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe.each(['OZON', 'WILDBERRIES', 'YM'] as const)('%s listOrderChanges', (mp) => {
  const store = stores[mp];
  const adapter = () => adapters[mp]();

  it('reads a new order, follows it through its stages from later cursors, and re-lists nothing unchanged', async () => {
    const feed = adapter();
    const t0 = await tick();
    const created = sandbox.createOrder(mp, { offerId: offerOf(mp, 0), quantity: 2, price: 345.5 });
    const numbers = created.map((p) => p.postingNumber);
    expect(created).toHaveLength(mp === 'WILDBERRIES' ? 2 : 1);

    const first = await read(feed, store, { since: t0, open: [] });
    // Only what changed since t0 (the generated orders moved an hour ago); WB adds every task still new
    // (/api/v3/orders/new), which the books follow anyway.
    const stillNew = mp === 'WILDBERRIES' ? newTasks(numbers) : [];
    const mine = (r: { orders: MarketplaceOrder[] }) => r.orders.filter((o) => numbers.includes(o.postingNumber));
    expect(first.numbers.sort()).toEqual([...numbers, ...stillNew].sort());
    for (const order of mine(first)) {
      expect(order.stage).toBe('awaiting_packaging');
      expect(order.items).toHaveLength(1);
      const line = order.items[0]!;
      expect(line).toMatchObject({ offerId: offerOf(mp, 0), quantity: mp === 'WILDBERRIES' ? 1 : 2, price: 345.5 });
      const view = created.find((p) => p.postingNumber === order.postingNumber)!;
      const expectedKey = { OZON: view.items[0]!.externalProductId, WILDBERRIES: view.postingNumber, YM: undefined }[
        mp
      ];
      if (expectedKey) expect(line.lineKey).toBe(expectedKey);
      expect(Date.parse(order.changedAt)).toBeGreaterThanOrEqual(t0.getTime() - 1000);
    }

    const t1 = await tick();
    for (const n of numbers) sandbox.setPostingStatus(mp, n, words[mp].packed);
    const second = await read(feed, store, { since: t1, open: numbers });
    expect(second.numbers.sort()).toEqual([...numbers, ...stillNew].sort());
    expect(mine(second).map((o) => o.stage)).toEqual(numbers.map(() => packedStage[mp]));

    const t2 = await tick();
    for (const n of numbers) sandbox.setPostingStatus(mp, n, words[mp].handedOver);
    const third = await read(feed, store, { since: t2, open: numbers });
    expect(mine(third).map((o) => o.stage)).toEqual(numbers.map(() => 'delivering'));
    expect(third.missing).toEqual([]);

    // Nothing changed since t3: OZON and YM list nothing; WB, which has no change times, answers the open ones
    // by status and nothing else.
    const t3 = await tick();
    expect((await read(feed, store, { since: t3, open: [] })).numbers.sort()).toEqual(
      mp === 'WILDBERRIES' ? newTasks([]).sort() : [],
    );
    const again = await read(feed, store, { since: t3, open: numbers });
    expect(again.numbers.sort()).toEqual(mp === 'WILDBERRIES' ? [...numbers, ...newTasks(numbers)].sort() : []);

    const t4 = await tick();
    for (const n of numbers) sandbox.setPostingStatus(mp, n, words[mp].delivered);
    const last = await read(feed, store, { since: t4, open: [] });
    const ours = (r: typeof last) => mine(r).map((o) => o.stage);
    expect(ours(last)).toEqual(mp === 'WILDBERRIES' ? [] : ['delivered']);
    if (mp === 'WILDBERRIES') {
      // Handed over, the books no longer follow them; asked by id they read delivered.
      const byId = await read(feed, store, { since: t4, open: numbers });
      expect(ours(byId)).toEqual(['delivered', 'delivered']);
    }
  });

  it('tells a cancellation before the handover from one after it', async () => {
    const feed = adapter();
    const t0 = await tick();
    const [before] = sandbox.createOrder(mp, { offerId: offerOf(mp, 1), quantity: 1, price: 100 });
    const [after] = sandbox.createOrder(mp, { offerId: offerOf(mp, 2), quantity: 1, price: 200 });
    sandbox.setPostingStatus(mp, after!.postingNumber, words[mp].packed);
    sandbox.setPostingStatus(mp, after!.postingNumber, words[mp].handedOver);
    const t1 = await tick();
    sandbox.setPostingStatus(mp, before!.postingNumber, words[mp].cancelBefore);
    sandbox.setPostingStatus(mp, after!.postingNumber, words[mp].cancelAfter);
    const open = [before!.postingNumber, after!.postingNumber];
    const { orders } = await read(feed, store, { since: t1, open });
    const of = (n: string) => orders.find((o) => o.postingNumber === n);
    expect(of(before!.postingNumber)).toMatchObject({ stage: 'cancelled', cancelledAfterHandover: false });
    expect(of(after!.postingNumber)).toMatchObject({ stage: 'cancelled', cancelledAfterHandover: true });
    expect(t0.getTime()).toBeLessThan(t1.getTime());
  });

  it('reports an open posting the marketplace no longer knows as missing, and only that one', async () => {
    const feed = adapter();
    const [kept] = sandbox.createOrder(mp, { offerId: offerOf(mp, 3), quantity: 1, price: 150 });
    const [gone] = sandbox.createOrder(mp, { offerId: offerOf(mp, 4), quantity: 1, price: 150 });
    await read(feed, store, { since: new Date(Date.now() - 60_000), open: [] });
    sandbox.vanishPosting(mp, gone!.postingNumber);
    const t1 = await tick();
    const { orders, missing } = await read(feed, store, {
      since: t1,
      open: [kept!.postingNumber, gone!.postingNumber],
    });
    expect(missing).toEqual([gone!.postingNumber]);
    expect(orders.map((o) => o.postingNumber)).not.toContain(gone!.postingNumber);
  });
});

describe('Wildberries specifics', () => {
  it('catches a task that went new → confirm within one interval, and reads open tasks after a restart', async () => {
    const t0 = await tick();
    const [task] = sandbox.createOrder('WILDBERRIES', { offerId: offerOf('WILDBERRIES', 5), quantity: 1, price: 99 });
    sandbox.setPostingStatus('WILDBERRIES', task!.postingNumber, 'confirm/waiting');
    const first = await read(adapters.WILDBERRIES(), stores.WILDBERRIES, { since: t0, open: [] });
    expect(first.orders.filter((o) => !newTasks([]).includes(o.postingNumber))).toMatchObject([
      { postingNumber: task!.postingNumber, status: 'confirm/waiting', stage: 'awaiting_packaging' },
    ]);
    // A new adapter knows no task details: an open task is found by walking the listing back.
    const generated = sandbox
      .postings('WILDBERRIES', stores.WILDBERRIES.marketId)
      .find((p) => p.status === 'complete/sorted')!;
    const fresh = await read(adapters.WILDBERRIES(), stores.WILDBERRIES, {
      since: await tick(),
      open: [generated.postingNumber],
    });
    expect(fresh.orders.filter((o) => !newTasks([]).includes(o.postingNumber))).toEqual([
      expect.objectContaining({
        postingNumber: generated.postingNumber,
        stage: 'delivering',
        orderedAt: expect.any(String),
        items: [expect.objectContaining({ lineKey: generated.postingNumber, offerId: generated.items[0]!.offerId })],
      }),
    ]);
  });
});

describe('OZON and YM specifics', () => {
  it('checks at most the configured number of open postings one by one per call, going round', async () => {
    const feed = new OzonAdapter({ baseUrl: sandbox.url, openChecksPerCall: 2, retry });
    const open = sandbox
      .postings('OZON', stores.OZON.marketId)
      .slice(0, 5)
      .map((p: SandboxPostingView) => p.postingNumber);
    sandbox.control.reset();
    await read(feed, stores.OZON, { since: await tick(), open });
    await read(feed, stores.OZON, { since: new Date(), open });
    await read(feed, stores.OZON, { since: new Date(), open });
    const gets = sandbox.control.requests.filter((r) => r.path === '/v3/posting/fbs/get');
    expect(gets).toHaveLength(6);
  });

  it('never lists an FBY order, even for a store that names the whole cabinet', async () => {
    const t0 = await tick();
    const [fbs] = sandbox.createOrder('YM', { offerId: offerOf('YM', 0), quantity: 1, price: 500 });
    const [fby] = sandbox.createOrder('YM', {
      offerId: offerOf('YM', 0, FBY_CAMPAIGN),
      quantity: 1,
      price: 500,
      store: FBY_CAMPAIGN,
    });
    const cabinet = { ...stores.YM, marketId: String(businessIdOf(stores.YM.apiKey)) };
    const { numbers, missing } = await read(adapters.YM(), cabinet, { since: t0, open: [] });
    expect(numbers).toContain(fbs!.postingNumber);
    expect(numbers).not.toContain(fby!.postingNumber);
    expect(missing).toEqual([]);
  });
});
