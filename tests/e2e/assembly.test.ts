import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { CatalogApi } from './helpers/catalog-api.ts';
import { ReturnsApi } from './helpers/returns-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { ShippingApi } from './helpers/shipping-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { OrdersPage } from './pages/orders-page.ts';
import { wedgeScan } from './helpers/wedge-scan.ts';

// Issue 25, assembly on the tablet: an OZON order the intake reserved is opened from /orders, its item scanned with
// a keyboard-wedge scanner (a wrong code refused on screen), «Собрано» sent; the order shows «Собран» once the
// sandbox marketplace took it, and the label PDF is downloaded to print. A tablet (768 px).
const OZON = defaultSandboxStores.find((s) => s.marketplace === 'OZON')!;
const CODE = '4601234567893';
const user = {
  login: `assembly-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Ольга',
  last_name: 'Сборщикова',
};

let sandbox: Sandbox;
let server: RunningServer;
let api: ServerApi;
let context: BrowserContext;
let page: Page;
let product: { id: string; name: string; offer: string };
let ozonStoreId: string;

/** POST /__sandbox/postings/OZON: a new order of the product's offer; its posting number. */
async function ozonOrder(quantity: number): Promise<string> {
  const res = await fetch(`${sandbox.url}/__sandbox/postings/OZON`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offer_id: product.offer, quantity, price: 990 }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { postings: Array<{ postingNumber: string }> }).postings[0]!.postingNumber;
}

/** The scans the page answered, in order: the `ostatok:scan-feedback` events (see the init script below). */
const heard = () =>
  page.evaluate(() => (window as unknown as { scans: Array<{ code: string; outcome: string }> }).scans.slice());

/** A hand scanner's scan (tests/e2e/helpers/wedge-scan.ts); the outcome the packer hears. */
async function scanAndHear(code: string): Promise<string> {
  const before = (await heard()).length;
  await wedgeScan(page, code);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const now = await heard();
    if (now.length > before) {
      expect(now.slice(before)).toHaveLength(1);
      expect(now[before]!.code).toBe(code);
      return now[before]!.outcome;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the scan of ${code} was not heard`);
}

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: 2, stores: [OZON], postingsPerStore: 0, returnsPerStore: 0 });
  server = await startServer({
    ...sandboxEnv(sandbox.url, 5),
    ORDER_INTAKE_ENABLED: 'true',
    ORDER_INTAKE_TICK_MS: '200',
  });
  api = await ServerApi.signUp(server.url, user);
  await api.call('POST', '/api/v1/markets/add/', {
    market_id: OZON.marketId,
    name: OZON.name,
    marketplace: OZON.marketplace,
    access_token: OZON.apiKey,
    order_intake: true,
    order_intake_interval: 30,
  });
  ozonStoreId = (await api.call<Array<{ id: string; market_id: string }>>('GET', '/api/v1/markets/')).find(
    (m) => m.market_id === OZON.marketId,
  )!.id;
  const catalog = new CatalogApi(api);
  await new ReturnsApi(api).importCatalogs([OZON]);
  await eventually(async () => (await catalog.total()) === 2, 'the catalog imported', 60_000);
  const found = (await catalog.search('')).products[0]!;
  product = { id: found.product_wh.id, name: found.product_wh.name, offer: found.products_mp[0]!.offer_id };
  await api.call('PATCH', `/api/v1/products/warehouse/${product.id}/update/`, { barcodes: [CODE], shelf: 'А-7' });
  await new ShippingApi(api).addLot(product.id, 5, 100);

  const profile = mkdtempSync(path.join(tmpdir(), 'ostatok-profile-assembly-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
    viewport: { width: 768, height: 1024 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => {
    const scans: Array<{ code: string; outcome: string }> = [];
    (window as unknown as { scans: typeof scans }).scans = scans;
    window.addEventListener('ostatok:scan-feedback', (e) =>
      scans.push((e as CustomEvent<{ code: string; outcome: string }>).detail),
    );
  });
}, 300_000);
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('assembly on the tablet', () => {
  it('scan the order’s items, «Собрано»: the order is «Собран» and its label PDF is fetched', async () => {
    const app = new AppPage(page);
    const orders = new OrdersPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    const posting = await ozonOrder(2);
    await api.call('POST', '/api/v1/orders/intake/run/', { store_id: ozonStoreId });
    await app.openMenu('Заказы');
    await orders.waitForBooks(posting, 'В резерве');

    await orders
      .card(posting)
      .getByRole('link', { name: `Собрать заказ ${posting}` })
      .click();
    await app.expectTitle(`Сборка заказа ${posting}`);
    const line = page.getByRole('listitem', { name: product.name });
    await line.getByTestId('picked').filter({ hasText: '0 / 2' }).waitFor();
    const message = page.getByTestId('scan-message');

    expect(await scanAndHear('4600000000015')).toBe('unknown');
    await message.filter({ hasText: 'Штрихкод 4600000000015 не найден' }).waitFor();
    expect(await scanAndHear(CODE)).toBe('ok');
    await line.getByTestId('picked').filter({ hasText: '1 / 2' }).waitFor();
    const done = page.getByRole('button', { name: 'Собрано' });
    expect(await done.isDisabled()).toBe(true);
    expect(await scanAndHear(CODE)).toBe('ok');
    await line.getByTestId('picked').filter({ hasText: '2 / 2' }).waitFor();
    expect(await scanAndHear(CODE)).toBe('refused');
    await message.filter({ hasText: `Позиция уже собрана: ${product.name}` }).waitFor();

    const label = page.waitForResponse((r) => r.url().endsWith('/label/') && r.status() === 200, { timeout: 60_000 });
    await done.click();
    await page
      .getByTestId('assembly-status')
      .filter({ hasText: /^Собран \d\d\.\d\d\.\d{4}/ })
      .waitFor({ timeout: 60_000 });
    const response = await label;
    expect(response.headers()['content-type']).toContain('application/pdf');
    // The page's copy went to the print frame; the same address, asked again, is the marketplace's PDF.
    const pdf = await fetch(response.url(), { headers: { authorization: `Bearer ${api.accessToken}` } });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByRole('button', { name: 'Печать этикетки' }).waitFor();

    // The server has it assembled too.
    const onServer = await api.call<{ results: Array<{ posting_number: string; assembled_at: string | null }> }>(
      'GET',
      `/api/v1/orders/?search=${posting}`,
    );
    expect(onServer.results.find((o) => o.posting_number === posting)?.assembled_at).toBeTruthy();
  });
});
