// no database: each adapter's listReturns against the sandbox marketplace.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import { moscowTime, splitPeriod } from '../../../server/marketplaces/period.ts';
import {
  MarketplaceAuthError,
  MarketplaceUnavailableError,
  type MarketplaceReturn,
  type ReturnsAdapter,
  type ReturnsPeriod,
  type StoreCredentials,
} from '../../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../../server/marketplaces/yandex-market.ts';
import { businessIdOf, startSandbox, type Sandbox, type SandboxMarketplace } from '../../../server/sandbox/server.ts';

const RETURNS = 120;
const UNTIL = '2026-03-31';
/** The sandbox spreads returns over the 90 days up to UNTIL: this period holds every one. */
const ALL: ReturnsPeriod = { dateFrom: '2026-01-01', dateTo: UNTIL };
const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 6 };

const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550002', apiKey: 'ozon-returns-key', name: 'Озон Возвраты' },
  WILDBERRIES: { marketId: 'wb-ret', apiKey: 'wb-returns-token', name: 'ВБ Возвраты' },
  YM: { marketId: '41000002', apiKey: 'ym-returns-key', name: 'Маркет Возвраты' },
};
const prefixes: Record<SandboxMarketplace, string> = {
  OZON: `OZ${stores.OZON.marketId}`,
  WILDBERRIES: `WB${stores.WILDBERRIES.marketId}`,
  YM: `YM${businessIdOf(stores.YM.apiKey)}`,
};

let sandbox: Sandbox;

// Small pages where the API pages, and pacing fast enough for a test (the real limits are the defaults).
const adapters: Record<SandboxMarketplace, (r?: RetryOptions) => ReturnsAdapter> = {
  OZON: (r = retry) => new OzonAdapter({ baseUrl: sandbox.url, returnsPageSize: 25, retry: r }),
  WILDBERRIES: (r = retry) =>
    new WildberriesAdapter({
      baseUrl: sandbox.url,
      analyticsUrl: sandbox.url,
      requestsPerMinute: 60_000,
      burst: 100,
      returnsRequestsPerMinute: 60_000,
      returnsBurst: 100,
      retry: r,
    }),
  YM: (r = retry) =>
    new YandexMarketAdapter({ baseUrl: sandbox.url, returnsPageSize: 20, returnsRequestsPerHour: 3_600_000, retry: r }),
};

async function listAll(adapter: ReturnsAdapter, store: StoreCredentials, period: ReturnsPeriod = ALL) {
  const returns: MarketplaceReturn[] = [];
  const progress: number[] = [];
  let pages = 0;
  for await (const page of adapter.listReturns(store, period, (done) => progress.push(done))) {
    pages += 1;
    returns.push(...page);
  }
  return { returns, pages, progress };
}

const requestsTo = (mp: SandboxMarketplace, path: RegExp) =>
  sandbox.control.requests.filter((r) => r.marketplace === mp && path.test(r.path));
const returnsPath: Record<SandboxMarketplace, RegExp> = {
  OZON: /^\/v1\/returns\/list$/,
  WILDBERRIES: /^\/api\/v1\/analytics\/goods-return$/,
  YM: /^\/v2\/campaigns\/\d+\/returns$/,
};
const day = (r: MarketplaceReturn) => r.returnedAt.slice(0, 10);

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 200,
    returnsPerStore: RETURNS,
    returnsUntil: UNTIL,
    stores: (Object.entries(stores) as [SandboxMarketplace, StoreCredentials][]).map(([marketplace, s]) => ({
      marketplace,
      ...s,
    })),
  });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => sandbox.control.reset());

describe.each(['OZON', 'WILDBERRIES', 'YM'] as const)('%s listReturns against the sandbox', (mp) => {
  const store = stores[mp];

  it('lists every return of the period across pages, known and unknown articles alike', async () => {
    const { returns, pages, progress } = await listAll(adapters[mp](), store);
    const ids = returns.map((r) => r.externalId);
    expect(new Set(ids).size).toBe(ids.length);
    // YM: one entry per returned item, and some returns carry two.
    if (mp === 'YM') expect(returns.length).toBeGreaterThan(RETURNS);
    else expect(returns).toHaveLength(RETURNS);
    expect(pages).toBeGreaterThanOrEqual(mp === 'OZON' ? 5 : 3);
    expect(progress.at(-1)).toBe(returns.length);

    for (const r of returns) {
      expect(day(r) >= ALL.dateFrom && day(r) <= ALL.dateTo, r.returnedAt).toBe(true);
      expect(Number.isNaN(Date.parse(r.returnedAt))).toBe(false);
      expect(r.count).toBeGreaterThanOrEqual(1);
      expect(r.orderNumber).not.toBe('');
      expect(r.externalProductId).toMatch(/^\d+$/);
      expect(r.marketplaceStatus).toBeTruthy();
    }
    // Every 10th generated return names an article the catalog does not have.
    const known = returns.filter((r) => r.offerId.startsWith(`${prefixes[mp]}-`) && !r.offerId.includes('GONE'));
    const unknown = returns.filter((r) => !known.includes(r));
    expect(unknown.length).toBeGreaterThanOrEqual(RETURNS / 10);
    expect(known.length).toBeGreaterThan(RETURNS / 2);
    if (mp === 'WILDBERRIES') {
      // No card for the nmId: no article, but the name the report gives and the nmId stay.
      for (const r of unknown) expect(r).toMatchObject({ offerId: '', name: expect.stringMatching(/[а-яё]/i) });
      expect(returns.every((r) => r.count === 1)).toBe(true);
    } else {
      for (const r of unknown) expect(r.offerId).toMatch(/-GONE-\d+$/);
    }
    // YM's returns carry no names: they come from the cabinet's offers.
    for (const r of known) expect(r.name).toMatch(/арт\. \d+$/);
    if (mp === 'YM') for (const r of unknown) expect(r.name).toBe('');
    if (mp === 'OZON') expect(returns.every((r) => typeof r.price === 'number' && r.price > 0)).toBe(true);
  });

  it('asks only for the period and gets only its returns', async () => {
    const { returns: all } = await listAll(adapters[mp](), store);
    sandbox.control.reset();
    const february: ReturnsPeriod = { dateFrom: '2026-02-01', dateTo: '2026-02-28' };
    const { returns } = await listAll(adapters[mp](), store, february);
    const expected = all.filter((r) => day(r) >= february.dateFrom && day(r) <= february.dateTo);
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.map((r) => r.externalId).sort()).toEqual(expected.map((r) => r.externalId).sort());
  });

  it('survives injected rate-limit answers', async () => {
    const limitStatus = mp === 'YM' ? 420 : 429;
    sandbox.control.failNext(mp, 2);
    const { returns } = await listAll(adapters[mp](), store);
    expect(new Set(returns.map((r) => r.externalId)).size).toBe(returns.length);
    expect(returns.length).toBeGreaterThanOrEqual(RETURNS);
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
  });
});

describe('paging, chunking and pacing details', () => {
  it('OZON pages by last_id with one date filter, limit at most 500', async () => {
    const bodies: unknown[] = [];
    const spy: typeof fetch = async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    const { returns } = await listAll(
      new OzonAdapter({ baseUrl: sandbox.url, retry: { ...retry, fetch: spy } }),
      stores.OZON,
    );
    expect(returns).toHaveLength(RETURNS);
    // The default page is the API's maximum, so one request holds all 120.
    expect(bodies).toEqual([
      {
        filter: {
          logistic_return_date: { time_from: '2025-12-31T21:00:00.000Z', time_to: '2026-03-31T20:59:59.999Z' },
        },
        limit: 500,
        last_id: 0,
      },
    ]);
    sandbox.control.reset();
    await listAll(adapters.OZON(), stores.OZON);
    expect(requestsTo('OZON', returnsPath.OZON)).toHaveLength(Math.ceil(RETURNS / 25));
  });

  it('WB splits a period longer than 31 days into pieces the report accepts', async () => {
    expect(splitPeriod(ALL, 31)).toEqual([
      { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      { dateFrom: '2026-02-01', dateTo: '2026-03-03' },
      { dateFrom: '2026-03-04', dateTo: '2026-03-31' },
    ]);
    expect(splitPeriod({ dateFrom: '2026-03-01', dateTo: '2026-03-01' }, 31)).toEqual([
      { dateFrom: '2026-03-01', dateTo: '2026-03-01' },
    ]);
    expect(splitPeriod({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 31)).toEqual([]);
    // The spec's examples write report times without a zone: Moscow time.
    expect(moscowTime('2025-03-31T11:33:53')).toBe('2025-03-31T11:33:53+03:00');
    expect(moscowTime('2025-03-31T11:33:53Z')).toBe('2025-03-31T11:33:53Z');
    expect(moscowTime(null)).toBeUndefined();
    const { returns } = await listAll(adapters.WILDBERRIES(), stores.WILDBERRIES);
    expect(returns).toHaveLength(RETURNS);
    const reports = requestsTo('WILDBERRIES', returnsPath.WILDBERRIES);
    expect(reports.map((r) => r.status)).toEqual([200, 200, 200]);
    // Many nmIds: the articles come from one walk of the 200-card catalog (two full pages and the empty end).
    expect(requestsTo('WILDBERRIES', /cards\/list/)).toHaveLength(3);
  });

  it('WB looks a few nmIds up one by one (textSearch), each once', async () => {
    const bodies: { settings: { filter?: { textSearch?: string } } }[] = [];
    const spy: typeof fetch = async (input, init) => {
      if (String(input).includes('cards/list')) bodies.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    const adapter = new WildberriesAdapter({
      baseUrl: sandbox.url,
      analyticsUrl: sandbox.url,
      requestsPerMinute: 60_000,
      burst: 100,
      returnsRequestsPerMinute: 60_000,
      returnsBurst: 100,
      retry: { ...retry, fetch: spy },
    });
    const { returns } = await listAll(adapter, stores.WILDBERRIES, { dateFrom: '2026-03-30', dateTo: UNTIL });
    const nmIds = new Set(returns.map((r) => r.externalProductId));
    expect(nmIds.size).toBeGreaterThan(0);
    expect(nmIds.size).toBeLessThanOrEqual(5);
    expect(bodies.map((b) => b.settings.filter?.textSearch).sort()).toEqual([...nmIds].sort());
    for (const r of returns) if (r.offerId) expect(r.offerId).toMatch(/^WBwb-ret-\d{5}$/);
  });

  it('WB keeps one entry per return when the report lists its earlier status too', async () => {
    const res = await fetch(`${sandbox.url}/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31`, {
      headers: { Authorization: stores.WILDBERRIES.apiKey },
    });
    const rows = ((await res.json()) as { report: { srid: string; isStatusActive: number; status: string }[] }).report;
    const archived = rows.filter((r) => r.isStatusActive === 0);
    expect(archived.length).toBeGreaterThan(0);
    const { returns } = await listAll(adapters.WILDBERRIES(), stores.WILDBERRIES, {
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
    expect(returns).toHaveLength(new Set(rows.map((r) => r.srid)).size);
    for (const a of archived) {
      const active = rows.find((r) => r.srid === a.srid && r.isStatusActive === 1)!;
      expect(returns.find((r) => r.externalId === a.srid)!.marketplaceStatus).toBe(active.status);
    }
  });

  it('WB paces the report to its per-minute limit', async () => {
    // 2 per second with a burst of 1: three pieces take at least a second.
    const adapter = new WildberriesAdapter({
      baseUrl: sandbox.url,
      analyticsUrl: sandbox.url,
      requestsPerMinute: 60_000,
      burst: 100,
      returnsRequestsPerMinute: 120,
      returnsBurst: 1,
      retry,
    });
    const started = Date.now();
    await listAll(adapter, stores.WILDBERRIES);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('YM pages by page_token with fromDate/toDate, and a business id names its shops', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const adapter = new YandexMarketAdapter({
      baseUrl: sandbox.url,
      returnsPageSize: 50,
      retry: { ...retry, fetch: spy },
    });
    const byCampaign = await listAll(adapter, stores.YM);
    const returnsUrls = urls.filter((u) => u.includes('/returns'));
    expect(returnsUrls.length).toBeGreaterThanOrEqual(3);
    for (const u of returnsUrls) {
      const q = new URL(u).searchParams;
      expect(new URL(u).pathname).toBe(`/v2/campaigns/${stores.YM.marketId}/returns`);
      expect([q.get('fromDate'), q.get('toDate'), q.get('limit')]).toEqual([ALL.dateFrom, ALL.dateTo, '50']);
    }
    expect(new URL(returnsUrls[0]!).searchParams.has('page_token')).toBe(false);
    expect(new URL(returnsUrls[1]!).searchParams.get('page_token')).toBeTruthy();
    const byBusiness = await listAll(adapters.YM(), { ...stores.YM, marketId: String(businessIdOf(stores.YM.apiKey)) });
    expect(byBusiness.returns.map((r) => r.externalId).sort()).toEqual(
      byCampaign.returns.map((r) => r.externalId).sort(),
    );
  });
});
