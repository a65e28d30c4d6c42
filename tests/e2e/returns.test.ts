import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { CatalogApi } from './helpers/catalog-api.ts';
import { ReturnsApi, type ServerReturn } from './helpers/returns-api.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { plainSpaces, shownNumber } from './helpers/shown-number.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { LocalData } from './pages/local-data.ts';
import { ProductStockPage, type ShownLot } from './pages/product-stock-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { ReturnsPage, ReturnToPage } from './pages/returns-page.ts';
import { ViewportCheck } from './pages/viewport-check.ts';

// Customer returns (docs/screens.md «Адреса», docs/rules.md «Возвраты»): imported from
// the sandbox marketplaces with the ring showing; offline, three are priced as ready, markdown and
// write-off and received in one document; the screens show the new stock; after reconnecting the
// server's lots, markdowns, disposals and figures are what the screens showed. Then one more is
// received alone at a chosen lot's price, and /returns is checked at a tablet's 768 px.
const OFFERS = 20;
const PAGE_SIZE = 10;
const LATENCY_MS = 100;
const RETURNS_PER_STORE = 40;
const STORES = defaultSandboxStores;
const PRICE_MISSING = 'Не указаны значения цены в выделенных возвратах.';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const user = {
  login: `returns-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Ольга',
  last_name: 'Миронова',
};

let sandbox: Sandbox;
let server: RunningServer;
let returnsApi: ReturnsApi;
let stock: StockApi;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: OFFERS,
    stores: STORES,
    latencyMs: LATENCY_MS,
    returnsPerStore: RETURNS_PER_STORE,
  });
  server = await startServer(sandboxEnv(sandbox.url, PAGE_SIZE));
  const api = await ServerApi.signUp(server.url, user);
  const catalog = new CatalogApi(api);
  returnsApi = new ReturnsApi(api);
  stock = new StockApi(api);
  for (const store of STORES) await catalog.addStore(store);
  // The catalogs first: an imported return is linked to a warehouse product through its store's listing.
  await returnsApi.importCatalogs(STORES);
  await eventually(async () => (await catalog.total()) === STORES.length * OFFERS, 'the catalogs imported', 60_000);
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

/** Three linked returns of different products among the newest 50 (the first page), and one more for /return/…/to/…. */
function pickReturns(list: ServerReturn[]): [ServerReturn, ServerReturn, ServerReturn, ServerReturn] {
  const picked: ServerReturn[] = [];
  for (const r of list.slice(0, 50)) {
    if (r.product_id && !picked.some((p) => p.product_id === r.product_id)) picked.push(r);
    if (picked.length === 4) break;
  }
  if (picked.length < 4) throw new Error('not enough linked returns in the sandbox');
  return picked as [ServerReturn, ServerReturn, ServerReturn, ServerReturn];
}

const sumLots = (lots: ShownLot[]) => lots.reduce((s, l) => s + l.remaining * l.price, 0);

describe('customer returns: import, offline receipt, one at a lot price', () => {
  it('imports with the ring, receives ready, markdown and write-off offline, and the server ends up with what the screens showed', async () => {
    const app = new AppPage(page);
    const returns = new ReturnsPage(page);
    const productStock = new ProductStockPage(page);

    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();
    await eventually(
      async () => (await new LocalData(page).markets()).length === STORES.length,
      'the stores on the device',
    );

    // Import from 90 days ago: one request per store, the ring shows the jobs' progress.
    await app.openMenu('Возвраты');
    await app.expectTitle('Возвраты');
    await returns.startImport(day(Date.now() - 90 * 86_400_000));
    const shown = await new ProductsPage(page).ringValueWhenShown(30_000);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    // A marketplace return of two articles is two rows: at least one per sandbox return, then no more coming.
    const atLeast = STORES.length * RETURNS_PER_STORE;
    let last = -1;
    await eventually(
      async () => {
        const total = (await returnsApi.list()).total;
        const settled = total >= atLeast && total === last;
        last = total;
        if (!settled) await new Promise((r) => setTimeout(r, 1_000));
        return settled;
      },
      'every return imported on the server',
      60_000,
    );
    await returns.progressRing().waitFor({ state: 'hidden', timeout: 30_000 });
    const returnCalls = sandbox.control.requests.filter((r) => /return/i.test(r.path) && r.status === 200);
    expect(returnCalls.length).toBeGreaterThanOrEqual(STORES.length);
    await eventually(
      async () => (await returns.rows().count()) === 50,
      'the first page of returns on the device',
      30_000,
    );

    const list = (await returnsApi.list()).returns;
    const [a, b, c, d] = pickReturns(list);
    // An import the sandbox could not link: its marketplace name, and it cannot be received.
    const unlinked = list.slice(0, 50).find((r) => r.product_id === null)!;
    expect(unlinked).toBeTruthy();
    const unlinkedCells = await returns.cells(unlinked.id);
    expect(unlinkedCells[4]).toContain(unlinked.name);
    expect(unlinkedCells[4]).toContain('Не связан с товаром склада');
    expect((await returns.status(unlinked.id)).disabled).toBe(true);
    expect(await returns.cells(a.id)).toEqual(expect.arrayContaining([a.order_number, a.article, String(a.count)]));

    // Stock the three products had before (lots to price the returns by), on the device before going offline.
    await returnsApi.addLot(a.product_id!, 5, 100);
    await returnsApi.addLot(b.product_id!, 5, 200);
    await returnsApi.addLot(c.product_id!, 5, 300);
    // d's oldest lot is sold out: /return/{id}/to/{to} shows it, disabled.
    const soldOut = await returnsApi.addLot(d.product_id!, 1, 90);
    await returnsApi.api.call('POST', '/api/v1/disposal/', {
      product_id: d.product_id,
      count: 1,
      price: 90,
      lot_id: soldOut,
      description: 'Брак',
    });
    await returnsApi.addLot(d.product_id!, 2, 120);
    await returnsApi.addLot(d.product_id!, 1, 150);
    await eventually(async () => (await app.localRowCounts()).lots === 6, 'the lots on the device', 30_000);

    await context.setOffline(true);
    await returns.open(server.url);
    await returns.row(a.id).waitFor();

    // The price dialog asks what the status needs: the price after markdown only for «Уценка».
    expect(await returns.dialogFields(a.id, 'Готов к продаже')).toEqual(['Себестоимость, ₽', 'Примечание']);
    expect(await returns.dialogFields(a.id, 'Списание')).toEqual(['Себестоимость, ₽', 'Примечание']);
    expect(await returns.dialogFields(a.id, 'Уценка')).toEqual([
      'Себестоимость, ₽',
      'Цена после уценки, ₽',
      'Примечание',
    ]);

    // Ready at the lot's price; markdown first without a price: the receipt refuses and flags it (docs/rules.md
    // «Возвраты»).
    await returns.setStatus(a.id, 'Готов к продаже', { lotPrice: 'по цене 100 ₽' });
    await eventually(async () => (await returns.prices(a.id)).join() === '100', 'ready at 100 ₽');
    await returns.setStatus(b.id, 'Уценка', { price: 0, markdownPrice: 0 });
    await eventually(async () => (await returns.status(b.id)).value === 'markdown', 'markdown chosen');
    await returns.receive();
    await returns.notification().filter({ hasText: PRICE_MISSING }).waitFor();
    expect(await returns.row(b.id).getAttribute('data-flagged')).toBe('true');
    expect(await returns.row(a.id).getAttribute('data-flagged')).toBeNull();
    // Pricing the row clears its flag.
    await returns.setStatus(b.id, 'Уценка', { lotPrice: 'по цене 200 ₽', markdownPrice: 60, note: 'Скол на корпусе' });
    expect(await returns.row(b.id).getAttribute('data-flagged')).toBeNull();
    await eventually(async () => (await returns.prices(b.id)).join() === '200,60', 'markdown at 200 ₽, 60 ₽ after');
    await returns.setStatus(c.id, 'Списание', { lotPrice: 'по цене 300 ₽', note: 'Брак' });

    const receiptDay = day(Date.now());
    await returns.receive(receiptDay);
    await returns.notification().filter({ hasText: 'Оприходовано возвратов: 3' }).waitFor();
    const [y, m, dd] = receiptDay.split('-');
    // What each became, in its own verb, at its price in roubles (and the markdown's price after it).
    for (const [r, shown] of [
      [a, `Оприходован в продажу ${dd}.${m}.${y}по цене 100 ₽`],
      [b, `Уценён ${dd}.${m}.${y}по цене 200 ₽после уценки 60 ₽`],
      [c, `Списан ${dd}.${m}.${y}по цене 300 ₽`],
    ] as const) {
      await eventually(
        async () => (await returns.row(r.id).getByTestId('received-at').count()) === 1,
        'the row received',
      );
      expect(await returns.receivedText(r.id)).toBe(shown);
      expect((await returns.status(r.id)).disabled).toBe(true);
      expect(await returns.receiveAtLotLink(r.id).count()).toBe(0);
    }
    expect(await returns.status(a.id)).toEqual({ value: 'ready', disabled: true });

    // The new stock on the product screens, offline (read after a reload: from the device's storage).
    const shownStock: Record<'a' | 'b' | 'c', { line: string; lots: ShownLot[] }> = {} as never;
    for (const [key, r] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      await productStock.open(server.url, r.product_id!, 'Учёт');
      shownStock[key] = { line: await productStock.stockLine(), lots: await productStock.lots() };
    }
    const line = (n: number) => `На складе: ${n} шт., в резерве: 0 шт., свободно: ${n} шт.`;
    expect(shownStock.a.line).toBe(line(5 + a.count));
    expect(shownStock.b.line).toBe(line(5));
    expect(shownStock.c.line).toBe(line(5));
    expect(shownStock.a.lots).toEqual(expect.arrayContaining([{ received: a.count, remaining: a.count, price: 100 }]));
    expect(shownStock.b.lots).toEqual(expect.arrayContaining([{ received: b.count, remaining: 0, price: 200 }]));
    expect(shownStock.c.lots).toEqual(expect.arrayContaining([{ received: c.count, remaining: 0, price: 300 }]));
    await productStock.open(server.url, b.product_id!, 'Уценка');
    const shownMarkdowns = await productStock.markdowns();
    expect(shownMarkdowns).toEqual(Array.from({ length: b.count }, () => ({ price: 200, markdownPrice: 60 })));
    await productStock.open(server.url, c.product_id!, 'Списание');
    const shownDisposals = await productStock.disposals();
    expect(shownDisposals).toEqual([{ count: c.count, price: 300 }]);

    // The returns receipt among the documents (/inventory/batches?is_return=true), with its totals.
    await page.goto(`${server.url}/inventory/batches?is_return=true`);
    const batchRow = page.getByTestId('batch-row');
    await batchRow.first().waitFor();
    expect(await batchRow.count()).toBe(1);
    const batchCells = (await batchRow.locator('td').allTextContents()).map(plainSpaces);
    const totalCount = a.count + b.count + c.count;
    const totalSum = a.count * 100 + b.count * 200 + c.count * 300;
    // …, count, sum, and who made it: the owner received the returns herself.
    expect(shownNumber(batchCells.at(-3))).toBe(totalCount);
    expect(shownNumber(batchCells.at(-2)?.replace(/\s/g, ''))).toBe(totalSum);
    expect(batchCells.at(-1)).toContain('Ольга Миронова');
    const thumbnails = await batchRow.getByTestId('batch-thumbnail').count();
    // One picture per product of the document (the sandbox's listing pictures).
    expect(thumbnails).toBe(3);

    // Nothing on the server yet.
    expect(await app.unsentCount()).toBeGreaterThanOrEqual(1);
    expect((await returnsApi.list()).returns.filter((r) => r.processed)).toEqual([]);

    // Reconnect: everything goes, nothing is refused.
    await returns.open(server.url);
    await context.setOffline(false);
    await eventually(() => app.allSent(), 'nothing unsent', 30_000);
    expect(await page.getByTestId('sync-indicator').textContent()).not.toContain('Отклонено');
    await eventually(async () => (await new LocalData(page).outbox()).length === 0, 'the outbox emptied', 30_000);

    // The server's lots, markdowns, disposals and figures are what the screens showed.
    const serverShown = async (productId: string): Promise<ShownLot[]> =>
      (await returnsApi.lots(productId)).map((l) => ({ received: l.count_max, remaining: l.count, price: l.price }));
    for (const [key, r] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      const onServer = await serverShown(r.product_id!);
      expect([...onServer].sort((x, z) => x.price - z.price || x.received - z.received)).toEqual(
        [...shownStock[key].lots].sort((x, z) => x.price - z.price || x.received - z.received),
      );
      const returnLot = (await returnsApi.lots(r.product_id!)).find((l) => l.is_return)!;
      expect(returnLot).toMatchObject({ return_id: r.id, count_max: r.count });
    }
    expect(
      (await returnsApi.markdowns(b.product_id!)).map((x) => ({ price: x.price, markdownPrice: x.markdown_price })),
    ).toEqual(shownMarkdowns);
    expect((await returnsApi.disposals(c.product_id!)).map((x) => ({ count: x.count, price: x.price }))).toEqual(
      shownDisposals,
    );
    const figures = await stock.figures();
    for (const [key, r] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      const f = figures.get(r.product_id!)!;
      expect(line(f.count)).toBe(shownStock[key].line);
      expect(f.total_price).toBe(sumLots(shownStock[key].lots));
    }
    expect(figures.get(b.product_id!)!.markdowns).toBe(b.count);
    const processed = (await returnsApi.list()).returns.filter((r) => r.processed);
    expect(processed.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(new Set(processed.map((r) => r.batch_id)).size).toBe(1);
    expect(processed.find((r) => r.id === b.id)).toMatchObject({ status: 'markdown', price: 200, markdown_price: 60 });
    const receipts = await returnsApi.receipts();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ id: processed[0]!.batch_id, total_count: totalCount, total_sum: totalSum });

    // /return/{id}/to/to_inventory from d's row: one more return, received at the chosen lot's price.
    const to = new ReturnToPage(page);
    await returns.receiveAtLotLink(d.id).click();
    await page.waitForURL(new RegExp(`/return/${d.id}/to/to_inventory$`));
    await page.getByTestId('return-product').waitFor();
    expect(await to.heading()).toBe('Оприходовать товар');
    // And back to /returns, then in again.
    await to.backLink().click();
    await page.waitForURL(/\/returns(\?|$)/);
    await returns.receiveAtLotLink(d.id).click();
    await page.getByTestId('return-product').waitFor();
    await eventually(async () => (await to.lots()).length === 3, "d's lots shown");
    const lotDay = /^партия от \d\d\.\d\d\.\d{4}$/;
    expect(await to.lots()).toEqual([
      {
        price: 'по цене 90 ₽',
        date: expect.stringMatching(lotDay),
        left: 'осталось 0 шт. — распродана: выбрать нельзя',
        enabled: false,
      },
      { price: 'по цене 120 ₽', date: expect.stringMatching(lotDay), left: 'осталось 2 шт.', enabled: true },
      { price: 'по цене 150 ₽', date: expect.stringMatching(lotDay), left: 'осталось 1 шт.', enabled: true },
    ]);
    await to.choose('по цене 150 ₽');
    await page.waitForURL(/\/returns(\?|$)/);
    await eventually(() => app.allSent(), 'the receipt sent', 30_000);
    await eventually(
      async () => (await returnsApi.lots(d.product_id!)).some((l) => l.is_return),
      'the return lot on the server',
      30_000,
    );
    const dLot = (await returnsApi.lots(d.product_id!)).find((l) => l.is_return)!;
    expect(dLot).toMatchObject({ return_id: d.id, count_max: d.count, price: 150 });
    await eventually(
      async () => (await returns.row(d.id).getByTestId('received-at').count()) === 1,
      'the row shows it received',
    );
    expect(await returns.status(d.id)).toEqual({ value: 'ready', disabled: true });
  });

  it('/returns and /return/{id}/to/{to} fit 768×1024, 1024×768 and 1280×800: every field on screen, cards of one geometry', async () => {
    const returns = new ReturnsPage(page);
    const to = new ReturnToPage(page);
    const app = new AppPage(page);
    await context.setOffline(false);
    // Fresh returns, the newest on the first page: one of each status still open, on products with lots.
    const [a, b, , d] = pickReturns((await returnsApi.list()).returns);
    const fresh = async (productId: string, change?: Record<string, unknown>) => {
      const id = crypto.randomUUID();
      await returnsApi.api.call('POST', '/api/v1/returns/', { id, product_id: productId, count: 2 });
      if (change) await returnsApi.api.call('PATCH', `/api/v1/returns/${id}/`, change);
      return id;
    };
    // d's product has a sold-out lot: /return/{id}/to/{to} shows it disabled.
    const open = await fresh(d.product_id!);
    const ready = await fresh(a.product_id!, { status: 'ready', price: 2495.5 });
    const markdown = await fresh(b.product_id!, { status: 'markdown', price: 12345, markdown_price: 9990 });
    const disposal = await fresh(b.product_id!, { status: 'disposal', price: 200 });
    await returns.open(server.url);
    await eventually(
      async () => (await returns.row(disposal).count()) === 1,
      'the fresh returns on the device',
      30_000,
    );
    await eventually(async () => (await returns.status(disposal)).value === 'disposal', 'their statuses', 30_000);

    const shots = path.resolve(import.meta.dirname, 'results/screenshots/returns');
    const problems: string[] = [];
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const check = new ViewportCheck(page, size, path.join(shots, `${size.width}x${size.height}`));
      check.screen = 'returns';
      await returns.open(server.url);
      await returns.row(disposal).waitFor();
      await returns.row(markdown).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `${size.width}x${size.height}`, 'returns-rows.png') });
      await check.screenshot('returns');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      for (const box of await returns.controlBoxes())
        expect(box.right, `control ${box.name}`).toBeLessThanOrEqual(size.width);
      for (const [what, id] of [
        ['open row', open],
        ['ready row', ready],
        ['markdown row', markdown],
        ['disposal row', disposal],
      ] as const)
        await check.row(what, returns.row(id));
      await check.row('received row', page.locator('[data-testid="return-line"][data-processed="true"]').first());
      // Labelled on the card: the status, the price, and for a markdown the price after it.
      expect.soft(await returns.fieldLabels(ready)).toEqual(['Статус', 'Цена, ₽']);
      expect.soft(await returns.fieldLabels(markdown)).toEqual(['Статус', 'Цена, ₽', 'После уценки, ₽']);
      // One geometry: every field at the same place on each card, whatever the card holds.
      const geometry = await returns.fieldOffsets(open);
      for (const id of [ready, markdown, disposal])
        expect.soft(await returns.fieldOffsets(id), `card ${id} at ${size.width}`).toEqual(geometry);
      // «Готов к продаже» whole in its select.
      expect
        .soft(
          await returns
            .row(ready)
            .getByRole('combobox')
            .evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth + 1),
        )
        .toBe(true);
      // With the drawer of warehouse products open beside (or under) the list, the cards still fit.
      await page.getByRole('button', { name: 'Добавить возврат', exact: true }).click();
      check.screen = 'returns with the drawer';
      for (const [what, id] of [
        ['markdown row', markdown],
        ['ready row', ready],
      ] as const)
        await check.row(what, returns.row(id));
      await returns.row(markdown).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `${size.width}x${size.height}`, 'returns-drawer.png') });
      await page.getByRole('button', { name: 'Закрыть список товаров' }).click();
      // The price dialog of a markdown: every field on screen.
      await returns.row(open).getByRole('combobox').selectOption({ label: 'Уценка' });
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      check.screen = 'price dialog';
      for (const label of ['Себестоимость, ₽', 'Цена после уценки, ₽', 'Примечание'])
        await check.usable(label, dialog.getByLabel(label, { exact: true }));
      await check.usable('«Применить»', dialog.getByRole('button', { name: 'Применить', exact: true }));
      await page.screenshot({ path: path.join(shots, `${size.width}x${size.height}`, 'price-dialog.png') });
      await dialog.getByRole('button', { name: 'Отмена', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      check.screen = 'return-to';
      await returns.receiveAtLotLink(open).click();
      await page.getByTestId('return-product').waitFor();
      await eventually(async () => (await to.lots()).length > 0, 'the lots shown');
      await check.usable('«← К возвратам»', to.backLink());
      for (const [i, lot] of (await page.getByTestId('lot-price').all()).entries()) await check.usable(`lot ${i}`, lot);
      await check.screenshot('return-to');
      await to.backLink().click();
      await page.waitForURL(/\/returns(\?|$)/);
      problems.push(...check.problems);
    }
    expect(problems).toEqual([]);
    expect(await app.unsentCount()).toBe(0);
  });
});
