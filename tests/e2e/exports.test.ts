import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { plainSpaces, shownNumber } from './helpers/shown-number.ts';
import type { Plain } from './helpers/spreadsheet.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { BatchEditorPage } from './pages/batch-editor-page.ts';
import { ExportMenu } from './pages/export-menu.ts';

// Issue 15, part 3: exports of /products, a batch, /inventory and a product's ledger, opened with
// a spreadsheet library (ExcelJS), equal what the screens show; a purchase loaded from a CSV and
// from an XLSX file (an unmatched line shown and left out) saves the same lots as one typed by hand.
const RECEIPT_DAY = '2025-03-14';
const goods = [
  { name: 'Чайник стальной', article: 'KET-01', count: 5, price: 100.5 },
  { name: 'Кружка "Утро"; керамика', article: 'MUG-02', count: 3, price: 250 },
  { name: 'Термос дорожный', article: null, count: 2, price: 80 },
] as const;
const user = {
  login: `exports-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Нина',
  last_name: 'Орлова',
};

let server: RunningServer;
let stock: StockApi;
let context: BrowserContext;
let page: Page;
const ids: string[] = [];

beforeAll(async () => {
  server = await startServer();
  const api = await ServerApi.signUp(server.url, user);
  stock = new StockApi(api);
  for (const g of goods) {
    const id = crypto.randomUUID();
    const products_mp = g.article
      ? [{ offer_id: g.article, name: g.name, marketplace: 'OZON', market_id: 'exports-store' }]
      : [];
    await api.call('POST', '/api/v1/products/products/', {
      id,
      name: g.name,
      description: '',
      images: [],
      products_mp,
    });
    ids.push(id);
  }
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

const lotsOf = async (batchId: string) =>
  (await stock.batch(batchId)).inventories
    .map((l) => ({ product_id: l.product_id, count_max: l.count_max, price: l.price }))
    .sort((a, b) => a.product_id.localeCompare(b.product_id));

/** The file picked through «Загрузить из файла»; answers the dialog that shows what matched. */
async function loadFile(file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Загрузить из файла' }).click(),
  ]);
  await chooser.setFiles(file);
  const dialog = page.getByRole('dialog', { name: `Загрузка из файла «${file.name}»` });
  await dialog.waitFor();
  return dialog;
}

/** Cells of the rows with this test id, as their text. */
const shownRows = async (testId: string) =>
  Promise.all(
    (await page.getByTestId(testId).all()).map(async (r) =>
      (await r.locator(':scope > td').allTextContents()).map(plainSpaces),
    ),
  );

describe('exports and a purchase loaded from a file', () => {
  it('a purchase from CSV and from XLSX saves the same lots as one typed by hand, the unmatched line left out', async () => {
    const app = new AppPage(page);
    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();

    // By hand.
    const editor = new BatchEditorPage(page);
    await editor.open(server.url);
    for (const g of goods) await editor.addLine(g.name);
    for (const g of goods) await editor.setLine(g.name, g);
    await editor.setDate(RECEIPT_DAY);
    await editor.receive();
    await page.waitForURL(/\/inventory\/batches/);

    // CSV, «;», decimal comma, an article of a listing, an exact name (other case), a product not on the warehouse.
    await editor.open(server.url);
    await editor.setDate(RECEIPT_DAY);
    const csv = [
      'Артикул;Наименование;Кол-во;Цена закупки, ₽',
      'ket-01;;5;100,5',
      'MUG-02;Кружка;3;250,00',
      ';термос дорожный;2;80',
      'NOPE-9;Самовар медный;1;10',
      '',
    ].join('\r\n');
    let dialog = await loadFile({ name: 'закупка.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + csv) });
    expect(await dialog.getByTestId('file-line-matched').count()).toBe(3);
    const unmatched = dialog.getByTestId('file-line-unmatched');
    expect(await unmatched.count()).toBe(1);
    expect(plainSpaces(await unmatched.textContent())).toContain(
      'Нет товара склада с артикулом «NOPE-9» или названием «Самовар медный»',
    );
    // Nothing reached the editor before the confirmation.
    expect(await page.getByTestId('purchase-line').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Добавить строк: 3' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('purchase-line').count()).toBe(3);
    expect(await editor.totals()).toBe('Итого: 10 шт. на сумму 1 412,50 ₽');
    await editor.receive();
    await page.waitForURL(/\/inventory\/batches/);

    // XLSX written by another library, «,» never involved: names, numbers as numbers.
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Лист1');
    ws.addRows([
      ['Поставка'],
      [],
      ['Наименование', 'Количество', 'Цена'],
      ...goods.map((g) => [g.name, g.count, g.price]),
      ['Вилка', 4, 12],
      ['Итого', 14, null],
    ]);
    await editor.open(server.url);
    await editor.setDate(RECEIPT_DAY);
    dialog = await loadFile({
      name: 'закупка.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    expect(await dialog.getByTestId('file-line-matched').count()).toBe(3);
    expect(plainSpaces(await dialog.getByTestId('file-line-unmatched').textContent())).toContain(
      'Нет товара склада с названием «Вилка»',
    );
    await dialog.getByRole('button', { name: 'Добавить строк: 3' }).click();
    await dialog.waitFor({ state: 'detached' });
    await editor.receive();
    await page.waitForURL(/\/inventory\/batches/);

    await eventually(
      async () => (await app.allSent()) && (await stock.batches('purchase')).length === 3,
      'the three purchases on the server',
      30_000,
    );
    const batches = await stock.batches('purchase');
    const [hand, ...loaded] = await Promise.all(batches.map((b) => lotsOf(b.id)));
    expect(hand).toEqual(
      goods
        .map((g, i) => ({ product_id: ids[i]!, count_max: g.count, price: g.price }))
        .sort((a, b) => a.product_id.localeCompare(b.product_id)),
    );
    for (const lots of loaded) expect(lots).toEqual(hand);
  });

  it('/products: the file holds every matching row in the table’s order, as shown', async () => {
    await page.goto(`${server.url}/products?order_by=-count&search=${encodeURIComponent('й')}`);
    await eventually(async () => (await page.getByTestId('product-row').count()) === 2, 'the two products with «й»');
    const screen = (await shownRows('product-row')).map((c) => [
      shownNumber(c[0]),
      c[2],
      ...c.slice(3).map(shownNumber),
    ]);
    for (const format of ['xlsx', 'csv'] as const) {
      const { fileName, sheet } = await new ExportMenu(page).save(format);
      expect(fileName).toMatch(new RegExp(`^Товары_\\d{2}\\.\\d{2}\\.\\d{4}\\.${format}$`));
      expect(sheet.rows[0]).toEqual([
        '№',
        'Название',
        'Артикулы',
        'Остаток',
        'Резерв',
        'Уценка',
        'Ср. себестоимость, ₽',
        'Сумма, ₽',
        'Не хватает на заказы',
      ]);
      const rows = sheet.rows.slice(1).map((r) => [r[0], `${r[1]}${r[2] ?? ''}`, ...r.slice(3, 8)]);
      expect(rows).toEqual(screen);
      if (format === 'xlsx') {
        expect(sheet.cell('A1').bold).toBe(true);
        expect(sheet.cell('G2').numFmt).toContain('₽');
        expect(sheet.cell('D2').type).toBe('Number');
      }
    }
  });

  it('a batch: its document lines, date and totals, as /inventory/batches/{id} shows them', async () => {
    const [first] = await stock.batches('purchase');
    await page.goto(`${server.url}/inventory/batches/${first!.id}`);
    await eventually(async () => (await page.getByTestId('document-line').count()) === 3, 'the document’s three lines');
    const screen = (await shownRows('document-line')).map((c) => [
      shownNumber(c[0]),
      c[2],
      shownNumber(c[3]),
      shownNumber(c[4]),
      shownNumber(c[5]),
    ]);
    const totals = plainSpaces(await page.getByTestId('document-totals').textContent());
    expect(totals).toBe('Итого: 10 шт. на сумму 1 412,50 ₽');
    for (const format of ['xlsx', 'csv'] as const) {
      const { fileName, sheet } = await new ExportMenu(page).save(format);
      expect(fileName).toMatch(new RegExp(`^Закупка_от_14\\.03\\.2025_\\d{2}\\.\\d{2}\\.\\d{4}\\.${format}$`));
      expect(sheet.rows.slice(0, 4)).toEqual([
        ['Документ', 'Закупка'],
        ['Дата поступления', '14.03.2025'],
        [],
        ['№', 'Товар', 'Артикулы', 'Количество', 'Цена, ₽', 'Сумма, ₽'],
      ]);
      const lines = sheet.rows.slice(4, -1).map((r) => [r[0], `${r[1]}${r[2] ?? ''}`, r[3], r[4], r[5]]);
      expect(lines).toEqual(screen);
      expect(sheet.rows.at(-1)).toEqual(['Итого', null, null, 10, null, 1412.5]);
      if (format === 'xlsx') {
        expect(sheet.cell('B2').type).toBe('Date');
        expect(sheet.cell('B2').numFmt).toBe('dd.mm.yyyy');
        expect(sheet.cell('A4').bold).toBe(true);
      }
    }
  });

  it('/inventory and a product’s history: every row as shown', async () => {
    await page.goto(`${server.url}/inventory`);
    await eventually(async () => (await page.getByTestId('inventory-row').count()) === 9, 'the nine lots');
    const screen: Plain[][] = [];
    for (const row of await page.getByTestId('inventory-row').all()) {
      const td = row.locator(':scope > td');
      const inputs = row.locator('input');
      screen.push([
        plainSpaces(await td.nth(0).textContent()),
        plainSpaces(await td.nth(2).textContent()),
        shownNumber(await td.nth(3).textContent()),
        shownNumber(await inputs.nth(0).inputValue()),
        shownNumber(await inputs.nth(1).inputValue()),
        shownNumber(await td.nth(6).textContent()),
      ]);
    }
    const { sheet } = await new ExportMenu(page).save('xlsx');
    expect(sheet.rows[0]).toEqual([
      'Дата',
      'Товар',
      'Артикулы',
      'Закуплено',
      'Себестоимость, ₽',
      'Остаток',
      'Сумма, ₽',
      'Возврат',
      'Кто',
    ]);
    expect(sheet.rows.slice(1).map((r) => [r[0], `${r[1]}${r[2] ?? ''}`, r[3], r[4], r[5], r[6]])).toEqual(screen);

    await page.goto(`${server.url}/product/${ids[0]}?td=8`);
    await eventually(
      async () => (await page.getByTestId('movement-row').count()) === 3,
      'three receipts in the ledger',
      30_000,
    );
    const ledger = (await shownRows('movement-row')).map((c) => [
      c[0],
      c[1],
      shownNumber(c[2]),
      c[3],
      shownNumber(c[4]),
      c[5],
    ]);
    const { fileName, sheet: history } = await new ExportMenu(page).save('csv');
    expect(fileName).toMatch(/^История_Чайник_стальной_\d{2}\.\d{2}\.\d{4}\.csv$/);
    expect(history.rows.slice(0, 3)).toEqual([
      ['Товар', 'Чайник стальной'],
      [],
      ['Время', 'Причина', 'Количество', 'Партия от', 'Цена за ед., ₽', 'Кто'],
    ]);
    expect(history.rows.slice(3)).toEqual(ledger);
  });

  it('«Экспорт» and its items are touch targets at 768 px', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${server.url}/products`);
    const menu = new ExportMenu(page);
    await menu.button().waitFor();
    expect((await menu.button().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await menu.button().click();
    for (const format of ['xlsx', 'csv'] as const) {
      const box = (await menu.item(format).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(768);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });
});
