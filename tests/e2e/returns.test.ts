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
    await returnsApi.addLot(d.product_id!, 2, 120);
    await returnsApi.addLot(d.product_id!, 1, 150);
    await eventually(async () => (await app.localRowCounts()).lots === 5, 'the lots on the device', 30_000);

    await context.setOffline(true);
    await returns.open(server.url);
    await returns.row(a.id).waitFor();

    // Ready at the lot's price; markdown first without a price: the receipt refuses and flags it (docs/rules.md «Возвраты»).
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
    for (const r of [a, b, c]) {
      await eventually(
        async () => (await returns.row(r.id).getByTestId('received-at').count()) === 1,
        'the row received',
      );
      expect(await returns.receivedText(r.id)).toContain(`Оприходован ${dd}.${m}.${y}`);
      expect((await returns.status(r.id)).disabled).toBe(true);
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
    expect(shownNumber(batchCells.at(-2))).toBe(totalCount);
    expect(shownNumber(batchCells.at(-1)?.replace(/\s/g, ''))).toBe(totalSum);
    const thumbnails = await batchRow.getByTestId('batch-thumbnail').count();
    // One picture per product of the document (the sandbox's listing pictures).
    expect(thumbnails).toBe(3);

    // Nothing on the server yet.
    expect(await app.unsentCount()).toBeGreaterThanOrEqual(1);
    expect((await returnsApi.list()).returns.filter((r) => r.processed)).toEqual([]);

    // Reconnect: everything goes, nothing is refused.
    await returns.open(server.url);
    await context.setOffline(false);
    await eventually(async () => (await app.unsentCount()) === 0, 'nothing unsent', 30_000);
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

    // /return/{id}/to/to_inventory: one more return, received at the chosen lot's price.
    const to = new ReturnToPage(page);
    await to.open(server.url, d.id, 'to_inventory');
    expect(await to.heading()).toBe('Оприходовать товар');
    expect(await to.lotButtons()).toEqual(['по цене 120 ₽', 'по цене 150 ₽']);
    await to.choose('по цене 150 ₽');
    await page.waitForURL(/\/returns(\?|$)/);
    await eventually(async () => (await app.unsentCount()) === 0, 'the receipt sent', 30_000);
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

  it('/returns is usable on a 768 px tablet: no control runs off the screen', async () => {
    const returns = new ReturnsPage(page);
    await page.setViewportSize({ width: 768, height: 1024 });
    await returns.open(server.url);
    await returns.rows().first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const box of await returns.controlBoxes()) expect(box.right, `control ${box.name}`).toBeLessThanOrEqual(768);
    // The rows' own controls too: no sideways scrolling to choose a status, type a price or delete.
    expect(await returns.rowControlsRight()).toBeLessThanOrEqual(768);
  });
});
