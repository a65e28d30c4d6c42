import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { LocalData } from './pages/local-data.ts';
import { ProductStockPage } from './pages/product-stock-page.ts';
import { ProductsFigures } from './pages/products-figures.ts';
import { SyncPanelPage } from './pages/sync-panel-page.ts';

// Issue 13: an offline edit the server refuses is announced by name with the reason, listed with
// «Открыть», «Повторить», «Отменить», and once all is settled the indicator says so.
const MUG = 'Кружка белая';
const KETTLE = 'Чайник стальной';
const SHORT = 'Недостаточно товара на складе: доступно 1 шт.';
const user = {
  login: `fate-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Анна',
  last_name: 'Кузнецова',
};

interface ServerDisposal {
  id: string;
  count: number;
}

let server: RunningServer;
let api: ServerApi;
let stock: StockApi;
let mug: string;
let kettle: string;
let context: BrowserContext;
let tab1: Page;
let tab2: Page;

const receive = (productId: string, count: number) =>
  api.call('POST', '/api/v1/inventory/', {
    product_id: productId,
    count,
    price: 100,
  });
const writeOffOnServer = (productId: string, count: number) =>
  api.call<ServerDisposal>('POST', '/api/v1/disposal/', {
    product_id: productId,
    count,
    price: 0,
    description: 'С другого устройства',
  });
const serverDisposals = async (productId: string) =>
  (await api.call<{ results: ServerDisposal[] }>('GET', `/api/v1/disposal/${productId}/?page=1&page_size=50`)).results;
const serverCount = async (productId: string) => (await stock.figures()).get(productId)!.count;

beforeAll(async () => {
  server = await startServer();
  api = await ServerApi.signUp(server.url, user);
  stock = new StockApi(api);
  [mug, kettle] = (await stock.addProducts([MUG, KETTLE])) as [string, string];
  await receive(mug, 2);
  await receive(kettle, 1);
  context = await launchProfile();
  tab1 = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

describe('the fate of an offline edit the server refuses', () => {
  it('is announced by product and reason in both tabs; «Повторить» applies it once, «Отменить» leaves the server’s rows; then «Всё отправлено»', async () => {
    const app = new AppPage(tab1);
    const sync = new SyncPanelPage(tab1);
    const product = new ProductStockPage(tab1);
    const products = new ProductsFigures(tab1);

    await tab1.goto(server.url);
    await tab1.waitForURL(/\/auth$/);
    await new AuthPage(tab1).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();
    await app.openMenu('Товары');
    await products.waitForRows(2, 'both products on the device');
    await product.open(server.url, mug, 'Учёт');
    await eventually(
      async () => (await product.stockLine()).startsWith('На складе: 2 шт.'),
      'the mug’s two units on the device',
    );
    await eventually(
      async () => (await sync.indicatorText()).includes('Всё отправлено'),
      'all sent before going offline',
    );

    // The second tab of the same profile: it never makes the edit.
    tab2 = await context.newPage();
    const sync2 = new SyncPanelPage(tab2);
    await tab2.goto(`${server.url}/products`);
    await new AppPage(tab2).expectTitle('Товары');

    await context.setOffline(true);
    await product.writeOff(server.url, mug, {
      count: 2,
      price: 100,
      reason: 'Разбиты',
    });
    await product.writeOff(server.url, kettle, {
      count: 1,
      price: 100,
      reason: 'Помят',
    });
    await eventually(async () => (await app.unsentCount()) === 2, 'two write-offs waiting');
    expect(await sync.indicatorText()).toContain('Нет сети');
    expect(await sync.indicatorText()).not.toContain('Всё отправлено');

    // Meanwhile another device takes a unit of each.
    await writeOffOnServer(mug, 1);
    const kettleOnServer = await writeOffOnServer(kettle, 1);

    await context.setOffline(false);
    const mugSentence = `Списание 2 шт. товара «${MUG}» отклонено: ${SHORT}`;
    await sync.notice().waitFor({ timeout: 30_000 });
    await eventually(
      async () => (await sync.noticeText()).includes(mugSentence) || (await sync.noticeText()).includes(`«${KETTLE}»`),
      'the notification names a product',
    );
    await eventually(async () => (await sync.indicatorText()).includes('Отклонено: 2'), 'both refused');
    const text1 = await sync.noticeText();
    expect(text1).toContain(
      `Списание 1 шт. товара «${KETTLE}» отклонено: Недостаточно товара на складе: доступно 0 шт.`,
    );
    expect(text1).toContain('Ещё отклонённых правок: 1.');
    // The other tab heard it from IndexedDB, without sending anything itself.
    await sync2.notice().waitFor();
    expect(await sync2.noticeText()).toBe(text1);
    // The refused write-offs are undone on the device: the mug shows the server's one unit.
    await product.open(server.url, mug, 'Учёт');
    await eventually(
      async () => (await product.stockLine()).startsWith('На складе: 1 шт.'),
      'the mug as the server has it',
    );

    // A reload (here, on another screen) does not lose it.
    await tab1.goto(`${server.url}/products`);
    await sync.notice().waitFor();
    expect(await sync.noticeText()).toBe(text1);

    await sync.openDialog();
    const listed = await sync.refusedTexts();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(`Списание 2 шт. товара «${MUG}»`);
    expect(listed[0]).toContain(SHORT);
    expect(listed[1]).toContain(`Списание 1 шт. товара «${KETTLE}»`);
    for (const name of [MUG, KETTLE])
      for (const label of ['Открыть', 'Повторить', 'Отменить'] as const) {
        const box = await sync.button(name, label).boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
    // Seen in the list: the notification is gone, here and in the other tab.
    await sync.notice().waitFor({ state: 'detached' });
    await sync2.notice().waitFor({ state: 'detached' });

    // «Открыть» goes to the product.
    await sync.button(MUG, 'Открыть').click();
    await tab1.waitForURL(new RegExp(`/product/${mug}(\\?.*)?$`));
    await new AppPage(tab1).expectTitle(MUG);
    await sync.dialog().waitFor({ state: 'detached' });

    // The seller receives more mugs; «Повторить» sends the same write-off again.
    await receive(mug, 5);
    await sync.openDialog();
    await sync.button(MUG, 'Повторить').click();
    await eventually(
      async () => (await sync.refusedTexts()).length === 1,
      'the mug’s write-off no longer refused',
      30_000,
    );
    await eventually(
      async () => (await serverCount(mug)) === 2 + 5 - 1 - 2,
      'the retried write-off on the server',
      30_000,
    );
    const mugDisposals = await serverDisposals(mug);
    expect(mugDisposals.map((d) => d.count).sort()).toEqual([1, 2]);

    // «Отменить» the kettle's: gone, and the device's rows are the server's.
    await sync.button(KETTLE, 'Отменить').click();
    await eventually(async () => (await sync.refusedTexts()).length === 0, 'nothing refused is listed');
    await sync.closeDialog();
    await eventually(async () => (await sync.indicatorText()).includes('Всё отправлено'), '«Всё отправлено»', 30_000);
    expect(await sync.indicatorText()).toMatch(/Всё отправленоСинхр\. \d\d:\d\d/);
    expect(await sync.indicatorText()).not.toContain('Отклонено');

    const local = new LocalData(tab1);
    await eventually(async () => (await local.outbox()).length === 0, 'the outbox emptied', 30_000);
    const localDisposals = (product: string) =>
      local.readAll<{ id: string; product_id: string; count: number }>('disposals').then((rows) =>
        rows
          .filter((r) => r.product_id === product)
          .map((r) => `${r.id}:${r.count}`)
          .sort(),
      );
    expect(await localDisposals(kettle)).toEqual([`${kettleOnServer.id}:1`]);
    expect(await localDisposals(mug)).toEqual(mugDisposals.map((d) => `${d.id}:${d.count}`).sort());
    expect(await serverCount(kettle)).toBe(0);

    // Applied exactly once: more syncs (a reload, the other tab) change nothing on the server.
    await tab1.reload();
    await tab2.reload();
    await eventually(
      async () => (await sync.indicatorText()).includes('Всё отправлено'),
      '«Всё отправлено» after a reload',
      30_000,
    );
    expect(await serverDisposals(mug)).toHaveLength(2);
    expect(await serverCount(mug)).toBe(4);
    await product.open(server.url, mug, 'Учёт');
    await eventually(
      async () => (await product.stockLine()).startsWith('На складе: 4 шт.'),
      'the mug’s four units on the device',
    );
    expect(await sync.notice().count()).toBe(0);
    expect(await sync2.notice().count()).toBe(0);
  });
});
