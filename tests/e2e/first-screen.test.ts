import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { productName, seededAccount, type SeededAccount } from './helpers/embedded-catalog.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';

// Target 3 of issue 26: a fresh device signing in to an account of 10,000 products and 30,000 lots
// through a slow link (10 Mbit/s, 100 ms latency, emulated by Chromium itself) works on /products
// before its mirror is filled — the first page and a search come from the server — and once the
// pull is done the device's own table shows the same rows. A portrait tablet in an English browser.
const PRODUCTS = 10_000;
const LOTS_PER_PRODUCT = 3;

let account: SeededAccount;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  account = await seededAccount({ products: PRODUCTS, lotsPerProduct: LOTS_PER_PRODUCT });
  const profile = mkdtempSync(path.join(tmpdir(), 'ostatok-profile-first-'));
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
  await account?.server.stop();
});

/** Rows of the app's IndexedDB store `name`, read beside the page. */
const storedRows = (p: Page, name: string) =>
  p.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ostatok');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const count = idb.transaction(name, 'readonly').objectStore(name).count();
          count.onsuccess = () => (idb.close(), resolve(count.result));
          count.onerror = () => reject(count.error);
        };
      }),
    name,
  );

describe('first screen on a fresh device through a slow link', () => {
  it('shows the server’s first page and finds a product while the mirror fills, then the device’s same rows', async () => {
    expect(account.lots).toBe(PRODUCTS * LOTS_PER_PRODUCT);
    const app = new AppPage(page);
    const products = new ProductsPage(page);
    await page.goto(account.server.url);
    await page.waitForURL(/\/auth$/);
    // The app and its precache are in first: the slow link is for what the sign-in brings.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: 10_000_000 / 8,
      uploadThroughput: 10_000_000 / 8,
    });
    await page.evaluate(() => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceResourceTiming[])
          if (e.name.includes('/users/login')) (window as { signedInAt?: number }).signedInAt = e.responseEnd;
      }).observe({ type: 'resource', buffered: true });
    });

    await new AuthPage(page).login(account);
    await page.waitForURL((url) => url.pathname === '/');
    await app.openMenu('Товары');
    await products.rows().first().waitFor();
    const firstRowAt = await page.evaluate(() => performance.now());
    const signedInAt = await page.evaluate(() => (window as { signedInAt?: number }).signedInAt ?? NaN);
    console.log(`first row of /products ${(firstRowAt - signedInAt).toFixed(0)} ms after the sign-in answer`);

    // From the server: the catalog is said to be loading, the device's lots are far from all there.
    await page.getByTestId('catalog-loading').waitFor();
    expect(await page.getByTestId('catalog-loading').textContent()).toContain('Каталог загружается на устройство');
    expect(await products.rows().count()).toBe(50);
    expect(await products.rows().first().textContent()).toContain(productName(1));
    const served = await products.rows().allTextContents();

    // A search answers from the server while the mirror is still provably unfinished.
    const known = account.knownName;
    const row = await products.onlyRowFor(known);
    const [loading, lotsHeld] = await Promise.all([
      page.getByTestId('catalog-loading').isVisible(),
      storedRows(page, 'lots'),
    ]);
    console.log(`search answered with ${lotsHeld} of ${account.lots} lots on the device`);
    expect(loading).toBe(true);
    expect(lotsHeld).toBeLessThan(account.lots);
    expect(Number((await row.locator('td').nth(3).textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);

    // The card opened from a server-served row: the product or «загружается», never a crash or «не найден».
    await products.open(row);
    await page
      .getByRole('heading', { name: 'Товар загружается на устройство…' })
      .or(page.locator('textarea[name="name"]'))
      .first()
      .waitFor();
    expect(await page.getByText('Товар не найден').count()).toBe(0);
    await page.goBack();
    await products.search('');

    // The pull completes: the device's own table takes over with the same first page.
    await page.getByTestId('stock-summary').waitFor({ timeout: 100_000 });
    expect(await page.getByTestId('catalog-loading').count()).toBe(0);
    expect(await storedRows(page, 'lots')).toBe(account.lots);
    await expect.poll(() => products.rows().allTextContents()).toEqual(served);
  });
});
