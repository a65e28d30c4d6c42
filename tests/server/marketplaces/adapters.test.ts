// no database: each catalog adapter against the sandbox marketplace.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { RatePacer } from '../../../server/marketplaces/pacing.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import {
  MarketplaceAuthError,
  MarketplaceUnavailableError,
  type CatalogAdapter,
  type MarketplaceOffer,
  type StoreCredentials,
} from '../../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../../server/marketplaces/yandex-market.ts';
import { startSandbox, type Sandbox, type SandboxMarketplace } from '../../../server/sandbox/server.ts';

const OFFERS = 2000;
const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 6 };

const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550001', apiKey: 'ozon-test-key', name: 'Озон Север' },
  WILDBERRIES: { marketId: 'wb-main', apiKey: 'wb-test-token', name: 'ВБ Главный' },
  YM: { marketId: '41000001', apiKey: 'ym-test-key', name: 'Маркет Центр' },
};

let sandbox: Sandbox;

// Page sizes below the real maxima where the API allows it, so 2,000 offers take several pages.
const adapters: Record<SandboxMarketplace, () => CatalogAdapter> = {
  OZON: () => new OzonAdapter({ baseUrl: sandbox.url, pageSize: 300, retry }),
  WILDBERRIES: () =>
    new WildberriesAdapter({ baseUrl: sandbox.url, pageSize: 100, requestsPerMinute: 60_000, burst: 100, retry }),
  YM: () => new YandexMarketAdapter({ baseUrl: sandbox.url, pageSize: 100, retry }),
};

async function importAll(adapter: CatalogAdapter, store: StoreCredentials) {
  const offers: MarketplaceOffer[] = [];
  const progress: { done: number; total?: number }[] = [];
  let pages = 0;
  for await (const page of adapter.listProducts(store, (done, total) => progress.push({ done, total }))) {
    pages += 1;
    offers.push(...page);
  }
  return { offers, progress, pages };
}

const statuses = (mp: SandboxMarketplace) =>
  sandbox.control.requests.filter((r) => r.marketplace === mp).map((r) => r.status);

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: OFFERS,
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

describe.each(['OZON', 'WILDBERRIES', 'YM'] as const)('%s adapter against the sandbox', (mp) => {
  const store = stores[mp];

  it(`imports every one of ${OFFERS} offers across several pages`, async () => {
    const { offers, progress, pages } = await importAll(adapters[mp](), store);
    expect(offers).toHaveLength(OFFERS);
    expect(new Set(offers.map((o) => o.offerId)).size).toBe(OFFERS);
    expect(pages).toBeGreaterThanOrEqual(7);
    expect(progress.at(-1)?.done).toBe(OFFERS);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    if (mp === 'OZON') expect(progress.every((p) => p.total === OFFERS)).toBe(true);

    for (const offer of offers) {
      expect(offer.name).toMatch(/[а-яё]/i);
      expect(offer.externalId).toMatch(/^\d+$/);
    }
    // Every 50th generated offer has no photo; the rest link to images the sandbox serves.
    const withImage = offers.filter((o) => o.primaryImage);
    expect(withImage).toHaveLength(OFFERS - OFFERS / 50);
    const image = await fetch(withImage[0]!.primaryImage!);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('survives injected rate-limit answers and still gets every offer', async () => {
    const limitStatus = mp === 'YM' ? 420 : 429;
    sandbox.control.failNext(mp, 3);
    sandbox.control.rateLimitEvery(mp, 5);
    const { offers } = await importAll(adapters[mp](), store);
    expect(new Set(offers.map((o) => o.offerId)).size).toBe(OFFERS);
    expect(statuses(mp).filter((s) => s === limitStatus).length).toBeGreaterThanOrEqual(4);
  });

  it('retries server errors too', async () => {
    sandbox.control.failNext(mp, 2, { status: 503 });
    const { offers } = await importAll(adapters[mp](), store);
    expect(offers).toHaveLength(OFFERS);
    expect(statuses(mp).slice(0, 3)).toEqual([503, 503, 200]);
  });

  it('reports a bad key with a message naming the store, without retrying', async () => {
    const error = await importAll(adapters[mp](), { ...store, apiKey: 'not-a-key' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceAuthError);
    expect((error as Error).message).toContain(`Магазин «${store.name}»`);
    expect((error as Error).message).toContain('не принял ключ API');
    expect(statuses(mp)).toHaveLength(1);
  });

  it('gives up after a bounded number of attempts', async () => {
    sandbox.control.failNext(mp, 100);
    const adapter =
      mp === 'OZON'
        ? new OzonAdapter({ baseUrl: sandbox.url, retry: { ...retry, maxAttempts: 3 } })
        : mp === 'WILDBERRIES'
          ? new WildberriesAdapter({ baseUrl: sandbox.url, burst: 100, retry: { ...retry, maxAttempts: 3 } })
          : new YandexMarketAdapter({ baseUrl: sandbox.url, retry: { ...retry, maxAttempts: 3 } });
    const error = await importAll(adapter, store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceUnavailableError);
    expect((error as Error).message).toContain(`Магазин «${store.name}»`);
    expect(statuses(mp)).toHaveLength(3);
  });
});

describe('rate-limit headers and pacing', () => {
  it("waits as long as WB's X-Ratelimit-Retry asks", async () => {
    sandbox.control.failNext('WILDBERRIES', 1, { waitSeconds: 1 });
    const started = Date.now();
    const { offers } = await importAll(adapters.WILDBERRIES(), stores.WILDBERRIES);
    expect(offers).toHaveLength(OFFERS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('ends the import at once when the wait asked for is beyond reason', async () => {
    sandbox.control.failNext('WILDBERRIES', 1, { waitSeconds: 3600 });
    const error = await importAll(adapters.WILDBERRIES(), stores.WILDBERRIES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceUnavailableError);
    expect((error as Error).message).toMatch(/лимит запросов исчерпан/);
  });

  it('a YM store can be named by its business id as well as its campaign id', async () => {
    const campaigns = (await (
      await fetch(`${sandbox.url}/v2/campaigns`, { headers: { 'Api-Key': stores.YM.apiKey } })
    ).json()) as {
      campaigns: { business: { id: number } }[];
    };
    const businessId = String(campaigns.campaigns[0]!.business.id);
    const { offers } = await importAll(adapters.YM(), { ...stores.YM, marketId: businessId });
    expect(offers).toHaveLength(OFFERS);
  });

  it('paces OZON requests to the configured per-second limit', async () => {
    const pacer = new RatePacer(20, 1);
    const started = Date.now();
    for (let i = 0; i < 6; i++) await pacer.take();
    // One from the burst, then five more at 50 ms each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(230);
  });
});
