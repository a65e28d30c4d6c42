import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { CatalogApi, type ServerProduct } from './helpers/catalog-api.ts';
import { ReturnsApi } from './helpers/returns-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { ShippingApi } from './helpers/shipping-api.ts';
import { plainSpaces } from './helpers/shown-number.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { OrdersPage } from './pages/orders-page.ts';
import { ProductStockPage } from './pages/product-stock-page.ts';

// Issue 22, must show: an order created on the OZON sandbox appears on /orders and as a reserve on the product; the
// Wildberries and Yandex Market sandbox stocks change within 60 s (measured from the order's creation, the intake
// left to its own 30 s interval and the automatic stock push to its own timers); moving the posting to delivering
// shows the sale on the product's «Продажи» tab; a cancelled one releases its units. The three sandbox stores are
// connected with order intake on, their catalogs imported, the same article of each grouped into one product with
// 10 units received and pushed once by hand. A tablet (768 px) whose browser is English.
const OFFERS = 4;
const STORES = defaultSandboxStores;
const [OZON, WB, YM] = STORES as [(typeof STORES)[0], (typeof STORES)[0], (typeof STORES)[0]];
const RECEIVED = 10;
const user = {
  login: `orders-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Мария',
  last_name: 'Лебедева',
};

let sandbox: Sandbox;
let server: RunningServer;
let api: ServerApi;
let context: BrowserContext;
let page: Page;
let product: { id: string; name: string; offers: Map<string, string> };
let ozonStoreId: string;

/** GET /__sandbox/stocks/{marketplace}?store=: what the marketplace holds for the product's offer there. */
async function sandboxStock(store: (typeof STORES)[number]): Promise<number | undefined> {
  const res = await fetch(`${sandbox.url}/__sandbox/stocks/${store.marketplace}?store=${store.marketId}`);
  const { stocks } = (await res.json()) as { stocks: Array<{ offerId: string; amount: number }> };
  return stocks.find((s) => s.offerId === product.offers.get(store.marketId))?.amount;
}
const otherStocks = async () => [await sandboxStock(WB), await sandboxStock(YM)];

/** POST /__sandbox/postings/OZON: a new order of the product's OZON offer; its posting number. */
async function ozonOrder(quantity: number, price: number): Promise<string> {
  const res = await fetch(`${sandbox.url}/__sandbox/postings/OZON`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offer_id: product.offers.get(OZON.marketId), quantity, price }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { postings: Array<{ postingNumber: string }> }).postings[0]!.postingNumber;
}

async function moveOzonPosting(postingNumber: string, status: string): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/postings/OZON/${postingNumber}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(res.status).toBe(200);
  // The seller need not wait for the next 30 s: the store's intake is asked to run now.
  await api.call('POST', '/api/v1/orders/intake/run/', { store_id: ozonStoreId });
}

async function waitJob(id: string): Promise<void> {
  await eventually(
    async () => (await api.call<{ status: string }>('GET', `/api/v1/jobs/${id}/`)).status === 'done',
    `job ${id} done`,
    90_000,
  );
}

/** The catalogs' products listing article number `n` on each store, grouped into one. */
async function groupArticle(catalog: CatalogApi, n: number): Promise<typeof product> {
  const suffix = `-${String(n).padStart(5, '0')}`;
  const found = (await catalog.search(suffix)).products.filter((p: ServerProduct) =>
    p.products_mp.some((l) => l.offer_id.endsWith(suffix)),
  );
  expect(found).toHaveLength(STORES.length);
  const [main, ...others] = found;
  await api.call(
    'PATCH',
    `/api/v1/products/group/${main!.product_wh.id}/`,
    others.map((p) => p.product_wh.id),
  );
  const grouped = (await catalog.product(main!.product_wh.id))!;
  return {
    id: grouped.product_wh.id,
    name: grouped.product_wh.name,
    offers: new Map(grouped.products_mp.map((l) => [l.market_id, l.offer_id])),
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: OFFERS, stores: STORES, postingsPerStore: 0, returnsPerStore: 0 });
  server = await startServer({
    ...sandboxEnv(sandbox.url, 5),
    ORDER_INTAKE_ENABLED: 'true',
    ORDER_INTAKE_TICK_MS: '200',
  });
  api = await ServerApi.signUp(server.url, user);
  for (const store of STORES)
    await api.call('POST', '/api/v1/markets/add/', {
      market_id: store.marketId,
      name: store.name,
      marketplace: store.marketplace,
      access_token: store.apiKey,
      order_intake: true,
      order_intake_interval: 30,
    });
  ozonStoreId = (await api.call<Array<{ id: string; market_id: string }>>('GET', '/api/v1/markets/')).find(
    (m) => m.market_id === OZON.marketId,
  )!.id;
  const catalog = new CatalogApi(api);
  await new ReturnsApi(api).importCatalogs(STORES);
  await eventually(async () => (await catalog.total()) === STORES.length * OFFERS, 'the catalogs imported', 60_000);
  product = await groupArticle(catalog, 2);
  await new ShippingApi(api).addLot(product.id, RECEIVED, 100);
  // Everything on the marketplaces once by hand; from here on the automatic push sends what changes.
  const push = await api.call<{ job_id: string }>('POST', '/api/v1/stock-push/start/', {});
  await waitJob(push.job_id);
  expect(await otherStocks()).toEqual([RECEIVED, RECEIVED]);
  await api.call('PATCH', '/api/v1/stock-push/settings/', { auto_push: true });

  const profile = mkdtempSync(path.join(tmpdir(), 'ostatok-profile-orders-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...chromiumArgs, '--lang=en-US'],
    viewport: { width: 768, height: 1024 },
    locale: 'en-US',
  });
  page = context.pages()[0] ?? (await context.newPage());
}, 180_000);
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('a marketplace order moves the stock by itself', () => {
  let first: string;

  it('an OZON order shows on /orders and as a reserve on the product; WB and YM stocks change within 60 s', async () => {
    const app = new AppPage(page);
    const orders = new OrdersPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.openMenu('Заказы');
    await app.expectTitle('Заказы');
    await page.getByText('Заказов пока нет').waitFor();

    // The clock starts as the buyer orders; the stock reaching the other two marketplaces is watched from aside.
    const placedAt = Date.now();
    first = await ozonOrder(2, 1490);
    const reached = eventually(
      async () => JSON.stringify(await otherStocks()) === JSON.stringify([RECEIVED - 2, RECEIVED - 2]),
      'WB and YM stocks lowered by the order',
      90_000,
    ).then(
      () => Date.now() - placedAt,
      (error: unknown) => error as Error,
    );

    const card = await orders.shown(first, 60_000);
    expect(card).toMatchObject({ posting: first, stage: 'Ждёт сборки', problem: null });
    expect(card.store).toContain(OZON.name);
    expect(card.lines).toEqual([
      {
        offer: product.offers.get(OZON.marketId),
        quantity: '2 × 1 490 ₽',
        product: product.name,
        books: 'В резерве',
      },
    ]);
    // «В резерве» leads to the reserve on the product's «Резерв» tab, which names the posting.
    await orders.card(first).getByRole('link', { name: 'В резерве' }).click();
    await page.waitForURL(new RegExp(`/product/${product.id}\\?td=6$`));
    await page.getByRole('tabpanel').getByTestId('reserve-row').first().waitFor();
    const reserves = await orders.orderRows('Резерв');
    expect(reserves).toEqual([
      { count: 2, price: 1490, status: 'В резерве', posting: expect.stringContaining(`OZON · отправление ${first}`) },
    ]);
    expect(reserves[0]!.posting).toContain('Меняется вместе с заказом');
    expect(await orders.countLocked('Резерв')).toBe(true);

    const latency = await reached;
    if (latency instanceof Error) throw latency;
    console.log(`order on OZON → Wildberries and Yandex Market stock: ${(latency / 1000).toFixed(1)} s`);
    expect(latency).toBeLessThan(60_000);
  });

  it('moved to delivering, the order shows as a sale on the product’s «Продажи» tab', async () => {
    const orders = new OrdersPage(page);
    await moveOzonPosting(first, 'delivering');
    await orders.openProductTab(server.url, product.id, 'Продажи');
    await page.getByRole('tabpanel').getByTestId('realization-row').first().waitFor({ timeout: 60_000 });
    const sales = await orders.orderRows('Продажи');
    expect(sales).toEqual([
      { count: 2, price: 1490, status: 'Продано', posting: expect.stringContaining(`OZON · отправление ${first}`) },
    ]);
    expect(await orders.countLocked('Продажи')).toBe(true);
    await page.getByRole('tab', { name: 'Резерв', exact: true }).click();
    // The tab renders its rows after the click answers: read them once they are there.
    await page.getByRole('tabpanel').getByTestId('reserve-row').first().waitFor();
    expect((await orders.orderRows('Резерв')).map((r) => r.status)).toEqual(['Продан']);
    await page.getByRole('tab', { name: 'Учёт', exact: true }).click();
    await eventually(
      async () =>
        (await new ProductStockPage(page).stockLine()) ===
        `На складе: ${RECEIVED - 2} шт., в резерве: 0 шт., свободно: ${RECEIVED - 2} шт.`,
      'the stock line after the sale',
    );

    // On /orders it is under «Переданы», sold.
    await page.goto(`${server.url}/orders`);
    await orders.showStage('Переданы');
    await orders.waitForBooks(first, 'Продано');
    expect(await orders.shown(first)).toMatchObject({ stage: 'Доставляется', lines: [{ books: 'Продано' }] });
    // The units were already off the other marketplaces: the sale changes nothing there.
    expect(await otherStocks()).toEqual([RECEIVED - 2, RECEIVED - 2]);
  });

  it('a cancelled order releases its units, here and on the other marketplaces', async () => {
    const orders = new OrdersPage(page);
    const onHand = RECEIVED - 2;
    await orders.showStage('Ждут сборки');
    const second = await ozonOrder(3, 990);
    await api.call('POST', '/api/v1/orders/intake/run/', { store_id: ozonStoreId });
    await orders.waitForBooks(second, 'В резерве');
    await eventually(
      async () => JSON.stringify(await otherStocks()) === JSON.stringify([onHand - 3, onHand - 3]),
      'WB and YM stocks lowered by the second order',
      60_000,
    );

    await moveOzonPosting(second, 'cancelled');
    await orders.showStage('Отменены');
    await orders.waitForBooks(second, 'Резерв снят');
    expect(await orders.shown(second)).toMatchObject({ stage: 'Отменён', lines: [{ books: 'Резерв снят' }] });
    expect(await orders.card(second).getByRole('link', { name: 'В резерве' }).count()).toBe(0);

    await orders.openProductTab(server.url, product.id, 'Резерв');
    await eventually(
      async () =>
        JSON.stringify((await orders.orderRows('Резерв')).map((r) => [r.count, r.status]).sort()) ===
        JSON.stringify([
          [2, 'Продан'],
          [3, 'Снят'],
        ]),
      'the cancelled order’s reserve released',
    );
    await page.getByRole('tab', { name: 'Учёт', exact: true }).click();
    expect(plainSpaces(await new ProductStockPage(page).stockLine())).toBe(
      `На складе: ${onHand} шт., в резерве: 0 шт., свободно: ${onHand} шт.`,
    );
    await eventually(
      async () => JSON.stringify(await otherStocks()) === JSON.stringify([onHand, onHand]),
      'WB and YM stocks back after the cancellation',
      60_000,
    );
  });
});
