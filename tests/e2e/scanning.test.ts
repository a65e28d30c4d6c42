import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { writeBarcodeVideo } from './helpers/barcode-video.ts';
import { chromiumArgs, chromiumPath, launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { Scanning } from './pages/scanning.ts';

// Issue 25: on /products a scan — a keyboard-wedge scanner or the camera — opens the product with that code.
const kettle = 'Чайник стальной';
const kettleCode = '4601234567893';
const mug = 'Кружка эмалированная';
const mugCode = '4607034470012';
const unknownCode = '4600000000015';
const user = {
  login: `scanning-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Ирина',
  last_name: 'Штрихова',
};

let server: RunningServer;
let api: ServerApi;
let kettleId: string;
let mugId: string;

interface ServerProduct {
  id: string;
  barcodes: string[];
}

beforeAll(async () => {
  server = await startServer();
  api = await ServerApi.signUp(server.url, user);
  kettleId = crypto.randomUUID();
  mugId = crypto.randomUUID();
  await api.call('POST', '/api/v1/products/warehouse/add/', [
    { id: kettleId, name: kettle, barcodes: [kettleCode] },
    { id: mugId, name: mug, barcodes: [mugCode] },
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const productUrl = (id: string) => new RegExp(`/product/${id}(\\?|$)`);

async function openProducts(page: Page) {
  const app = new AppPage(page);
  await page.goto(`${server.url}/products`);
  await app.expectTitle('Товары');
  // Both products (with their codes) are on the device once the table lists them.
  await eventually(async () => (await new ProductsPage(page).rows().count()) === 2, 'both products listed');
}

describe('the keyboard wedge on /products', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, locale: 'ru-RU' });
    await page.goto(server.url);
    await new AuthPage(page).login(user);
    await new AppPage(page).expectTitle('Главная');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a scan with the focus on the page opens the product, and the flash says so', async () => {
    const scan = new Scanning(page);
    await openProducts(page);
    await scan.cameraButton().waitFor();
    await page.locator('body').focus();
    await scan.wedge(kettleCode);
    await page.waitForURL(productUrl(kettleId));
    await new AppPage(page).expectTitle(kettle);
    await eventually(async () => (await scan.flash().textContent()) === `${kettleCode} — Найдено`, 'the flash');
  });

  it('a scan while the search box has the focus opens the product and leaves the box as it was', async () => {
    const scan = new Scanning(page);
    await openProducts(page);
    const search = page.locator('input[name="search"]');
    await search.fill('Кру');
    await eventually(async () => (await new ProductsPage(page).rows().count()) === 1, 'the search applied');
    await search.focus();
    await scan.wedge(kettleCode);
    await page.waitForURL(productUrl(kettleId));
    await page.goBack();
    await eventually(async () => (await search.inputValue()) === 'Кру', 'the search box as it was');
  });

  it('the search box finds a product by its barcode typed by hand', async () => {
    await openProducts(page);
    const products = new ProductsPage(page);
    await products.search(mugCode.slice(0, 9));
    await eventually(async () => {
      const texts = await products.rows().allTextContents();
      return texts.length === 1 && texts[0]!.includes(mug);
    }, 'the mug alone, found by its barcode');
  });

  it('an unknown code opens the dialog; attaching it queues the change, and the next scan opens the product', async () => {
    const scan = new Scanning(page);
    await openProducts(page);
    await page.locator('body').focus();
    await scan.wedge(unknownCode);
    await scan.unknownDialog().waitFor();
    await eventually(async () => (await scan.flash().textContent()) === `${unknownCode} — Не найдено`, 'red flash');
    expect(await scan.unknownDialog().textContent()).toContain(`Штрихкод ${unknownCode} не найден`);
    await scan.attachTo(mug);
    await page.waitForURL(productUrl(mugId));
    await eventually(async () => {
      const product = await api.call<{ product_wh: ServerProduct }>('GET', `/api/v1/products/product/${mugId}/`);
      return product.product_wh.barcodes.includes(unknownCode);
    }, 'the code on the server');

    await openProducts(page);
    await scan.wedge(unknownCode);
    await page.waitForURL(productUrl(mugId));
  });
});

describe('the camera, offline', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const video = path.join(mkdtempSync(path.join(tmpdir(), 'ostatok-camera-')), 'ean13.y4m');
    writeBarcodeVideo(video, kettleCode);
    context = await launchProfile([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the decoder (wasm, precached) finds the code in the camera picture and the product opens', async () => {
    const app = new AppPage(page);
    await context.grantPermissions(['camera'], { origin: server.url });
    await page.goto(server.url);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();
    await openProducts(page);
    // The service worker has the decoder's .wasm before the network goes.
    await eventually(
      () =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            const keys = await (await caches.open(name)).keys();
            if (keys.some((r) => /zxing_reader.*\.wasm/.test(r.url))) return true;
          }
          return false;
        }),
      'the wasm precached',
    );

    await context.setOffline(true);
    await page.reload();
    await app.expectTitle('Товары');
    const scan = new Scanning(page);
    await scan.cameraButton().click();
    await page.getByRole('dialog', { name: 'Сканирование камерой' }).waitFor();
    // Said plainly when it fails: what the camera dialog shows (a camera error, or still «Наведите камеру…»).
    await page.waitForURL(productUrl(kettleId), { timeout: 60_000 }).catch(async (e: unknown) => {
      const shown = await page.getByRole('dialog', { name: 'Сканирование камерой' }).textContent();
      throw new Error(`the product did not open; the dialog shows: ${shown}`, { cause: e });
    });
    await app.expectTitle(kettle);
    expect(await page.getByRole('dialog', { name: 'Сканирование камерой' }).count()).toBe(0);
  });
});
