import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { SyncTraffic } from './helpers/sync-traffic.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { LocalData } from './pages/local-data.ts';
import { MarketsPage } from './pages/markets-page.ts';

let server: RunningServer;
let context: BrowserContext;
let tab1: Page;
let tab2: Page;

beforeAll(async () => {
  server = await startServer();
  context = await launchProfile();
  tab1 = context.pages()[0] ?? (await context.newPage());
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

const names = (markets: Array<{ market_id: string; name: string }>) =>
  Object.fromEntries(markets.map((m) => [m.market_id, m.name]).sort(([a], [b]) => a!.localeCompare(b!)));

describe('one user in two tabs, offline edits in one of them', () => {
  it('sends every queued edit once from one tab, and both tabs show the result without reload', async () => {
    const app1 = new AppPage(tab1);
    const markets1 = new MarketsPage(tab1);

    await tab1.goto(server.url);
    await tab1.waitForURL(/\/auth$/);
    await new AuthPage(tab1).register({
      login: `tabs-${Date.now()}@example.ru`,
      password: 'пароль-надёжный',
      firstName: 'Пётр',
      lastName: 'Смирнов',
    });
    await app1.expectTitle('Главная');
    await app1.waitForServiceWorker();
    const api = new ServerApi(server.url, (await app1.accessToken())!);

    await app1.openMenu('Магазины');
    await markets1.add({ marketId: 'wb-1', name: 'Вайлдберриз' });
    await markets1.store('Вайлдберриз').waitFor();
    await eventually(async () => (await api.markets()).length === 1, 'the online store on the server');

    // The second tab shares the profile: same localStorage session, same IndexedDB.
    tab2 = await context.newPage();
    const app2 = new AppPage(tab2);
    const markets2 = new MarketsPage(tab2);
    await tab2.goto(`${server.url}/markets`);
    await app2.expectTitle('Мои магазины');
    await app2.waitForServiceWorker();
    await markets2.store('Вайлдберриз').waitFor();

    const traffic = new SyncTraffic();
    await traffic.watch(context, 'tab1', tab1);
    await traffic.watch(context, 'tab2', tab2);

    await context.setOffline(true);
    await markets1.add({ marketId: 'ozon-1', name: 'Озон' });
    await markets1.store('Озон').waitFor();
    await markets1.add({ marketId: 'ym-1', name: 'Маркет' });
    await markets1.store('Маркет').waitFor();
    await markets1.store('Маркет').click();
    await app1.expectTitle('Маркет');
    await markets1.renameOpenStore('Яндекс Маркет');
    await app1.openMenu('Магазины');
    await markets1.store('Вайлдберриз').click();
    await app1.expectTitle('Вайлдберриз');
    await markets1.renameOpenStore('Вайлдберриз — Казань');
    await app1.openMenu('Магазины');
    await markets1.store('Вайлдберриз — Казань').waitFor();

    // Two creates and a rename of the synced store; the rename of the unsent create usually folds
    // into it, unless a failed offline send had it on the wire at that instant.
    const queued = await new LocalData(tab1).outbox();
    expect(queued.length).toBeGreaterThanOrEqual(3);
    expect(queued.length).toBeLessThanOrEqual(4);
    expect(queued.every((e) => e.status !== 'rejected')).toBe(true);
    await eventually(async () => (await app1.unsentCount()) === queued.length, 'the unsent count in tab 1');
    expect(names(await api.markets())).toEqual({ 'wb-1': 'Вайлдберриз' });

    // The tabs share IndexedDB, so tab 2 already shows tab 1's offline edits.
    await markets2.store('Яндекс Маркет').waitFor();
    await markets2.store('Вайлдберриз — Казань').waitFor();

    await context.setOffline(false);
    const expected = { 'wb-1': 'Вайлдберриз — Казань', 'ozon-1': 'Озон', 'ym-1': 'Яндекс Маркет' };
    await eventually(
      async () =>
        JSON.stringify(names(await api.markets())) ===
        JSON.stringify(names(Object.entries(expected).map(([market_id, name]) => ({ market_id, name })))),
      'the edits on the server',
    );
    await eventually(async () => (await new LocalData(tab2).outbox()).length === 0, 'the outbox drained');
    await eventually(async () => traffic.idle, 'no push call on the wire');
    await eventually(async () => (await app1.allSent()) && (await app2.allSent()), 'both indicators at zero');

    const sent = traffic.sentCounts();
    for (const entry of queued) expect(sent.get(entry.id), `${entry.method} ${entry.path}`).toBe(1);
    expect([...sent.keys()].sort()).toEqual(queued.map((e) => e.id).sort());
    for (const call of traffic.pushes) {
      expect(call.status).toBe(200);
      expect(call.resultStatuses.every((s) => s < 300)).toBe(true);
    }
    // Whichever tab took the Web Lock drained it all; the other found nothing left to send.
    expect(new Set(traffic.pushes.map((c) => c.tab)).size).toBe(1);
    expect(names(await api.markets())).toEqual(expected);

    // A change from another device reaches both open tabs through the live channel's `changes`
    // message; the periodic pull is 30 s away, so a prompt update can only come from the channel.
    const pullsBefore = traffic.pulls.length;
    const changedAt = Date.now();
    await api.renameMarket('ozon-1', 'Озон — с другого устройства');
    await markets2.store('Озон — с другого устройства').waitFor({ timeout: 5_000 });
    await markets1.store('Озон — с другого устройства').waitFor({ timeout: 5_000 });
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    // Each tab pulls on the message; one may paint first from the other's pull (shared IndexedDB).
    const pulledBy = () => new Set(traffic.pulls.slice(pullsBefore).map((p) => p.tab));
    await eventually(
      async () => pulledBy().has('tab1') && pulledBy().has('tab2'),
      'both tabs pulled after the change',
      5_000,
    );
    expect(tab2.url()).toBe(`${server.url}/markets`);
    await traffic.stop();
  });
});
