import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { numbersIn } from './helpers/shown-number.ts';
import { StockApi, type MovementReason, type ServerMovement } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { BatchEditorPage } from './pages/batch-editor-page.ts';
import { LocalData } from './pages/local-data.ts';
import { OtherRealizationPage } from './pages/other-realization-page.ts';
import { ProductStockPage, type ShownLot, type ShownMovement } from './pages/product-stock-page.ts';
import { ProductsFigures, type ShownFigures } from './pages/products-figures.ts';

// Issue 5, must-show: offline, receive a batch of three products, write off two units, mark one
// down and realize one to OZON; reconnect; the server's figures equal what the screens showed.
// One lot per product, so FIFO has a single choice and every cost is the lot's price.
const RECEIPT_DAY = '2025-03-14';
const goods = {
  a: { name: 'Чайник стальной', count: 5, price: 100 },
  b: { name: 'Кружка керамическая', count: 3, price: 250.5 },
  c: { name: 'Термос дорожный', count: 4, price: 80 },
} as const;
type Key = keyof typeof goods;
const keys = Object.keys(goods) as Key[];
const WRITE_OFF = 2;
const MARKDOWN_PRICE = 199;
const REALIZATION_PRICE = 120;

// What the screens must show once all four documents are on the device (checked, then compared with the server).
const expectedRows: Record<Key, ShownFigures> = {
  a: { count: 3, reserve: 0, markdowns: 0, averageCost: 100, totalPrice: 300 },
  b: { count: 2, reserve: 0, markdowns: 1, averageCost: 250.5, totalPrice: 501 },
  c: { count: 3, reserve: 0, markdowns: 0, averageCost: 80, totalPrice: 240 },
};

/** What a product's tabs 2–5 and 8 show. */
interface ShownStock {
  stockLine: string;
  lots: ShownLot[];
  markdowns: Array<{ price: number; markdownPrice: number }>;
  disposals: Array<{ count: number; price: number }>;
  others: Array<{ marketplace: string; count: number; realizationPrice: number }>;
  history: ShownMovement[];
}

const reasonLabel: Partial<Record<MovementReason, string>> = {
  receipt: 'Поступление',
  disposal: 'Списание',
  markdown: 'Уценка',
  other_realization: 'Прочая реализация',
};

/** The ledger the tabs imply: each lot's receipt in, each write-off, markdown (one unit) and other realization out. */
function ledgerOf(shown: ShownStock): ShownMovement[] {
  return [
    ...shown.lots.map((l) => ({ reason: 'Поступление', delta: l.received })),
    ...shown.disposals.map((d) => ({ reason: 'Списание', delta: -d.count })),
    ...shown.markdowns.map(() => ({ reason: 'Уценка', delta: -1 })),
    ...shown.others.map((o) => ({ reason: 'Прочая реализация', delta: -o.count })),
  ];
}
const asShown = (m: ServerMovement): ShownMovement => ({ reason: reasonLabel[m.reason] ?? m.reason, delta: m.delta });
const sorted = (rows: ShownMovement[]) =>
  [...rows].sort((x, y) => x.reason.localeCompare(y.reason) || x.delta - y.delta);
const cents = (n: number) => Math.round(n * 100) / 100;

const user = {
  login: `stock-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Игорь',
  last_name: 'Соколов',
};

let server: RunningServer;
let stock: StockApi;
let ids: Record<Key, string>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  stock = new StockApi(await ServerApi.signUp(server.url, user));
  const [a, b, c] = await stock.addProducts(keys.map((k) => goods[k].name));
  ids = { a: a!, b: b!, c: c! };
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

describe('stock offline: receipt, write-off, markdown and other realization', () => {
  it('the server ends up with the figures and ledger the screens showed without a network', async () => {
    const app = new AppPage(page);
    const products = new ProductsFigures(page);
    const product = new ProductStockPage(page);

    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();
    await app.openMenu('Товары');
    await products.waitForRows(3, 'the three products on the device');

    await context.setOffline(true);

    // Receipt: one purchase of the three products, confirmed with its totals.
    const editor = new BatchEditorPage(page);
    await editor.open(server.url);
    for (const k of keys) await editor.addLine(goods[k].name);
    await editor.drawer.close();
    for (const k of keys) await editor.setLine(goods[k].name, goods[k]);
    await editor.setDate(RECEIPT_DAY);
    expect(await editor.totals()).toBe('Итого: 12 шт. на сумму 1 571,50 ₽');
    const confirmation = await editor.receive();
    expect(confirmation).toBe('Всего 12 шт. на сумму 1 571,50 ₽.');
    expect(numbersIn(confirmation)).toEqual([12, 1571.5]);
    await page.waitForURL(/\/inventory\/batches/);

    // Two units of A written off; one unit of B marked down, from the price FIFO will take.
    await product.writeOff(server.url, ids.a, {
      count: WRITE_OFF,
      price: goods.a.price,
      reason: 'Разбиты при приёмке',
    });
    const markdownStart = await product.markDown(server.url, ids.b, {
      markdownPrice: MARKDOWN_PRICE,
      description: 'Скол на ручке',
    });
    expect(markdownStart).toBe(goods.b.price);

    // One unit of C realized to OZON.
    const other = new OtherRealizationPage(page);
    await other.open(server.url);
    await other.addLine(goods.c.name);
    await other.drawer.close();
    expect(await other.shownStock(goods.c.name)).toBe(`На складе: ${goods.c.count} шт.`);
    await other.setLine(goods.c.name, { marketplace: 'OZON', count: 1, realizationPrice: REALIZATION_PRICE });
    expect(await other.totals()).toBe('Итого: 1 шт. на сумму 120 ₽');
    await other.realize();

    // What the screens show offline, read after a reload (so from the device's storage).
    await products.open(server.url);
    await products.waitForRows(3, 'the three products, offline');
    const shownRows = {} as Record<Key, ShownFigures>;
    for (const k of keys) shownRows[k] = await products.row(goods[k].name);
    const summary = await products.summary();
    expect(shownRows).toEqual(expectedRows);
    expect(summary.text).toBe('На складе: 8 шт. на сумму 1 041 ₽');

    const shown = {} as Record<Key, ShownStock>;
    for (const k of keys) {
      await product.open(server.url, ids[k], 'Учёт');
      const lots = await product.lots();
      const stockLine = await product.stockLine();
      await product.openTab('Уценка');
      const markdowns = await product.markdowns();
      await product.openTab('Списание');
      const disposals = await product.disposals();
      await product.openTab('Прочая реализация');
      const others = await product.otherRealizations();
      await product.openTab('История');
      const history = await product.history();
      shown[k] = { stockLine, lots, markdowns, disposals, others, history };
    }
    expect(shown.a.lots).toEqual([{ received: 5, remaining: 3, price: 100 }]);
    expect(shown.b.lots).toEqual([{ received: 3, remaining: 2, price: 250.5 }]);
    expect(shown.c.lots).toEqual([{ received: 4, remaining: 3, price: 80 }]);
    expect(shown.a.disposals).toEqual([{ count: WRITE_OFF, price: goods.a.price }]);
    expect(shown.b.markdowns).toEqual([{ price: goods.b.price, markdownPrice: MARKDOWN_PRICE }]);
    expect(shown.c.others).toEqual([{ marketplace: 'OZON', count: 1, realizationPrice: REALIZATION_PRICE }]);
    for (const k of keys) {
      expect(shown[k].stockLine).toBe(
        `На складе: ${expectedRows[k].count} шт., в резерве: 0 шт., свободно: ${expectedRows[k].count} шт.`,
      );
      // The ledger is the server's record: nothing of it exists until the changes are sent.
      expect(shown[k].history).toEqual([]);
    }

    // Nothing has reached the server yet.
    const unsentOffline = await app.unsentCount();
    expect(unsentOffline).toBeGreaterThanOrEqual(4);
    for (const f of (await stock.figures()).values()) expect([f.count, f.markdowns, f.total_price]).toEqual([0, 0, 0]);
    for (const k of keys) expect(await stock.movements(ids[k])).toEqual([]);
    expect(await stock.batches('purchase')).toEqual([]);

    // Reconnect on /products: once the indicator shows nothing unsent and nothing refused, the
    // server has it all. The figures on screen stay as they were all along, until the device holds
    // the server's ledger (6 rows) and its outbox is empty.
    await products.open(server.url);
    await products.waitForRows(3, 'the three products before reconnecting');
    await products.watch();
    await context.setOffline(false);
    await eventually(() => app.allSent(), 'nothing unsent', 30_000);
    expect(await page.getByTestId('sync-indicator').textContent()).not.toContain('Отклонено');
    await eventually(
      async () => (await app.localRowCounts()).stock_movements === 6,
      'the server’s ledger on the device',
    );
    await eventually(async () => (await new LocalData(page).outbox()).length === 0, 'the outbox emptied');
    expect(await products.seen()).toEqual([expect.stringContaining(summary.text)]);

    // Figures: GET /api/v1/products/all/ equals the /products table and its summary line.
    const figures = await stock.figures();
    for (const k of keys) {
      const f = figures.get(ids[k])!;
      expect({
        product: k,
        count: f.count,
        reserve: f.reserve,
        markdowns: f.markdowns,
        total_price: f.total_price,
      }).toEqual({
        product: k,
        count: shownRows[k].count,
        reserve: shownRows[k].reserve,
        markdowns: shownRows[k].markdowns,
        total_price: shownRows[k].totalPrice,
      });
      expect(cents(f.total_price / f.count)).toBe(shownRows[k].averageCost);
    }
    const all = [...figures.values()];
    expect(all.reduce((s, f) => s + f.count, 0)).toBe(summary.count);
    expect(cents(all.reduce((s, f) => s + f.total_price, 0))).toBe(summary.total);

    // Ledger: Σ delta is the count, and its rows are the ones the tabs implied, at the lot's cost.
    const ledgers = {} as Record<Key, ServerMovement[]>;
    for (const k of keys) {
      const ledger = (ledgers[k] = await stock.movements(ids[k]));
      expect(ledger.reduce((s, m) => s + m.delta, 0)).toBe(figures.get(ids[k])!.count);
      expect(ledger.reduce((s, m) => s + m.delta, 0)).toBe(shown[k].lots.reduce((s, l) => s + l.remaining, 0));
      expect(sorted(ledger.map(asShown))).toEqual(sorted(ledgerOf(shown[k])));
      for (const m of ledger) expect(m.unit_cost).toBe(goods[k].price);
    }
    expect(sorted(ledgers.a.map(asShown))).toEqual(
      sorted([
        { reason: 'Поступление', delta: 5 },
        { reason: 'Списание', delta: -2 },
      ]),
    );
    expect(sorted(ledgers.b.map(asShown))).toEqual(
      sorted([
        { reason: 'Поступление', delta: 3 },
        { reason: 'Уценка', delta: -1 },
      ]),
    );
    expect(sorted(ledgers.c.map(asShown))).toEqual(
      sorted([
        { reason: 'Поступление', delta: 4 },
        { reason: 'Прочая реализация', delta: -1 },
      ]),
    );

    // Documents: exactly one purchase with the three lots as received, and one other realization to OZON.
    const purchases = await stock.batches('purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ kind: 'purchase', total_count: 12, total_sum: 1571.5 });
    expect(purchases[0]!.date.slice(0, 10)).toBe(RECEIPT_DAY);
    const purchase = await stock.batch(purchases[0]!.id);
    expect(purchase.kind).toBe('purchase');
    expect(purchase.inventories).toHaveLength(3);
    for (const k of keys) {
      const lots = purchase.inventories.filter((l) => l.product_id === ids[k]);
      expect(lots.map((l) => ({ received: l.count_max, remaining: l.count, price: l.price }))).toEqual(shown[k].lots);
      for (const m of ledgers[k]) expect(m.lot_id).toBe(lots[0]!.id);
    }
    expect(purchase.disposals.map((d) => [d.product_id, d.count])).toEqual([[ids.a, WRITE_OFF]]);
    expect(purchase.markdowns.map((m) => m.product_id)).toEqual([ids.b]);
    const others = await stock.batches('other');
    expect(others).toHaveLength(1);
    expect(others[0]).toMatchObject({ kind: 'other', total_count: 1, total_sum: REALIZATION_PRICE });
    const realized = (await stock.batch(others[0]!.id)).other_realizations;
    expect(
      realized.map((o) => ({
        product_id: o.product_id,
        count: o.count,
        marketplace: o.marketplace,
        realization_price: o.realization_price,
      })),
    ).toEqual([{ product_id: ids.c, count: 1, marketplace: 'OZON', realization_price: REALIZATION_PRICE }]);

    // The device, now holding the server's rows: the same figures, and the ledger in «История».
    await products.open(server.url);
    await products.waitForRows(3, 'the three products after sync');
    for (const k of keys) expect(await products.row(goods[k].name)).toEqual(shownRows[k]);
    expect((await products.summary()).text).toBe(summary.text);
    for (const k of keys) {
      await product.open(server.url, ids[k], 'История');
      const expected = JSON.stringify(sorted(ledgers[k].map(asShown)));
      await eventually(
        async () => JSON.stringify(sorted(await product.history())) === expected,
        `the ledger of ${goods[k].name} in «История»`,
      );
    }
  });
});
