import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { plainSpaces } from './helpers/shown-number.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { BatchEditorPage } from './pages/batch-editor-page.ts';
import { ProductStockPage } from './pages/product-stock-page.ts';

// Issue 21, must-show: on a tablet whose browser is English, a price typed the Russian way
// («1200,5») is read as 1200.5 and shown back with a comma, and the amounts show 1 200,50 ₽. A point
// and a space between thousands are taken too; junk gets a Russian message. The purchase, received
// offline, is one unsent edit however many outbox entries its lines make.
const kettle = 'Чайник стальной';
const mug = 'Кружка керамическая';
const user = {
  login: `numbers-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Вера',
  last_name: 'Зуева',
};

let server: RunningServer;
let stock: StockApi;
let ids: { kettle: string; mug: string };
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  stock = new StockApi(await ServerApi.signUp(server.url, user));
  const [a, b] = await stock.addProducts([kettle, mug]);
  ids = { kettle: a!, mug: b! };
  // A persistent profile for the service worker (the receipt is made offline); the browser's language is English.
  const profile = mkdtempSync(path.join(tmpdir(), 'ostatok-profile-numbers-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...chromiumArgs, '--lang=en-US'],
    viewport: { width: 1024, height: 768 },
    locale: 'en-US',
  });
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** Types as a person does, key by key, into an emptied field. */
async function typeInto(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

/** The line's «Сумма» cell: the last but one (the last is ✕). */
async function lineSum(line: Locator): Promise<string> {
  const cells = line.locator(':scope > td');
  return plainSpaces(await cells.nth((await cells.count()) - 2).textContent());
}

describe('number fields take and show a decimal comma in an English-locale browser', () => {
  it('«1200,5» typed into a purchase line’s price is 1 200,50 ₽ on the line, in the total, on the server and in the product', async () => {
    const app = new AppPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();

    const editor = new BatchEditorPage(page);
    await editor.open(server.url);
    await editor.addLine(kettle);
    await editor.addLine(mug);
    await editor.drawer.close();

    const price = (name: string) => editor.line(name).getByRole('textbox', { name: /^Цена/ });
    const count = (name: string) => editor.line(name).getByRole('textbox', { name: /^Количество/ });
    expect(await price(kettle).getAttribute('inputmode')).toBe('decimal');
    expect(await count(kettle).getAttribute('inputmode')).toBe('numeric');

    await typeInto(price(kettle), '1200,5');
    expect(await price(kettle).inputValue()).toBe('1200,5');
    expect(await lineSum(editor.line(kettle))).toBe('1 200,50 ₽');
    await count(kettle).press('Tab');
    expect(await price(kettle).inputValue()).toBe('1200,5');

    // A point and a group space are read too; leaving the field shows the number with a comma.
    await typeInto(price(mug), '1 000.25');
    await price(mug).press('Tab');
    expect(await price(mug).inputValue()).toBe('1000,25');
    // Junk is named in Russian where it was typed.
    await typeInto(count(mug), 'два');
    await count(mug).press('Tab');
    const alert = editor.line(mug).getByRole('alert');
    expect(plainSpaces(await alert.textContent())).toBe('Введите число: цифры, например 12');
    await typeInto(count(mug), '2');
    await alert.waitFor({ state: 'detached' });
    expect(await lineSum(editor.line(mug))).toBe('2 000,50 ₽');
    expect(await editor.totals()).toBe('Итого: 3 шт. на сумму 3 201 ₽');

    // Offline: the purchase with its two lines is one edit waiting to be sent.
    await context.setOffline(true);
    expect(await editor.receive()).toBe('Всего 3 шт. на сумму 3 201 ₽.');
    await page.waitForURL(/\/inventory\/batches/);
    await eventually(async () => (await app.unsentCount()) === 1, 'one unsent edit');
    expect(plainSpaces(await page.getByTestId('unsent-count').textContent())).toBe('Не отправлено: 1');
    await context.setOffline(false);
    await eventually(() => app.allSent(), 'the purchase sent', 30_000);

    const figures = await stock.figures();
    expect(figures.get(ids.kettle)).toMatchObject({ count: 1, total_price: 1200.5 });
    expect(figures.get(ids.mug)).toMatchObject({ count: 2, total_price: 2000.5 });

    // The product's lot: the price field shows the comma, the amount 1 200,50 ₽.
    const product = new ProductStockPage(page);
    await product.open(server.url, ids.kettle, 'Учёт');
    const lot = page.getByTestId('lot-row').first();
    await lot.waitFor();
    expect(await lot.getByRole('textbox', { name: /^Цена/ }).inputValue()).toBe('1200,5');
    // Date, received, remaining, price, sum, who: the sum is the fifth cell.
    expect(plainSpaces(await lot.locator(':scope > td').nth(4).textContent())).toBe('1 200,50 ₽');
  });

  it('the receipt form takes «1 200,5» and saves 1200.5; its price field shows a comma', async () => {
    await page.goto(`${server.url}/product/${ids.mug}/inventory/new`);
    const price = page.getByLabel('Цена за единицу, ₽', { exact: true });
    await price.waitFor();
    expect(await price.inputValue()).toBe('100');
    await typeInto(price, '1 200,5');
    await typeInto(page.getByLabel('Количество', { exact: true }), '2');
    await page.getByRole('button', { name: 'Оприходовать', exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${ids.mug}\\?td=2$`));
    const prices = page.getByTestId('lot-row').getByRole('textbox', { name: /^Цена/ });
    await eventually(async () => (await prices.count()) === 2, 'both lots of the mug');
    const shown = await Promise.all((await prices.all()).map((p) => p.inputValue()));
    expect(shown.sort()).toEqual(['1000,25', '1200,5']);
    await eventually(
      async () => (await stock.figures()).get(ids.mug)?.total_price === 2000.5 + 2401,
      'the receipt on the server',
      30_000,
    );
  });
});
