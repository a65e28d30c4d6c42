import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi } from './helpers/stock-api.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { registerWithInvitation, TeamPage } from './pages/team-page.ts';

// Issue 24: a team works one business. The owner invites a warehouse member from /team; the member opens the link
// on another device, registers with the code and works with the owner's products; removed by the owner, the member's
// app is signed out within seconds and says why.

let server: RunningServer;
let ownerContext: BrowserContext;
let memberContext: BrowserContext;
let ownerTab: Page;
let memberTab: Page;

beforeAll(async () => {
  server = await startServer();
  ownerContext = await launchProfile();
  memberContext = await launchProfile();
  ownerTab = ownerContext.pages()[0] ?? (await ownerContext.newPage());
  memberTab = memberContext.pages()[0] ?? (await memberContext.newPage());
});
afterAll(async () => {
  await memberContext?.close();
  await ownerContext?.close();
  await server?.stop();
});

const stamp = Date.now();
const owner = {
  login: `owner-${stamp}@example.ru`,
  password: 'пароль-владельца',
  firstName: 'Пётр',
  lastName: 'Орлов',
};
const member = {
  login: `member-${stamp}@example.ru`,
  password: 'пароль-склада',
  firstName: 'Олег',
  lastName: 'Складов',
};

describe('a team on two devices', () => {
  it('the owner invites, the member joins by the link and sees the owner’s products; removed, they are signed out', async () => {
    const ownerApp = new AppPage(ownerTab);
    const team = new TeamPage(ownerTab);
    await ownerTab.goto(server.url);
    await ownerTab.waitForURL(/\/auth$/);
    await new AuthPage(ownerTab).register(owner);
    await ownerApp.expectTitle('Главная');
    const ownerApi = new ServerApi(server.url, (await ownerApp.accessToken())!);
    await new StockApi(ownerApi).addProducts(['Кружка командная', 'Плед клетчатый']);

    await ownerApp.openMenu('Команда');
    await ownerApp.expectTitle('Команда');
    await team.ready();
    await team.rename('Склад Орлова');
    await expect
      .poll(async () => (await ownerApi.call<{ business: { name: string } }>('GET', '/api/v1/team/')).business.name)
      .toBe('Склад Орлова');
    const { code, link } = await team.invite('warehouse');
    expect(link).toBe(`${server.url}/join?code=${code}`);

    // The other device: the link opens registration with the code in it.
    const memberApp = new AppPage(memberTab);
    await memberTab.goto(link);
    await registerWithInvitation(memberTab, member);
    await memberApp.expectTitle('Главная');
    // «Команда» is the owner's alone.
    await memberTab.getByRole('button', { name: 'Меню', exact: true }).click();
    await memberTab.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Товары' }).waitFor();
    expect(
      await memberTab.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Команда' }).count(),
    ).toBe(0);
    await memberTab.keyboard.press('Escape');
    await memberApp.openMenu('Товары');
    const products = new ProductsPage(memberTab);
    await products.rows().filter({ hasText: 'Кружка командная' }).waitFor();
    await products.rows().filter({ hasText: 'Плед клетчатый' }).waitFor();
    await memberApp.openMenu('Профиль');
    await memberTab.getByText('Бизнес: Склад Орлова').waitFor();
    await memberTab.getByText('Роль: Склад (без себестоимости)').waitFor();
    await memberApp.openMenu('Товары');
    await products.rows().first().waitFor();

    // The owner sees the member, and removes them.
    await ownerTab.reload();
    await team.ready();
    await team.memberRow(member.login).waitFor();
    expect(await team.memberRow(member.login).textContent()).toContain('Склад');
    const removedAt = Date.now();
    await team.remove(member.login);

    await memberTab.waitForURL(/\/auth\?expired=1/, { timeout: 5_000 });
    // The server's own words (server/lib/sessions.ts), kept by the app when its refresh was refused.
    await memberTab.getByText('Владелец убрал вас из команды', { exact: false }).waitFor({ timeout: 1_000 });
    expect(Date.now() - removedAt).toBeLessThan(6_000);

    // Signing in again, the person works in an account of their own: the team's products are not there.
    await new AuthPage(memberTab).login(member);
    await memberApp.expectTitle('Главная');
    await memberApp.openMenu('Профиль');
    await memberTab.getByText('Роль: Владелец').waitFor();
    await memberApp.openMenu('Товары');
    await memberApp.expectTitle('Товары');
    await memberTab.getByText('Кружка командная').waitFor({ state: 'detached' });
    expect(await products.rows().count()).toBe(0);
  });
});
