// no database: each assembly adapter against the sandbox marketplace, over real HTTP.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assemblyAdapterFor } from '../../../server/marketplaces/assembly.ts';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import {
  MarketplaceRefusedError,
  type AssemblyAdapter,
  type AssemblyOrder,
  type MarketplacePosting,
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

const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 6 };

const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550031', apiKey: 'ozon-assembly-key', name: 'Озон Сборка' },
  WILDBERRIES: { marketId: 'wb-asm', apiKey: 'wb-assembly-token', name: 'ВБ Сборка' },
  YM: { marketId: '41000031', apiKey: 'ym-assembly-key', name: 'Маркет Сборка' },
};

const marketplaces = ['OZON', 'WILDBERRIES', 'YM'] as const;

let sandbox: Sandbox;

const assembler = (mp: SandboxMarketplace, sb = sandbox, extra = {}): AssemblyAdapter =>
  assemblyAdapterFor(mp, { baseUrl: sb.url, retry, wildberriesPerMinute: 60_000, wildberriesBurst: 100, ...extra });

/** The existing status adapters read the feeds the intake reads. */
const feeds: Record<SandboxMarketplace, () => PostingStatusAdapter> = {
  OZON: () => new OzonAdapter({ baseUrl: sandbox.url, retry }),
  WILDBERRIES: () =>
    new WildberriesAdapter({
      baseUrl: sandbox.url,
      marketplaceUrl: sandbox.url,
      ordersRequestsPerMinute: 60_000,
      ordersBurst: 100,
      retry,
    }),
  YM: () => new YandexMarketAdapter({ baseUrl: sandbox.url, ordersRequestsPerHour: 3_600_000, retry }),
};

/** Where the feed puts an order once it is packed: WB's assembly hands its supply over, so it is on the way. */
const packedBucket = { OZON: 'awaiting_deliver', WILDBERRIES: 'delivering', YM: 'awaiting_deliver' } as const;
const packedStatus = { OZON: 'awaiting_deliver', WILDBERRIES: 'complete/waiting', YM: 'PROCESSING/READY_TO_SHIP' };

async function feedPosting(mp: SandboxMarketplace, postingNumber: string): Promise<MarketplacePosting | undefined> {
  for await (const page of feeds[mp]().listPostings(stores[mp]))
    for (const p of page) if (p.postingNumber === postingNumber) return p;
  return undefined;
}

/** A new order awaiting packaging, as Ostatok would hold it after the intake (line keys as the feeds make them). */
function newOrder(
  mp: SandboxMarketplace,
  quantity = 2,
  sb = sandbox,
): { view: SandboxPostingView; order: AssemblyOrder } {
  const storeId = mp === 'YM' ? stores.YM.marketId : stores[mp].marketId;
  const offerId = sb.postings(mp, storeId)[0]!.items[0]!.offerId;
  const view = sb.createOrder(mp, {
    offerId,
    quantity: mp === 'WILDBERRIES' ? 1 : quantity,
    price: 500,
    store: storeId,
  })[0]!;
  const order: AssemblyOrder = {
    postingNumber: view.postingNumber,
    lines: view.items.map((i, k) => ({
      lineKey:
        mp === 'OZON'
          ? i.externalProductId
          : mp === 'WILDBERRIES'
            ? view.postingNumber
            : String(Number(view.postingNumber) * 10 + k + 1),
      offerId: i.offerId,
      externalProductId: mp === 'YM' ? null : i.externalProductId,
      quantity: i.quantity,
    })),
    assembly: {},
  };
  return { view, order };
}

const viewOf = (mp: SandboxMarketplace, postingNumber: string, sb = sandbox) =>
  sb.postings(mp).find((p) => p.postingNumber === postingNumber)!;

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 30,
    postingsPerStore: 8,
    stockLimits: { wbPerMinute: 60_000, wbBurst: 100 },
    stores: marketplaces.map((marketplace) => ({ marketplace, ...stores[marketplace] })),
  });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.control.reset();
});

describe.each(marketplaces)('%s assembly', (mp) => {
  const store = stores[mp];

  it('packs an order awaiting packaging: the sandbox and its feed show it packed', async () => {
    const { view, order } = newOrder(mp);
    expect((await feedPosting(mp, view.postingNumber))?.bucket).toBe('awaiting_packaging');
    const kept = await assembler(mp).assemble(store, order);
    expect(viewOf(mp, view.postingNumber).status).toBe(packedStatus[mp]);
    expect((await feedPosting(mp, view.postingNumber))?.bucket).toBe(packedBucket[mp]);
    if (mp === 'WILDBERRIES') expect(kept.supplyId).toMatch(/^WB-GI-\d+$/);
    if (mp === 'YM') expect(kept.campaignId).toBe(Number(store.marketId));
  });

  it('answers the label as a PDF pdf-lib opens, naming the order', async () => {
    const { view, order } = newOrder(mp);
    const adapter = assembler(mp);
    const kept = await adapter.assemble(store, order);
    const bytes = await adapter.label(store, { ...order, assembly: kept });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    // The sandbox's OZON and YM labels name the order in their title; WB's sticker is a picture the adapter captions.
    if (mp !== 'WILDBERRIES') expect(pdf.getTitle()).toContain(view.postingNumber);
    else expect(pdf.getPage(0).getWidth()).toBeCloseTo((58 * 72) / 25.4, 0);
  });

  it('a repeated assemble resolves without a second effect', async () => {
    const { view, order } = newOrder(mp);
    const adapter = assembler(mp);
    const first = await adapter.assemble(store, order);
    const packed = viewOf(mp, view.postingNumber);
    sandbox.control.reset();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Both a retry that kept the first answer and one that lost it.
    await expect(adapter.assemble(store, { ...order, assembly: first })).resolves.toBeTypeOf('object');
    await expect(adapter.assemble(store, order)).resolves.toBeTypeOf('object');
    const again = viewOf(mp, view.postingNumber);
    expect(again.status).toBe(packed.status);
    expect(again.changedAt).toBe(packed.changedAt);
    const effects = sandbox.control.requests.filter(
      (r) =>
        r.status < 300 && /ship$|\/supplies$|\/orders$|deliver$|boxes$|\/status$/.test(r.path) && r.method !== 'GET',
    );
    // WB asks the task's status (POST …/orders/status), nothing more; OZON's ship is refused; YM only reads.
    expect(effects.filter((r) => !r.path.endsWith('/orders/status'))).toEqual([]);
  });

  it('refuses a cancelled order with a Russian message naming the reason', async () => {
    const { view, order } = newOrder(mp);
    const cancelled = {
      OZON: 'cancelled',
      WILDBERRIES: 'cancel/canceled_by_client',
      YM: 'CANCELLED/USER_CHANGED_MIND',
    };
    sandbox.setPostingStatus(mp, view.postingNumber, cancelled[mp]);
    const error = await assembler(mp)
      .assemble(store, order)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceRefusedError);
    const message = (error as Error).message;
    expect(message).toContain(store.name);
    expect(message).toMatch(/отмен[её]н/);
    expect(message).toContain(mp === 'OZON' ? 'POSTING_CANCELLED' : cancelled[mp]);
    expect(viewOf(mp, view.postingNumber).status).toBe(cancelled[mp]);
  });

  it('a label of an order not packed yet is refused in Russian', async () => {
    const { order } = newOrder(mp);
    const error = await assembler(mp)
      .label(store, order)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceRefusedError);
    expect((error as Error).message).toMatch(/собер|собран/);
  });
});

describe('refusals the marketplaces answer themselves', () => {
  it('OZON refuses packages that do not match the posting (INVALID_PRODUCTS), the posting stays to pack', async () => {
    const { view, order } = newOrder('OZON', 3);
    const wrong = { ...order, lines: order.lines.map((l) => ({ ...l, quantity: l.quantity - 1 })) };
    const error = await assembler('OZON')
      .assemble(stores.OZON, wrong)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceRefusedError);
    expect((error as Error).message).toMatch(/Состав сборки не совпадает.*INVALID_PRODUCTS/s);
    expect(viewOf('OZON', view.postingNumber).status).toBe('awaiting_packaging');
  });

  it('YM refuses an order not in processing (STATUS_NOT_ALLOWED)', async () => {
    const { view, order } = newOrder('YM');
    sandbox.setPostingStatus('YM', view.postingNumber, 'UNPAID/WAITING_USER_INPUT');
    const error = await assembler('YM')
      .assemble(stores.YM, order)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceRefusedError);
    expect((error as Error).message).toMatch(/не разрешает перевести заказ.*STATUS_NOT_ALLOWED/s);
  });

  it('WB: a try that dies after creating the supply is continued by the next into that supply, not a new one', async () => {
    const { view, order } = newOrder('WILDBERRIES');
    const remembered: Record<string, unknown>[] = [];
    const dying: AssemblyOrder = {
      ...order,
      remember: async (progress) => {
        remembered.push(progress);
        throw new Error('the instance died here');
      },
    };
    await expect(assembler('WILDBERRIES').assemble(stores.WILDBERRIES, dying)).rejects.toThrow('the instance died');
    expect(remembered).toHaveLength(1);
    expect(viewOf('WILDBERRIES', view.postingNumber).status).not.toBe(packedStatus.WILDBERRIES);
    const kept = await assembler('WILDBERRIES').assemble(stores.WILDBERRIES, { ...order, assembly: remembered[0]! });
    expect(kept.supplyId).toBe(remembered[0]!.supplyId);
    expect(viewOf('WILDBERRIES', view.postingNumber).status).toBe(packedStatus.WILDBERRIES);
  });

  it('WB refuses to add a cancelled task to a supply (409 FailedToAddSupplyOrder)', async () => {
    const { view } = newOrder('WILDBERRIES');
    sandbox.setPostingStatus('WILDBERRIES', view.postingNumber, 'cancel/canceled');
    const headers = { Authorization: stores.WILDBERRIES.apiKey, 'Content-Type': 'application/json' };
    const created = await fetch(`${sandbox.url}/api/v3/supplies`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Тест' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const added = await fetch(`${sandbox.url}/api/marketplace/v3/supplies/${id}/orders`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ orders: [Number(view.postingNumber)] }),
    });
    expect(added.status).toBe(409);
    expect(await added.json()).toMatchObject({ code: 'FailedToAddSupplyOrder' });
    const delivered = await fetch(`${sandbox.url}/api/v3/supplies/${id}/deliver`, { method: 'PATCH', headers });
    expect(delivered.status).toBe(409);
    expect(await delivered.json()).toMatchObject({ code: 'SupplyHasZeroOrders' });
  });
});

describe('limits', () => {
  // OZON's limit is per second of real time; WB's and YM's run on a shortened minute (an "hour" is 60 of them).
  let ozonTight: Sandbox;
  let tight: Sandbox;
  const MINUTE_MS = 400;
  beforeAll(async () => {
    const all = marketplaces.map((marketplace) => ({ marketplace, ...stores[marketplace] }));
    ozonTight = await startSandbox({
      offersPerStore: 10,
      postingsPerStore: 2,
      orderLimits: { ozonPerSecond: 2 },
      stores: all,
    });
    tight = await startSandbox({
      offersPerStore: 10,
      postingsPerStore: 2,
      orderLimits: { ymOrdersPerHour: 2 },
      stockLimits: { minuteMs: MINUTE_MS, wbPerMinute: 6, wbBurst: 2 },
      stores: all,
    });
  });
  afterAll(async () => {
    await ozonTight?.close();
    await tight?.close();
  });

  it('OZON paced under its 2 a second: three ships meet no refusal and take over a second', async () => {
    // A little under the limit: a pacer at exactly the limit may meet the sandbox's bucket a few ms early.
    const ozon = assemblyAdapterFor('OZON', { baseUrl: ozonTight.url, retry, ozonPerSecond: 1.5 });
    const started = Date.now();
    for (let n = 0; n < 3; n++) await ozon.assemble(stores.OZON, newOrder('OZON', 1, ozonTight).order);
    expect(ozonTight.rateRefusals()).toEqual({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(ozonTight.postings('OZON').filter((p) => p.status === 'awaiting_deliver').length).toBeGreaterThanOrEqual(3);
  });

  it('OZON: an adapter told a faster pace meets the limit answer (429), waits and still finishes', async () => {
    ozonTight.control.reset();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fast = assemblyAdapterFor('OZON', {
      baseUrl: ozonTight.url,
      retry: { ...retry, baseDelayMs: 200, maxDelayMs: 1000, maxAttempts: 10 },
    });
    const orders = [0, 1, 2, 3].map(() => newOrder('OZON', 1, ozonTight));
    await Promise.all(orders.map(({ order }) => fast.assemble(stores.OZON, order)));
    for (const { view } of orders)
      expect(viewOf('OZON', view.postingNumber, ozonTight).status).toBe('awaiting_deliver');
    expect(ozonTight.control.requests.some((r) => r.status === 429)).toBe(true);
  });

  it('WB paced at its category limit: three assemblies (12 calls) meet no refusal', async () => {
    const wb = assemblyAdapterFor('WILDBERRIES', {
      baseUrl: tight.url,
      retry,
      minuteMs: MINUTE_MS,
      wildberriesPerMinute: 6,
      wildberriesBurst: 2,
    });
    const started = Date.now();
    for (let n = 0; n < 3; n++) await wb.assemble(stores.WILDBERRIES, newOrder('WILDBERRIES', 1, tight).order);
    expect(tight.rateRefusals()).toEqual({});
    // 12 calls (status, supply, add, deliver each) at 6 per 400 ms after a burst of 2: at least 10 × 67 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('YM: once the hourly resource is spent, an adapter that may not wait that long says so in Russian', async () => {
    // ymOrdersPerHour 2 and an "hour" of 60 × 400 ms: the third getOrder would wait for the window (24 s).
    const ym = assemblyAdapterFor('YM', { baseUrl: tight.url, retry: { ...retry, maxRetryWaitMs: 1000 } });
    await ym.assemble(stores.YM, newOrder('YM', 1, tight).order);
    await ym.assemble(stores.YM, newOrder('YM', 1, tight).order);
    const error = await ym.assemble(stores.YM, newOrder('YM', 1, tight).order).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/лимит запросов исчерпан/);
    expect(tight.control.requests.filter((r) => r.status === 420)).toHaveLength(1);
  });
});
