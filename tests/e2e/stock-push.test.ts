import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { CatalogApi } from './helpers/catalog-api.ts';
import { ReturnsApi } from './helpers/returns-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { ShippingApi } from './helpers/shipping-api.ts';
import { numbersIn, plainSpaces } from './helpers/shown-number.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { StockPushPage, type ShownPreviewRow } from './pages/stock-push-page.ts';

// Stock push (issue 15) from the UI: the three sandbox shops connected, their catalogs and postings
// loaded, stock received and a reserve made through the API; /markets → «Передать остатки» shows per shop
// what the server computes; «Отправить» runs the job with the progress ring showing (the limits are tight,
// so it takes seconds); afterwards every sandbox shop holds exactly the previewed quantities and the
// preview shows nothing left to change, every listing collapsed as unchanged. The log opens a run under
// its row; the search and «Только изменения» live in the address; at 768 px the comparison fits without
// a sideways scroll. Offline the screen says it needs the network.
const OFFERS = 6;
const STORES = defaultSandboxStores;
const MINUTE_MS = 2000;
const user = {
  login: `stock-push-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Ольга',
  last_name: 'Морозова',
};

interface ServerPreview {
  stores: Array<{
    market_id: string;
    marketplace: string;
    items: Array<{
      offer_id: string;
      product_id: string;
      on_hand: number;
      available: number;
      awaiting_packaging: number;
      reserved: number;
    }>;
  }>;
}

let sandbox: Sandbox;
let server: RunningServer;
let api: ServerApi;
let context: BrowserContext;
let page: Page;

/** The sandbox keys a shop's stock by OZON Client-Id, WB marketId, YM campaign id: here each store's market_id. */
const sandboxStock = (marketplace: (typeof STORES)[number]['marketplace'], marketId: string) =>
  new Map(sandbox.stocks(marketplace, marketId).map((v) => [v.offerId, v.amount]));

const byOffer = (rows: ShownPreviewRow[]) => new Map(rows.map((r) => [r.offerId, r.available]));

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: OFFERS,
    stores: STORES,
    latencyMs: 100,
    postingsPerStore: 10,
    stockLimits: { minuteMs: MINUTE_MS, ozonPerMinute: 2, wbPerMinute: 6, wbBurst: 2, ymSkusPerMinute: 4 },
  });
  server = await startServer({
    ...sandboxEnv(sandbox.url, 5),
    STOCK_PUSH_BATCH_SIZE: '2',
    STOCK_PUSH_MINUTE_MS: String(MINUTE_MS),
    OZON_STOCKS_PER_MINUTE: '2',
    WB_MARKETPLACE_PER_MINUTE: '6',
    WB_MARKETPLACE_BURST: '2',
    YM_STOCK_SKUS_PER_MINUTE: '4',
  });
  api = await ServerApi.signUp(server.url, user);
  const catalog = new CatalogApi(api);
  for (const store of STORES) await catalog.addStore(store);
  await new ReturnsApi(api).importCatalogs(STORES);
  await eventually(async () => (await catalog.total()) === STORES.length * OFFERS, 'the catalogs imported', 60_000);
  // The postings awaiting assembly: part of what the push subtracts.
  await api.call(
    'POST',
    '/api/v1/extract/products/status/',
    STORES.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  );
  const shipping = new ShippingApi(api);
  await eventually(
    async () => (await shipping.status()).stores.every((s) => s.fetched_at !== null),
    'the posting statuses loaded',
    60_000,
  );

  // Stock for every product, a reserve on one.
  const preview = await api.call<ServerPreview>('GET', '/api/v1/stock-push/preview/');
  const products = [...new Set(preview.stores.flatMap((s) => s.items.map((i) => i.product_id)))];
  for (const [i, id] of products.entries()) await shipping.addLot(id, 3 + (i % 4), 100);
  await api.call('POST', '/api/v1/reserve/', { product: products[0], count: 2, price: 0 });

  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('stock push from the UI', () => {
  it('previews per shop, sends with the progress ring, and the sandbox then holds exactly the preview', async () => {
    const app = new AppPage(page);
    const screen = new StockPushPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));

    await app.openMenu('Магазины');
    await app.expectTitle('Мои магазины');
    await screen.openFromMarkets();

    // The screen shows, per shop, the server's available quantities; nothing is on the marketplaces yet.
    const server1 = await api.call<ServerPreview>('GET', '/api/v1/stock-push/preview/');
    expect(server1.stores.flatMap((s) => s.items).some((i) => i.awaiting_packaging > 0 && i.available >= 0)).toBe(true);
    expect(server1.stores.flatMap((s) => s.items).some((i) => i.reserved > 0)).toBe(true);
    const previewed = new Map<string, Map<string, number>>();
    for (const store of STORES) {
      const shown = await screen.shown(store.marketId);
      const items = server1.stores.find((s) => s.market_id === store.marketId)!.items;
      expect(byOffer(shown), store.marketplace).toEqual(new Map(items.map((i) => [i.offer_id, i.available])));
      expect(new Map(shown.map((r) => [r.offerId, r.onHand]))).toEqual(
        new Map(items.map((i) => [i.offer_id, i.on_hand])),
      );
      expect(shown.every((r) => r.marketplaceStock === null && r.change === null)).toBe(true);
      previewed.set(store.marketId, byOffer(shown));
    }
    await screen.store(STORES[2]!.marketId).getByText('Яндекс Маркет').waitFor();
    await screen.store(STORES[1]!.marketId).getByText('Wildberries').waitFor();

    await screen.send();
    const ring = await new ProductsPage(page).ringValueWhenShown(30_000);
    expect(ring).toBeGreaterThanOrEqual(0);
    expect(ring).toBeLessThan(100);
    await screen.result().waitFor({ timeout: 90_000 });
    expect(await screen.resultSummary()).toEqual({ sent: STORES.length * OFFERS, failed: 0 });

    // What the sandbox marketplaces now hold is exactly what the screen previewed.
    for (const store of STORES)
      expect(sandboxStock(store.marketplace, store.marketId), store.marketplace).toEqual(previewed.get(store.marketId));
    expect(sandbox.control.requests.filter((r) => r.status === 429 || r.status === 420)).toEqual([]);

    // The preview is read again: the marketplaces have it all, nothing left to change — each store's
    // listings collapse behind «Без изменений: N — показать», and open under it as sent.
    for (const store of STORES) {
      await eventually(
        async () => (await screen.unchangedCount(store.marketId)) === OFFERS,
        `the preview of ${store.marketplace} after the push`,
        30_000,
      );
      expect(await screen.store(store.marketId).getByTestId('preview-row').count()).toBe(0);
      await screen.showUnchanged(store.marketId);
      const rows = await screen.shown(store.marketId);
      expect(rows).toHaveLength(OFFERS);
      for (const r of rows) expect(r).toMatchObject({ marketplaceStock: r.available, change: 0 });
    }
    await screen.logRows().first().getByText('вручную').waitFor();

    // «Подробнее» opens the run right under its row, where it was tapped; the result at the top stays.
    const jobId = await screen.result().getAttribute('data-job-id');
    const row = screen.logRows().first();
    await row.scrollIntoViewIfNeeded();
    const detail = await screen.openRun(row);
    const [rowBox, detailBox] = [(await row.boundingBox())!, (await detail.boundingBox())!];
    expect(Math.abs(detailBox.y - (rowBox.y + rowBox.height))).toBeLessThan(2);
    expect(detailBox.y).toBeLessThan(page.viewportSize()!.height);
    expect(numbersIn(plainSpaces(await detail.getByTestId('result-summary').textContent()))).toEqual([
      STORES.length * OFFERS,
      0,
    ]);
    expect(await screen.result().getAttribute('data-job-id')).toBe(jobId);
  });

  it('the search and «Только изменения» filter the stores and live in the address, kept on reload', async () => {
    const screen = new StockPushPage(page);
    const wb = STORES[1]!;
    const offer = (await api.call<ServerPreview>('GET', '/api/v1/stock-push/preview/')).stores.find(
      (s) => s.market_id === wb.marketId,
    )!.items[2]!.offer_id;
    await screen.searchField().fill(offer);
    await eventually(async () => (await screen.unchangedCount(wb.marketId)) === 1, 'the search applied');
    await page.waitForURL((url) => url.searchParams.get('search') === offer);
    for (const store of STORES.filter((s) => s !== wb))
      await screen.store(store.marketId).getByText('Ничего не найдено').waitFor();
    await screen.showUnchanged(wb.marketId);
    expect((await screen.shown(wb.marketId)).map((r) => r.offerId)).toEqual([offer]);
    await screen.searchField().fill('');
    await page.waitForURL((url) => !url.searchParams.get('search'));

    // Off: every listing of every store on screen at once, no «показать» to press.
    expect(await screen.onlyChanges().isChecked()).toBe(true);
    await screen.onlyChanges().click();
    await page.waitForURL((url) => url.searchParams.get('only_changes') === 'false');
    for (const store of STORES) expect(await screen.shown(store.marketId)).toHaveLength(OFFERS);
    await page.reload();
    await screen.store(STORES[0]!.marketId).getByTestId('preview-row').first().waitFor({ timeout: 30_000 });
    expect(await screen.onlyChanges().isChecked()).toBe(false);
    for (const store of STORES) expect(await screen.shown(store.marketId)).toHaveLength(OFFERS);

    // Tablet width: the page fits, and so does the comparison — «На маркетплейсе» and «Изменение» on
    // screen, no sideways scroll inside the tables either.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="preview-store"] table')].map((table) => {
        const scroller = table.parentElement!;
        const last = table.querySelector('thead th:last-child')!.getBoundingClientRect();
        return { scrolls: scroller.scrollWidth > scroller.clientWidth, right: last.right };
      }),
    );
    expect(boxes).toHaveLength(STORES.length);
    for (const box of boxes) {
      expect(box.scrolls).toBe(false);
      expect(box.right).toBeLessThanOrEqual(768);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await screen.onlyChanges().click();
    await page.waitForURL((url) => url.searchParams.get('only_changes') !== 'false');
  });

  it('offline: says plainly that the push needs the network, and «Отправить» is off', async () => {
    const screen = new StockPushPage(page);
    await context.setOffline(true);
    try {
      await page.getByTestId('offline-note').waitFor();
      expect(await page.getByTestId('offline-note').textContent()).toContain('Нет сети');
      expect(await page.getByTestId('send').isDisabled()).toBe(true);
      expect(await screen.store(STORES[0]!.marketId).count()).toBe(1);
    } finally {
      await context.setOffline(false);
    }
  });
});
