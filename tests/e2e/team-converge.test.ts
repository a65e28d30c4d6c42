import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi } from './helpers/stock-api.ts';
import { eventually } from './helpers/wait.ts';
import { AppPage } from './pages/app-page.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ChangedByNotes } from './pages/changed-by-note.ts';
import { LocalData } from './pages/local-data.ts';
import { ProductPage } from './pages/product-page.ts';

// Issue 24: two members of one business, each on their own device, rename the same product without a network and
// come back one after the other. The server keeps the rename that reached it last; both screens end showing it, and
// the one whose rename was replaced reads under the field who replaced it and when.

const owner = {
  login: `owner-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Анна',
  last_name: 'Смирнова',
};
const manager = {
  login: `manager-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Борис',
  last_name: 'Петров',
};

let server: RunningServer;
let ownerApi: ServerApi;
let productId: string;
const devices: Array<{ context: BrowserContext; page: Page }> = [];

/** The team as the API makes it (the team screens are built elsewhere): an invitation, and a sign-up with its code. */
async function makeTeam(): Promise<void> {
  ownerApi = await ServerApi.signUp(server.url, owner);
  const { code } = await ownerApi.call<{ code: string }>('POST', '/api/v1/team/invitations/', { role: 'manager' });
  const res = await fetch(`${server.url}/api/v1/users/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...manager, invitation: code }),
  });
  if (!res.ok) throw new Error(`signup with the invitation: ${res.status} ${await res.text()}`);
}

/** A member's own browser profile, signed in and on the product's page. */
async function openDevice(user: { login: string; password: string }) {
  const context = await launchProfile();
  const page = context.pages()[0] ?? (await context.newPage());
  devices.push({ context, page });
  const app = new AppPage(page);
  await page.goto(server.url);
  await page.waitForURL(/\/auth$/);
  await new AuthPage(page).login(user);
  await app.expectTitle('Главная');
  await app.waitForServiceWorker();
  await page.goto(`${server.url}/product/${productId}`);
  const product = new ProductPage(page);
  await eventually(
    async () =>
      (await product
        .nameField()
        .inputValue()
        .catch(() => '')) === 'Чайник',
    'the product',
  );
  return { context, page, product, notes: new ChangedByNotes(page), local: new LocalData(page) };
}

const serverName = async () =>
  (await ownerApi.call<{ product_wh: { name: string } }>('GET', `/api/v1/products/product/${productId}/`)).product_wh
    .name;

beforeAll(async () => {
  server = await startServer();
  await makeTeam();
  [productId] = (await new StockApi(ownerApi).addProducts(['Чайник'])) as [string];
});
afterAll(async () => {
  for (const { context } of devices) await context.close();
  await server?.stop();
});

describe('two members rename one product offline', () => {
  it('both screens end with the later rename; the earlier one is told who replaced it and when', async () => {
    const anna = await openDevice(owner);
    const boris = await openDevice(manager);

    await anna.context.setOffline(true);
    await boris.context.setOffline(true);
    await anna.product.rename('Чайник стальной');
    await boris.product.rename('Чайник белый');
    await eventually(async () => (await anna.local.outbox()).length === 1, 'the owner’s rename queued');
    await eventually(async () => (await boris.local.outbox()).length === 1, 'the manager’s rename queued');

    // The owner's device comes back first; the manager's rename reaches the server after it, so it stands.
    await anna.context.setOffline(false);
    await eventually(async () => (await serverName()) === 'Чайник стальной', 'the owner’s rename on the server');
    await boris.context.setOffline(false);
    await eventually(async () => (await serverName()) === 'Чайник белый', 'the manager’s rename on the server');

    // The owner's screen learns of it through the live channel, without a reload.
    for (const device of [anna, boris])
      await eventually(
        async () => (await device.product.nameField().inputValue()) === 'Чайник белый',
        'the later rename on both screens',
        15_000,
      );
    const { product_wh } = await ownerApi.call<{ product_wh: { updated_at: string } }>(
      'GET',
      `/api/v1/products/product/${productId}/`,
    );
    // The browser's clock and the test's share the machine's time zone.
    const at = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(product_wh.updated_at),
    );
    await eventually(
      async () => (await anna.notes.text('name')) === `Изменено: Борис Петров, ${at}`,
      'the note under the owner’s name field',
      15_000,
    );
    expect(await boris.notes.text('name')).toBeNull();
    expect(await anna.notes.text('description')).toBeNull();

    // Closed, it stays closed after a reload.
    await anna.notes.dismiss('name');
    await anna.page.reload();
    await anna.product.nameField().waitFor();
    await eventually(async () => (await anna.product.nameField().inputValue()) === 'Чайник белый', 'the name');
    // The notes are read beside the product: a moment for them to come, had the note been kept.
    await anna.page.waitForTimeout(500);
    expect(await anna.notes.text('name')).toBeNull();
  });
});
