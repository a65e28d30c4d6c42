import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { CatalogApi } from './helpers/catalog-api.ts';
import { ReturnsApi } from './helpers/returns-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { ShippingApi, type ServerShipping, type ServerSufficiency } from './helpers/shipping-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { ShippingPage, type ShownShippingRow } from './pages/shipping-page.ts';

// Shipping and delivery (docs/screens.md «Адреса», docs/rules.md «Достаточность»): the three sandbox
// shops connected and their catalogs imported, stock received for some products, the statuses refreshed
// from the screen with the ring showing; the screen's sufficiency, colours, filters, search and summary
// are what GET /api/v1/products_mp_status/ says; an order moved to delivering in the sandbox moves on
// the screen after the next refresh; offline the last snapshot still opens; usable at 768 px.
const OFFERS = 12;
const POSTINGS = 10;
const LATENCY_MS = 150;
const STORES = defaultSandboxStores;
const user = {
  login: `shipping-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Пётр',
  last_name: 'Соколов',
};

let sandbox: Sandbox;
let server: RunningServer;
let shippingApi: ShippingApi;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: OFFERS,
    stores: STORES,
    latencyMs: LATENCY_MS,
    postingsPerStore: POSTINGS,
  });
  server = await startServer(sandboxEnv(sandbox.url, 5));
  const api = await ServerApi.signUp(server.url, user);
  const catalog = new CatalogApi(api);
  shippingApi = new ShippingApi(api);
  for (const store of STORES) await catalog.addStore(store);
  await new ReturnsApi(api).importCatalogs(STORES);
  await eventually(async () => (await catalog.total()) === STORES.length * OFFERS, 'the catalogs imported', 60_000);
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

/** What the screen should show for the server's row. */
const expected = (p: ServerSufficiency): Omit<ShownShippingRow, 'color'> => ({
  productId: p.product.id,
  name: p.product.name,
  articles: p.articles,
  sufficiency: p.sufficiency,
  enough: p.enough,
  awaitingPackaging: p.awaiting_packaging,
  awaitingDeliver: p.awaiting_deliver,
  delivering: p.delivering,
  deliverySum: p.delivery_price,
});
const withoutColor = (rows: ShownShippingRow[]) =>
  rows.map(({ color: _color, ...r }) => ({ ...r, articles: [...r.articles].sort() }));
const sortedArticles = (rows: Omit<ShownShippingRow, 'color'>[]) =>
  rows.map((r) => ({ ...r, articles: [...r.articles].sort() }));

/** The screen shows exactly the server's answer for the same query: rows, in order, and the summary. */
async function expectScreenEquals(shipping: ShippingPage, server: ServerShipping, what: string) {
  const want = sortedArticles(server.products.map(expected));
  let shown: ShownShippingRow[] = [];
  await eventually(
    async () => {
      shown = await shipping.shown();
      return JSON.stringify(withoutColor(shown)) === JSON.stringify(want);
    },
    `${what}: the screen's rows equal the server's`,
    30_000,
  ).catch(() => expect(withoutColor(shown), what).toEqual(want));
  expect(await shipping.summary(), what).toEqual({
    delivering: server.total.delivering,
    sum: server.total.delivery_price,
    complete: server.total.complete,
  });
  // Green for 0 and above, red below 0.
  for (const row of shown)
    expect(row.color, `${what}: ${row.name}`).toBe(row.enough ? 'rgb(46, 125, 50)' : 'rgb(198, 40, 40)');
}

const allFetched = (s: ServerShipping) =>
  s.stores.length === STORES.length && s.stores.every((x) => x.fetched_at !== null);

describe('shipping and delivery: refresh from the sandbox, the screen equals the server', () => {
  it('refreshes with the ring, shows the server’s figures under every filter and search, and follows an order moved to delivering', async () => {
    const app = new AppPage(page);
    const shipping = new ShippingPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();

    await app.openMenu('Отгрузки и доставки');
    await app.expectTitle('Отгрузки и доставки');
    await shipping.page.getByText('Статусы отправлений ещё не загружались').waitFor();

    // One request for the three shops; the ring shows the jobs' progress.
    await shipping.refresh();
    const ring = await new ProductsPage(page).ringValueWhenShown(30_000);
    expect(ring).toBeGreaterThan(0);
    expect(ring).toBeLessThan(100);
    await eventually(async () => allFetched(await shippingApi.status()), 'every shop’s statuses on the server', 60_000);
    const postingCalls = sandbox.control.requests.filter(
      (r) => r.marketplace !== 'images' && /posting|order/i.test(r.path) && r.status === 200,
    );
    expect(new Set(postingCalls.map((r) => r.marketplace)).size).toBe(STORES.length);
    let server1 = await shippingApi.status();
    expect(server1.products.length).toBeGreaterThan(3);

    // Stock for some of the products: one more than awaits assembly for the first, exactly enough for the
    // second, one short for the third (two lots of different prices, FIFO), none for the rest.
    const [a, b, c] = server1.products.filter((p) => p.awaiting_packaging > 0);
    expect(c, 'three products awaiting assembly').toBeTruthy();
    await shippingApi.addLot(a!.product.id, a!.awaiting_packaging + 1 + a!.delivering, 120, '2026-01-05');
    await shippingApi.addLot(b!.product.id, b!.awaiting_packaging, 80.5, '2026-01-06');
    if (c!.awaiting_packaging > 1) await shippingApi.addLot(c!.product.id, 1, 200, '2026-02-01');
    if (c!.awaiting_packaging > 2)
      await shippingApi.addLot(c!.product.id, c!.awaiting_packaging - 2, 150, '2026-01-01');
    // A product on its way to buyers: its delivering units priced by its lots in FIFO order (90 ₽ first, then 110 ₽).
    const d = server1.products.find((p) => p.delivering > 0 && ![a, b, c].includes(p))!;
    expect(d, 'a product delivering').toBeTruthy();
    await shippingApi.addLot(d.product.id, d.delivering, 110, '2026-02-01');
    await shippingApi.addLot(d.product.id, 1, 90, '2026-01-01');
    server1 = await shippingApi.status();
    expect(server1.products.find((p) => p.product.id === d.product.id)!.delivery_price).toBe(
      90 + (d.delivering - 1) * 110,
    );
    expect(server1.total.delivery_price).toBeGreaterThan(0);
    expect(server1.products.find((p) => p.product.id === a!.product.id)!.enough).toBe(true);
    expect(server1.products.find((p) => p.product.id === c!.product.id)!.sufficiency).toBe(-1);
    expect(server1.products.some((p) => p.delivery_price === null)).toBe(true);

    await expectScreenEquals(shipping, server1, 'all');
    expect(await shipping.snapshotText()).toMatch(/^Статусы на \d\d\.\d\d\.\d{4} \d\d:\d\d \(/);
    await shipping.filter('Не хватает');
    await expectScreenEquals(shipping, await shippingApi.status({ sufficiency: 'not_enough' }), 'not enough');
    await shipping.filter('Хватает');
    await expectScreenEquals(shipping, await shippingApi.status({ sufficiency: 'enough' }), 'enough');
    await shipping.filter('Все');
    const article = a!.articles[0]!;
    await shipping.search(article.toLowerCase());
    await expectScreenEquals(
      shipping,
      await shippingApi.status({ search: article.toLowerCase() }),
      `search «${article}»`,
    );
    const word = c!.product.name.split(/\s+/)[0]!;
    await shipping.search(word);
    await expectScreenEquals(shipping, await shippingApi.status({ search: word }), `search «${word}»`);
    await shipping.search('');
    await expectScreenEquals(shipping, await shippingApi.status(), 'all again');

    // /products marks the product one unit short, and only the products that are short.
    const products = new ProductsPage(page);
    await app.openMenu('Товары');
    await app.expectTitle('Товары');
    await products.search(c!.articles[0]!);
    const shortRow = page.getByTestId('product-row').filter({ hasText: c!.product.name });
    await shortRow.getByTestId('shortfall').filter({ hasText: 'не хватает 1' }).waitFor();
    await products.search(a!.articles[0]!);
    await page.getByTestId('product-row').filter({ hasText: a!.product.name }).waitFor();
    expect(
      await page.getByTestId('product-row').filter({ hasText: a!.product.name }).getByTestId('shortfall').count(),
    ).toBe(0);
    await app.openMenu('Отгрузки и доставки');
    await app.expectTitle('Отгрузки и доставки');
    await shipping.rows().first().waitFor();

    // An OZON order awaiting assembly goes to delivering in the sandbox; after a refresh the screen moves it.
    const ozon = STORES.find((s) => s.marketplace === 'OZON')!;
    const order = sandbox.postings('OZON', ozon.marketId).find((p) => p.status === 'awaiting_packaging')!;
    expect(order, 'an OZON order awaiting packaging').toBeTruthy();
    const item = order.items[0]!;
    const moved = server1.products.find((p) => p.articles.includes(item.offerId))!;
    const before = await shippingApi.status({ product_id: moved.product.id });
    const was = before.products[0]!;
    sandbox.setPostingStatus('OZON', order.postingNumber, 'delivering');
    await shipping.refresh();
    await eventually(
      async () => {
        const now = (await shippingApi.status({ product_id: moved.product.id })).products[0]!;
        return now.fetched_at !== was.fetched_at;
      },
      'the OZON snapshot refreshed',
      60_000,
    );
    const after = (await shippingApi.status({ product_id: moved.product.id })).products[0]!;
    const units = order.items.filter((i) => i.offerId === item.offerId).reduce((n, i) => n + i.quantity, 0);
    expect(after.awaiting_packaging).toBe(was.awaiting_packaging - units);
    expect(after.delivering).toBe(was.delivering + units);
    await eventually(
      async () => {
        const row = (await shipping.shown()).find((r) => r.productId === moved.product.id);
        return row?.awaitingPackaging === after.awaiting_packaging && row.delivering === after.delivering;
      },
      'the screen shows the order delivering',
      30_000,
    );
    await expectScreenEquals(shipping, await shippingApi.status(), 'after the move');
  });

  it('offline: opens with the last snapshot and its date; the refresh says it needs the network', async () => {
    const shipping = new ShippingPage(page);
    const online = await shippingApi.status();
    await context.setOffline(true);
    try {
      await shipping.open(server.url);
      await shipping.page.getByTestId('offline-note').waitFor();
      await expectScreenEquals(shipping, online, 'offline');
      expect(await shipping.snapshotText()).toMatch(/^Статусы на \d\d\.\d\d\.\d{4} \d\d:\d\d/);
      await shipping.refresh();
      await shipping
        .notification()
        .filter({ hasText: 'Нет сети: обновить статусы отправлений можно только при подключении к интернету' })
        .waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('/shipping-delivery is usable on a 768 px tablet: nothing runs off the screen', async () => {
    const shipping = new ShippingPage(page);
    await page.setViewportSize({ width: 768, height: 1024 });
    await shipping.open(server.url);
    await shipping.rows().first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const box of await shipping.controlBoxes()) expect(box.right, `control ${box.name}`).toBeLessThanOrEqual(768);
  });
});
