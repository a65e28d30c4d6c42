import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { demoEnv, runDemo, type DemoRun } from './helpers/demo-run.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { ShippingPage } from './pages/shipping-page.ts';

// `npm run demo` (server/scripts/demo.ts) as users run it, on a small sandbox catalog: the demo account
// sees a working business — stock with pictures on /products (the sandbox's plain-http pictures let
// past the CSP for the demo only), purchase documents, markdowns, a product's lots, sales and stock
// history, orders waiting to ship — and a second run on the same data adds no second history.
const OFFERS = 40;
const user = { login: 'demo-e2e@ostatok.local', password: 'демо-пароль-e2e' };

interface Totals {
  purchases: number;
  returnDocs: number;
  otherDocs: number;
  lots: number;
  markdowns: number;
  returns: number;
  /** Units on hand plus those marketplace orders sold meanwhile: the intake keeps selling between two runs. */
  units: number;
}

interface OrdersPage {
  results: Array<{ lines: Array<{ books: string; quantity: number }> }>;
}

async function totals(api: ServerApi): Promise<Totals> {
  const total = async (url: string) => (await api.call<{ total: number }>('GET', url)).total;
  return {
    purchases: await total('/api/v1/batch/?page_size=1'),
    returnDocs: await total('/api/v1/batch/?is_return=true&page_size=1'),
    otherDocs: await total('/api/v1/batch/?is_other=true&page_size=1'),
    lots: await total('/api/v1/inventory/?page_size=1'),
    markdowns: await total('/api/v1/markdowns/?page_size=1'),
    returns: await total('/api/v1/returns/?page_size=1'),
    units: await unitsBeforeOrders(api),
  };
}

async function unitsBeforeOrders(api: ServerApi): Promise<number> {
  const stock = await api.call<{ count: number }>('GET', '/api/v1/inventory/sum');
  const orders = await api.call<OrdersPage>('GET', '/api/v1/orders/?page_size=500');
  const sold = orders.results.flatMap((o) => o.lines).filter((l) => l.books === 'sold');
  return stock.count + sold.reduce((n, l) => n + l.quantity, 0);
}

interface ListedProduct {
  product_wh: { id: string; name: string; count: number };
}

let env: Record<string, string>;
let demo: DemoRun;
let baseUrl: string;
let api: ServerApi;
let first: Totals;
let context: BrowserContext;
let page: Page;
const refused: string[] = [];

beforeAll(async () => {
  // The history's figures are checked as the demo made them; the order trickle and intake are tested on their own
  // (tests/e2e/orders.test.ts, server/demo/trickle.test.ts).
  ({ env, baseUrl } = await demoEnv('demo', OFFERS, user, {
    SANDBOX_TRICKLE_PER_MINUTE: '0',
    ORDER_INTAKE_ENABLED: 'false',
  }));
  demo = await runDemo(env);
  api = await ServerApi.logIn(baseUrl, user.login, user.password);
  first = await totals(api);
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (msg) => {
    if (msg.text().includes('Refused to')) refused.push(msg.text());
  });
});
afterAll(async () => {
  await context?.close();
  await demo?.stop();
});

/** Pictures of the first `n` rows that are on screen: loaded, not blocked or broken. */
async function loadedPictures(
  rows: ReturnType<ProductsPage['rows']>,
  n: number,
): Promise<{ loaded: number; total: number }> {
  return rows.evaluateAll((trs, limit) => {
    const images = trs.slice(0, limit).flatMap((tr) => [...tr.querySelectorAll('img')]);
    return { loaded: images.filter((img) => img.complete && img.naturalWidth > 0).length, total: images.length };
  }, n);
}

describe('npm run demo', () => {
  it('makes three months of history through the API', () => {
    expect(first.purchases).toBeGreaterThanOrEqual(6);
    expect(first.lots).toBeGreaterThan(OFFERS * 3);
    expect(first.returnDocs).toBeGreaterThan(0);
    expect(first.otherDocs).toBeGreaterThan(0);
    expect(first.markdowns).toBeGreaterThan(0);
    expect(first.units).toBeGreaterThan(0);
    expect(demo.output()).toMatch(/продажи: [1-9]/);
  });

  it('shows stock and catalog pictures on /products, with no picture refused by the CSP', async () => {
    await page.goto(baseUrl);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await new AppPage(page).waitForServiceWorker();
    const products = new ProductsPage(page);
    await page.goto(`${baseUrl}/products`);
    await products.rows().first().waitFor();
    // Column 3 «Остаток»: most products have stock.
    await eventually(async () => {
      const counts = await products
        .rows()
        .evaluateAll((trs) =>
          trs.map((tr) => Number((tr.querySelectorAll('td')[3]?.textContent ?? '').replace(/\s/g, ''))),
        );
      return counts.filter((c) => c > 0).length > counts.length / 2;
    }, 'most rows with stock');
    // Every 50th sandbox offer has no photo: the first rows on screen have some pictures, all of them loaded.
    await eventually(async () => {
      const { loaded, total } = await loadedPictures(products.rows(), 6);
      return total > 0 && loaded === total;
    }, 'the pictures of the first rows loaded');
    // Again once the service worker answers the picture requests (it fetches and caches them).
    await page.reload();
    await products.rows().first().waitFor();
    await eventually(async () => {
      const { loaded, total } = await loadedPictures(products.rows(), 6);
      return total > 0 && loaded === total;
    }, 'the pictures loaded through the service worker');
    expect(refused).toEqual([]);
  });

  it('shows purchase documents, markdowns and orders waiting to ship', async () => {
    await page.goto(`${baseUrl}/inventory/batches`);
    await page.getByRole('dialog').getByRole('button', { name: 'Закупки' }).click();
    await eventually(
      async () => (await page.getByTestId('batch-row').count()) >= Math.min(first.purchases, 6),
      'purchase documents listed',
    );

    await page.goto(`${baseUrl}/markdown`);
    await page.getByTestId('markdown-line').first().waitFor();

    const shipping = new ShippingPage(page);
    await shipping.open(baseUrl);
    await shipping.rows().first().waitFor();
    await eventually(
      async () => (await page.locator('[data-testid="shipping-row"][data-enough="false"]').count()) > 0,
      'an order short of stock',
    );
    expect(refused).toEqual([]);
  });

  it('shows a sold product with its lots, sales and stock history', async () => {
    const { products } = await api.call<{ products: ListedProduct[] }>('GET', '/api/v1/products/all/?page_size=200');
    let sold: string | undefined;
    for (const p of products.filter((x) => x.product_wh.count > 0)) {
      if ((await api.call<unknown[]>('GET', `/api/v1/realization/${p.product_wh.id}/`)).length > 0) {
        sold = p.product_wh.id;
        break;
      }
    }
    expect(sold).toBeDefined();
    const tabs: [number, string, string][] = [
      [2, 'Учёт', 'lot-row'],
      [7, 'Продажи', 'realization-row'],
      [8, 'История', 'movement-row'],
    ];
    for (const [index, label, rowId] of tabs) {
      await page.goto(`${baseUrl}/product/${sold}?td=${index}`);
      await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
      await page.getByRole('tabpanel').getByTestId(rowId).first().waitFor();
    }
  });

  it('adds no second history when run again on the same data', async () => {
    await demo.stop();
    demo = await runDemo(env);
    expect(demo.output()).toContain('история уже есть');
    api = await ServerApi.logIn(baseUrl, user.login, user.password);
    expect(await totals(api)).toEqual(first);
  });
});
