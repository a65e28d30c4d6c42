import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi, type ServerLot } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { CountPage } from './pages/count-page.ts';

// Issue 25, «Инвентаризация»: the owner and a warehouse member, each on their own tablet, open the same count, lose
// the network, and count different shelves — one by wedge scans, the other by typing. Back online, their lines
// reach the server and add up; the owner posts. The server's stock, ledger, lots and costs are the count's result,
// and the posted count takes no more edits.

const stamp = Date.now();
const owner = {
  login: `count-owner-${stamp}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Анна',
  last_name: 'Смирнова',
};
const keeper = {
  login: `count-keeper-${stamp}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Борис',
  last_name: 'Петров',
};
const KETTLE = 'Чайник';
const MUG = 'Кружка';
const KETTLE_CODE = '4601234567893';
const MUG_CODE = '4607001234562';

let server: RunningServer;
let ownerApi: ServerApi;
let stock: StockApi;
const ids: Record<string, string> = {};
const contexts: BrowserContext[] = [];

async function makeTeam(): Promise<void> {
  ownerApi = await ServerApi.signUp(server.url, owner);
  stock = new StockApi(ownerApi);
  const { code } = await ownerApi.call<{ code: string }>('POST', '/api/v1/team/invitations/', { role: 'warehouse' });
  const res = await fetch(`${server.url}/api/v1/users/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...keeper, invitation: code }),
  });
  if (!res.ok) throw new Error(`signup with the invitation: ${res.status} ${await res.text()}`);
}

/** Чайник: 3 at 100 ₽, then 2 at 120 ₽ (5 on hand); Кружка: 4 at 50 ₽. Each with its barcode. */
async function stockWarehouse(): Promise<void> {
  ids[KETTLE] = crypto.randomUUID();
  ids[MUG] = crypto.randomUUID();
  await ownerApi.call('POST', '/api/v1/products/warehouse/add/', [
    { id: ids[KETTLE], name: KETTLE, barcodes: [KETTLE_CODE] },
    { id: ids[MUG], name: MUG, barcodes: [MUG_CODE] },
  ]);
  const receive = (product: string, count: number, price: number) =>
    ownerApi.call('POST', '/api/v1/inventory/', { id: crypto.randomUUID(), product_id: product, count, price });
  await receive(ids[KETTLE], 3, 100);
  await new Promise((r) => setTimeout(r, 20));
  await receive(ids[KETTLE], 2, 120);
  await receive(ids[MUG], 4, 50);
}

async function openDevice(user: {
  login: string;
  password: string;
}): Promise<{ page: Page; app: AppPage; context: BrowserContext }> {
  const context = await launchProfile();
  contexts.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 768, height: 1024 });
  const app = new AppPage(page);
  await page.goto(server.url);
  await page.waitForURL(/\/auth$/);
  await new AuthPage(page).login(user);
  await app.expectTitle('Главная');
  await app.waitForServiceWorker();
  return { page, app, context };
}

const lotsOf = async (productId: string) =>
  (await ownerApi.call<{ results: ServerLot[] }>('GET', '/api/v1/inventory/?page_size=100')).results
    .filter((l) => l.product_id === productId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));

beforeAll(async () => {
  server = await startServer();
  await makeTeam();
  await stockWarehouse();
  // Starting the server takes longer on a busy machine (E2E_SERVER_START_MS).
}, 240_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await server?.stop();
});

describe('a stock count by two members offline', () => {
  it('two shelves counted offline add up; the post books shortage and surplus; the posted count is read-only', async () => {
    const anna = await openDevice(owner);
    const annaCount = new CountPage(anna.page);
    const countId = await annaCount.create(server.url, 'Склад, ноябрь');
    await eventually(() => anna.app.allSent(), 'the count sent', 30_000);
    await eventually(async () => (await annaCount.figure(KETTLE, 'expected')) === '5', 'the kettle’s stock');

    const boris = await openDevice(keeper);
    const borisCount = new CountPage(boris.page);
    await eventually(
      async () => {
        await borisCount.open(server.url, countId).catch(() => undefined);
        return (await borisCount.figure(MUG, 'expected').catch(() => '')) === '4';
      },
      'the count on the warehouse member’s tablet',
      30_000,
    );

    await anna.context.setOffline(true);
    await boris.context.setOffline(true);

    // The owner, shelf А-1: two kettles scanned, three mugs typed.
    await annaCount.setShelf('А-1');
    await annaCount.wedgeScan(KETTLE_CODE);
    await eventually(async () => (await annaCount.figure(KETTLE, 'counted')) === '1', 'the first scan').catch(
      async (e: Error) => {
        throw new Error(`${e.message}: ${await annaCount.state(KETTLE)}`);
      },
    );
    await annaCount.wedgeScan(KETTLE_CODE);
    await eventually(async () => (await annaCount.figure(KETTLE, 'counted')) === '2', 'the second scan');
    await annaCount.typeMine(MUG, 3);
    await eventually(async () => (await annaCount.figure(MUG, 'counted')) === '3', 'the typed mugs');

    // The warehouse member, shelf Б-2: one kettle typed, three mugs scanned.
    await borisCount.setShelf('Б-2');
    await borisCount.typeMine(KETTLE, 1);
    for (let i = 1; i <= 3; i++) {
      await borisCount.wedgeScan(MUG_CODE);
      await eventually(async () => (await borisCount.figure(MUG, 'counted')) === String(i), `mug scan ${i}`);
    }
    // Nothing reached the server meanwhile.
    expect((await ownerApi.call<{ lines: unknown[] }>('GET', `/api/v1/counts/${countId}/`)).lines).toEqual([]);

    await boris.context.setOffline(false);
    await anna.context.setOffline(false);
    for (const d of [anna, boris]) await eventually(() => d.app.allSent(), 'the lines sent', 30_000);
    const detail = await ownerApi.call<{
      lines: Array<{ id: string; product_id: string; quantity: number; shelf: string }>;
    }>('GET', `/api/v1/counts/${countId}/`);
    const lineSet = detail.lines.map((l) => `${l.product_id === ids[KETTLE] ? KETTLE : MUG}/${l.shelf}/${l.quantity}`);
    expect(lineSet.sort()).toEqual([`${MUG}/Б-2/3`, `${MUG}/А-1/3`, `${KETTLE}/Б-2/1`, `${KETTLE}/А-1/2`].sort());

    // The owner's tablet sees both people's lines.
    await eventually(
      async () =>
        (await annaCount.figure(KETTLE, 'counted')) === '3' && (await annaCount.figure(MUG, 'counted')) === '6',
      'both shelves on the owner’s tablet',
      30_000,
    );
    const shown = await annaCount.post();
    expect(shown).toContain('Недостача — будет списано: 2 шт., −200 ₽');
    expect(shown).toContain('Излишек — будет оприходовано: 2 шт., 100 ₽');
    expect(await annaCount.postOutcome()).toBe('Проведена');
    await eventually(() => anna.app.allSent(), 'the post sent', 30_000);

    // The server: the count posted with its results.
    const posted = await ownerApi.call<{
      status: string;
      results: Array<{ product_id: string; expected: number; counted: number; difference: number; cost: number }>;
    }>('GET', `/api/v1/counts/${countId}/`);
    expect(posted.status).toBe('posted');
    const result = (name: string) => posted.results.find((r) => r.product_id === ids[name]);
    expect(result(KETTLE)).toMatchObject({ expected: 5, counted: 3, difference: -2, cost: -200 });
    expect(result(MUG)).toMatchObject({ expected: 4, counted: 6, difference: 2, cost: 100 });

    // Stock: the shortage came off the oldest kettle lot (FIFO); the surplus is a new mug lot at the last cost.
    const figures = await stock.figures();
    expect(figures.get(ids[KETTLE]!)).toMatchObject({ count: 3, total_price: 340 });
    expect(figures.get(ids[MUG]!)).toMatchObject({ count: 6, total_price: 300 });
    expect((await lotsOf(ids[KETTLE]!)).map((l) => [l.count, l.price])).toEqual([
      [1, 100],
      [2, 120],
    ]);
    expect((await lotsOf(ids[MUG]!)).map((l) => [l.count, l.count_max, l.price])).toEqual([
      [4, 4, 50],
      [2, 2, 50],
    ]);

    // The ledger: receipts, then the count's write-off of 2 at 100 ₽ and its receipt of 2 at 50 ₽.
    const kettleMoves = await stock.movements(ids[KETTLE]!);
    const mugMoves = await stock.movements(ids[MUG]!);
    expect(kettleMoves.map((m) => m.delta).reduce((a, b) => a + b, 0)).toBe(3);
    expect(kettleMoves.filter((m) => m.delta < 0).map((m) => [m.reason, m.delta, m.unit_cost])).toEqual([
      ['disposal', -2, 100],
    ]);
    expect(mugMoves.map((m) => m.delta).reduce((a, b) => a + b, 0)).toBe(6);
    const oldestFirst = [...mugMoves].sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(oldestFirst.filter((m) => m.delta > 0).map((m) => [m.delta, m.unit_cost])).toEqual([
      [4, 50],
      [2, 50],
    ]);

    // The posted count on both tablets: results, no inputs, a scan refused.
    for (const [d, page] of [
      [anna, annaCount],
      [boris, borisCount],
    ] as const) {
      await eventually(
        async () => (await d.page.getByText('Проведена', { exact: true }).count()) > 0,
        'the count shown posted',
        30_000,
      );
      expect(await page.inputs().count()).toBe(0);
      expect(await d.page.getByRole('button', { name: 'Провести' }).count()).toBe(0);
      await page.wedgeScan(KETTLE_CODE);
      await d.page.getByRole('status').filter({ hasText: 'Инвентаризация проведена' }).waitFor();
    }

    // A direct edit of a posted count's line is refused by the server.
    const line = detail.lines[0]!;
    const res = await fetch(`${server.url}/api/v1/count_lines/${line.id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerApi.accessToken}` },
      body: JSON.stringify({ quantity: 10 }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain('Инвентаризация проведена');
  }, 300_000);
});
