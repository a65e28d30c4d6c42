import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, recentWeeks, weekStart } from '../../src/features/home/api/calendar.ts';
import { toApiDate } from '../../src/lib/dates.ts';
import { calendarDay, formatDay } from '../../src/lib/format.ts';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { demoEnv, runDemo, type DemoRun } from './helpers/demo-run.ts';
import { eventually } from './helpers/wait.ts';
import { AuthPage } from './pages/auth-page.ts';
import { HomePage } from './pages/home-page.ts';
import { ViewportCheck } from './pages/viewport-check.ts';

// The home page over the demo's three months of history (server/scripts/demo.ts on a small sandbox
// catalog): what it shows, computed on the device, equals what the server's own calls answer — stock on
// hand and its value at cost, the products short of their waiting orders, each week's sales — and it fits
// a portrait tablet.
const OFFERS = 20;
const root = path.resolve(import.meta.dirname, '../..');
const user = { login: 'home-e2e@ostatok.local', password: 'демо-пароль-главная' };

let demo: DemoRun;
let baseUrl: string;
let api: ServerApi;
let context: BrowserContext;
let page: Page;
let home: HomePage;

beforeAll(async () => {
  // The figures are compared with the server's at one moment: no orders trickle in and sell meanwhile.
  const run = await demoEnv('home', OFFERS, user, { SANDBOX_TRICKLE_PER_MINUTE: '0', ORDER_INTAKE_ENABLED: 'false' });
  demo = await runDemo(run.env);
  baseUrl = run.baseUrl;
  api = await ServerApi.logIn(baseUrl, user.login, user.password);
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
  home = new HomePage(page);
});
afterAll(async () => {
  await context?.close();
  await demo?.stop();
});

interface ServerLot {
  count: number;
  price: number;
}
interface ServerSale {
  count: number;
  price: number;
  realization_price: number;
  status?: string;
  datetime?: string;
  date?: string;
}
interface ShortItem {
  products: { product: { id: string }; sufficiency: number }[];
}

/** Every lot of the account, through the inventory list (200 a page). */
async function serverLots(): Promise<ServerLot[]> {
  const lots: ServerLot[] = [];
  for (let p = 1; ; p++) {
    const { results, total } = await api.call<{ results: ServerLot[]; total: number }>(
      'GET',
      `/api/v1/inventory/?page_size=200&page=${p}`,
    );
    lots.push(...results);
    if (lots.length >= total || results.length === 0) return lots;
  }
}

async function productIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 1; ; p++) {
    const { products } = await api.call<{ products: { product_wh: { id: string } }[] }>(
      'GET',
      `/api/v1/products/all/?page_size=200&page=${p}`,
    );
    ids.push(...products.map((x) => x.product_wh.id));
    if (products.length < 200) return ids;
  }
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

describe('the home page over the demo data', () => {
  it('shows the stock on hand, its value at cost and the products short of waiting orders, as the server counts them', async () => {
    await page.goto(baseUrl);
    await page.waitForURL(/\/auth$/);
    await new AuthPage(page).login(user);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await home.open(baseUrl);
    await home.waitForFigures();

    const sum = await api.call<{ count: number; price: number }>('GET', '/api/v1/inventory/sum');
    const lots = await serverLots();
    // The two server calls agree: Σ remaining units, Σ remaining × each lot's price.
    expect(lots.reduce((s, l) => s + l.count, 0)).toBe(sum.count);
    expect(lots.reduce((s, l) => s + l.count * kopecks(l.price), 0)).toBe(kopecks(sum.price));
    expect(sum.count).toBeGreaterThan(0);

    const [item] = await api.call<ShortItem[]>('GET', '/api/v1/products_mp_status/?sufficiency=not_enough');
    const lacking = new Map(item!.products.map((p) => [p.product.id, -p.sufficiency]));
    expect(lacking.size, 'the demo leaves some orders without stock').toBeGreaterThan(0);

    // The device has pulled everything once its figures stop moving toward the server's.
    await eventually(
      async () => (await home.units()) === sum.count && kopecks(await home.value()) === kopecks(sum.price),
      'the home figures to equal the server’s',
    );
    await eventually(
      async () => (await home.shortfallCount()) === lacking.size,
      'the shortfall count to equal the server’s',
    );
    const shown = await home.shownShortfalls();
    expect(shown.length).toBe(Math.min(5, lacking.size));
    for (const s of shown) expect(s.lacking, s.productId).toBe(lacking.get(s.productId));
    // Most lacking first.
    expect(shown.map((s) => s.lacking)).toEqual([...shown.map((s) => s.lacking)].sort((a, b) => b - a));
    expect(await home.unsent()).toBe(0);
    expect(await home.refused()).toBe(0);

    // A shortfall opens its product; «Главная» heads the menu and comes back here.
    await home.shortfallRows().first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/product/${shown[0]!.productId}`, { waitUntil: 'commit' });
    const nav = page.getByRole('navigation', { name: 'Главное меню' });
    if (!(await nav.getByRole('link', { name: 'Товары' }).isVisible()))
      await page.getByRole('button', { name: 'Меню' }).click();
    expect((await nav.getByRole('link').allTextContents())[0]).toBe('Главная');
    await nav.getByRole('link', { name: 'Главная' }).click();
    await page.locator('header h1').filter({ hasText: 'Главная' }).waitFor();

    // The edits card opens the header's «Синхронизация», where refused edits are handled.
    await home.syncButton().click();
    await page.getByRole('dialog', { name: 'Синхронизация' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('charts the value at cost up to today’s figure, and each week’s sales and cost as the server’s sales add up', async () => {
    await home.open(baseUrl);
    await home.valueChart().waitFor();
    const today = toApiDate();
    const sum = await api.call<{ count: number; price: number }>('GET', '/api/v1/inventory/sum');
    const values = await home.tableRows('value-table');
    expect(values.at(-1)).toEqual({ label: formatDay(today), figures: [sum.price] });
    expect(await home.valueChart().locator('title').first().textContent()).toMatch(
      /^Стоимость склада по себестоимости с \d\d\.\d\d\.\d{4} по \d\d\.\d\d\.\d{4}$/,
    );

    // Every sale and other realization the server has, by the week of its own date.
    const weeks = recentWeeks(today, 13);
    const expected = new Map(weeks.map((w) => [w, { units: 0, revenue: 0, cost: 0, slack: 0 }]));
    for (const id of await productIds()) {
      const sales = await api.call<ServerSale[]>('GET', `/api/v1/realization/${id}/`);
      const others = await api.call<ServerSale[]>('GET', `/api/v1/other_realization_batch/?product_id=${id}`);
      for (const s of [...sales.filter((x) => x.status === 'completed'), ...others]) {
        const week = expected.get(weekStart(calendarDay((s.datetime ?? s.date)!)));
        if (!week) continue;
        week.units += s.count;
        week.revenue += s.count * kopecks(s.realization_price);
        week.cost += s.count * kopecks(s.price);
        // A row's price is its lots' average unit cost rounded to kopecks; the page adds up the lots themselves.
        week.slack += s.count * 0.5 + 1;
      }
    }
    const rows = await home.tableRows('sales-table');
    expect(rows.map((r) => r.label)).toEqual(weeks.map((w) => `${formatDay(w)} – ${formatDay(addDays(w, 6))}`));
    expect(
      [...expected.values()].some((w) => w.units > 0),
      'the demo has sales in the charted weeks',
    ).toBe(true);
    for (const [i, w] of [...expected.values()].entries()) {
      const [units, revenue, cost, margin] = rows[i]!.figures as [number, number, number, number];
      expect(units, weeks[i]).toBe(w.units);
      expect(kopecks(revenue), weeks[i]).toBe(w.revenue);
      expect(Math.abs(kopecks(cost) - w.cost), weeks[i]).toBeLessThanOrEqual(w.slack);
      expect(kopecks(margin), weeks[i]).toBe(kopecks(revenue) - kopecks(cost));
    }
  });

  it('fits a 768×1024 tablet: nothing cut off or wider than the screen', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await home.open(baseUrl);
    await home.waitForFigures();
    await home.salesChart().waitFor();
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('main *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -1 || r.right > width + 1);
      });
      // Every label of the charts inside its chart.
      const cut = [...document.querySelectorAll('main svg')].flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
        });
      });
      return {
        scroll: document.documentElement.scrollWidth - width,
        wide: wide.map((e) => e.outerHTML.slice(0, 80)),
        cut: cut.map((t) => t.textContent),
      };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [], cut: [] });
    const check = new ViewportCheck(
      page,
      { width: 768, height: 1024 },
      path.join(root, 'tests/e2e/results/screenshots/home'),
    );
    check.screen = 'home';
    await check.usable('«Меню»', page.getByRole('button', { name: 'Меню' }));
    await check.usable('shortfall link', home.shortfallRows().first().getByRole('link'));
    await check.usable('sync button', home.syncButton());
    for (const summary of await page.locator('main summary').all()) await check.usable('«Показать таблицей»', summary);
    await check.usable('value chart', home.valueChart());
    await check.usable('sales chart', home.salesChart());
    await check.screenshot('home-768');
    await page.screenshot({
      path: path.join(root, 'tests/e2e/results/screenshots/home/home-768-full.png'),
      fullPage: true,
    });
    expect(check.problems).toEqual([]);
  });
});
