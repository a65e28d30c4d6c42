import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../server/sandbox/data.ts';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { articlesOf, CatalogApi } from './helpers/catalog-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { LocalData } from './pages/local-data.ts';
import { NewProductPage } from './pages/new-product-page.ts';
import { ProductPage } from './pages/product-page.ts';
import { ProductsPage } from './pages/products-page.ts';

// 120 offers per store in pages of 10, each answer held back 100 ms: a few seconds of import,
// long enough to see the ring, short enough for the suite; several pages per store on the wire.
const OFFERS = 120;
const PAGE_SIZE = 10;
const LATENCY_MS = 100;
const STORES = defaultSandboxStores;
const ALL = STORES.length * OFFERS;

// One OZON and one Wildberries listing of the same (imagined) goods: the seller's reason to group.
const [ozon, wb] = STORES;
const MAIN_ARTICLE = `OZ${ozon!.marketId}-00003`;
const OTHER_ARTICLE = `WB${wb!.marketId}-00003`;

const user = {
  login: `catalog-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Анна',
  last_name: 'Кузнецова',
};

let sandbox: Sandbox;
let server: RunningServer;
let catalog: CatalogApi;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: OFFERS, stores: STORES, latencyMs: LATENCY_MS });
  server = await startServer(sandboxEnv(sandbox.url, PAGE_SIZE));
  // The account and its stores (with their marketplace keys) exist before the user signs in.
  catalog = new CatalogApi(await ServerApi.signUp(server.url, user));
  for (const store of STORES) await catalog.addStore(store);
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('the catalog: import, group, ungroup, offline edits', () => {
  it('imports with the ring showing, groups and ungroups, and offline edits with a picture reach the server', async () => {
    const app = new AppPage(page);
    const products = new ProductsPage(page);
    const product = new ProductPage(page);

    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    // Offline later on, route chunks and the shell must come from the service worker.
    await app.waitForServiceWorker();
    // The import button sends the stores the device knows; they come with the first pull.
    await eventually(
      async () => (await new LocalData(page).markets()).length === STORES.length,
      'the stores on the device',
    );

    // Import: the ring shows the job's progress while the sandbox pages are fetched.
    await app.openMenu('Товары');
    await app.expectTitle('Товары');
    await products.startImport();
    const shown = await products.ringValueWhenShown(30_000);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    await eventually(async () => (await catalog.total()) === ALL, 'every offer imported on the server', 60_000);
    await products.progressRing().waitFor({ state: 'hidden', timeout: 30_000 });
    // Several pages per store really went over the wire.
    const listCalls = sandbox.control.requests.filter((r) => r.marketplace !== 'images' && r.status === 200);
    expect(listCalls.length).toBeGreaterThanOrEqual(STORES.length * (OFFERS / Number(PAGE_SIZE)));
    await products.waitForTotal(ALL, 'every product listed on the device', 30_000);

    // Group: select two products by their pictures (the selection survives searching), group them.
    const mainId = (await catalog.byArticle(MAIN_ARTICLE)).product_wh.id;
    const otherId = (await catalog.byArticle(OTHER_ARTICLE)).product_wh.id;
    await products.toggleSelection(await products.onlyRowFor(MAIN_ARTICLE));
    await products.toggleSelection(await products.onlyRowFor(OTHER_ARTICLE));
    await products.group(2);
    await products.search('');
    await products.waitForTotal(ALL - 1, 'one product fewer on the device');
    await eventually(
      async () => articlesOf(await catalog.product(mainId)).join() === [MAIN_ARTICLE, OTHER_ARTICLE].sort().join(),
      'both listings under the main product on the server',
    );
    expect(await catalog.product(otherId)).toBeNull();
    expect(await catalog.total()).toBe(ALL - 1);

    await products.open(await products.onlyRowFor(MAIN_ARTICLE));
    expect(await product.waitForId()).toBe(mainId);
    await product.openTab('На маркетплейсах');
    expect(new URL(page.url()).searchParams.get('td')).toBe('1');
    expect(await product.listedArticles()).toEqual([MAIN_ARTICLE, OTHER_ARTICLE].sort());

    // Ungroup the Wildberries listing: it leaves this product at once and becomes its own on the server.
    await product.ungroup([OTHER_ARTICLE]);
    await eventually(
      async () => (await product.listedArticles()).join() === MAIN_ARTICLE,
      'one listing left on the tab',
    );
    await eventually(
      async () => articlesOf(await catalog.product(mainId)).join() === MAIN_ARTICLE,
      'the main product keeps one listing on the server',
    );
    const split = await catalog.byArticle(OTHER_ARTICLE);
    expect([mainId, otherId]).not.toContain(split.product_wh.id);
    expect(articlesOf(split)).toEqual([OTHER_ARTICLE]);
    expect(await catalog.total()).toBe(ALL);

    // The device learns of the server-made product through the live channel and a pull.
    await app.openMenu('Товары');
    await products.waitForTotal(ALL, 'the split product listed on the device');
    await products.open(await products.onlyRowFor(OTHER_ARTICLE));
    expect(await product.waitForId()).toBe(split.product_wh.id);
    await product.openTab('На маркетплейсах');
    expect(await product.listedArticles()).toEqual([OTHER_ARTICLE]);

    // Offline: rename the main product and create one with a picture.
    const oldName = (await catalog.product(mainId))!.product_wh.name;
    const newName = `${oldName} — переименован без сети`;
    await context.setOffline(true);
    await app.openMenu('Товары');
    await products.open(await products.onlyRowFor(MAIN_ARTICLE));
    expect(await product.waitForId()).toBe(mainId);
    await product.openTab('Товар');
    await product.rename(newName);
    await eventually(async () => (await app.unsentCount()) === 1, 'the rename waiting on the device');

    const png = tinyPng(4242);
    const createdName = `Термос офлайн ${Date.now()}`;
    await app.openMenu('Товары');
    await products.addProduct();
    await app.expectTitle('Новый товар');
    await new NewProductPage(page).add({
      name: createdName,
      images: [{ name: 'termos.png', mimeType: 'image/png', buffer: png }],
    });
    const createdId = await product.waitForId();
    await app.expectTitle(createdName);
    await product.waitingImages().waitFor();
    // The rename, the create and the picture: nothing of it has reached the server.
    await eventually(async () => (await app.unsentCount()) === 3, 'three unsent changes');
    expect((await catalog.product(mainId))!.product_wh.name).toBe(oldName);
    expect(await catalog.product(createdId)).toBeNull();

    // Reconnect: once the indicator shows nothing unsent, the server has all of it.
    await context.setOffline(false);
    await eventually(() => app.allSent(), 'nothing unsent', 30_000);
    expect((await catalog.product(mainId))!.product_wh.name).toBe(newName);
    expect((await catalog.search(newName)).products.map((p) => p.product_wh.id)).toEqual([mainId]);
    const created = (await catalog.product(createdId))!;
    expect(created.product_wh.name).toBe(createdName);
    expect(created.product_wh.images).toHaveLength(1);
    const image = await catalog.image(created.product_wh.images[0]!);
    expect(image.status).toBe(200);
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    // The page now shows the uploaded picture instead of the bytes kept on the device.
    await product.waitingImages().waitFor({ state: 'detached' });
  });
});
