import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { BatchEditorPage } from './pages/batch-editor-page.ts';
import { wedgeScan } from './helpers/wedge-scan.ts';

// Issue 25: a hand scanner is a keyboard wedge — it types the code fast and presses Enter, wherever the focus is.
// In a receipt the first scan adds the product's line, the second counts it up to 2; received, the server has 2 more.
const kettle = 'Чайник стальной';
const code = '4601234567893';
const user = {
  login: `receipt-scan-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Олег',
  last_name: 'Сканов',
};

let server: RunningServer;
let stock: StockApi;
let productId: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  const api = await ServerApi.signUp(server.url, user);
  stock = new StockApi(api);
  productId = crypto.randomUUID();
  await api.call('POST', '/api/v1/products/warehouse/add/', [{ id: productId, name: kettle, barcodes: [code] }]);
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  page = await browser.newPage({ viewport: { width: 1024, height: 768 }, locale: 'ru-RU' });
  // What the packer would hear: every scan's outcome, as the app announces it (src/scan/feedback.ts).
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    window.addEventListener('ostatok:scan-feedback', (e) => heard.push((e as CustomEvent).detail));
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const heard = () => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);

describe('scanning into a purchase receipt', () => {
  it('scan adds the line, a second scan makes it 2, received: the stock is up by 2', async () => {
    expect((await stock.figures()).get(productId)).toMatchObject({ count: 0 });
    const app = new AppPage(page);
    await page.goto(server.url);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');

    const editor = new BatchEditorPage(page);
    await editor.open(server.url);
    // The product (with its barcode) is on the device once the drawer lists it.
    await editor.drawer
      .panel()
      .getByRole('button', { name: `Добавить «${kettle}»` })
      .waitFor();
    const count = () => editor.line(kettle).getByRole('textbox', { name: /^Количество/ });

    await wedgeScan(page, code);
    await eventually(async () => (await heard()).length === 1, 'the scan heard');
    expect(await heard()).toEqual([{ code, outcome: 'ok' }]);
    await editor.line(kettle).waitFor();
    expect(await count().inputValue()).toBe('1');

    // The second scan lands in the document even while the search field has the focus, and leaves the field as it was.
    const search = editor.drawer.panel().getByLabel('Поиск товара');
    await search.focus();
    await wedgeScan(page, code);
    await eventually(async () => (await count().inputValue()) === '2', 'the line counted up to 2');
    expect(await heard()).toEqual([
      { code, outcome: 'ok' },
      { code, outcome: 'ok' },
    ]);
    expect(await search.inputValue()).toBe('');
    expect(await page.getByTestId('purchase-line').count()).toBe(1);

    await editor.setLine(kettle, { count: 2, price: 150 });
    expect(await editor.receive()).toBe('Всего 2 шт. на сумму 300 ₽.');
    await page.waitForURL(/\/inventory\/batches/);
    await eventually(() => app.allSent(), 'the receipt sent', 30_000);
    expect((await stock.figures()).get(productId)).toMatchObject({ count: 2, total_price: 300 });
  });
});
