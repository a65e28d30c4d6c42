import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { MarketsPage } from './pages/markets-page.ts';

let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

async function serverMarkets(token: string): Promise<Array<{ market_id: string; name: string }>> {
  const res = await fetch(`${server.url}/api/v1/markets/`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ market_id: string; name: string }>;
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a store created online and renamed offline', () => {
  it('reaches the server once back online, and sign-out leaves nothing on the device', async () => {
    const app = new AppPage(page);
    const auth = new AuthPage(page);
    const markets = new MarketsPage(page);

    await page.goto(server.url);
    await page.waitForURL(/\/auth$/);
    await auth.register({
      login: `e2e-${Date.now()}@example.ru`,
      password: 'пароль-надёжный',
      firstName: 'Ольга',
      lastName: 'Иванова',
    });
    await page.waitForURL(`${server.url}/`);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();

    await app.openMenu('Магазины');
    await app.expectTitle('Мои магазины');
    await markets.add({ marketId: 'ozon-1', name: 'Озон основной', description: 'Склад на Лиговском' });
    await page.waitForURL(/\/markets$/);
    await markets.store('Озон основной').waitFor();
    const token = (await app.accessToken())!;
    await eventually(
      async () => (await serverMarkets(token)).some((m) => m.market_id === 'ozon-1'),
      'store on the server',
    );

    await context.setOffline(true);
    await page.reload();
    await app.expectTitle('Мои магазины');
    await markets.store('Озон основной').click();
    await app.expectTitle('Озон основной');
    await markets.renameOpenStore('Озон — склад 2');
    await eventually(async () => (await app.unsentCount()) === 1, 'one unsent edit');
    expect((await serverMarkets(token))[0]!.name).toBe('Озон основной');

    await context.setOffline(false);
    await eventually(async () => (await serverMarkets(token))[0]!.name === 'Озон — склад 2', 'rename on the server');
    await eventually(() => app.allSent(), 'outbox drained');

    await app.openMenu('Выход');
    await auth.logout();
    await page.waitForURL(/\/auth$/);
    const counts = await app.localRowCounts();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await app.accessToken()).toBeNull();
  });
});
