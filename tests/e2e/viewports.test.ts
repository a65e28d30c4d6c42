import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxStores, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';
import { ServerApi } from './helpers/api.ts';
import { chromiumArgs, chromiumPath } from './helpers/browser.ts';
import { sandboxEnv, startServer, type RunningServer } from './helpers/server.ts';
import { seedViewportData, type ViewportData } from './helpers/viewport-data.ts';
import { AuthPage } from './pages/auth-page.ts';
import { ViewportCheck, type ViewportSize } from './pages/viewport-check.ts';
import { viewportScreens } from './pages/viewport-screens.ts';

// Tablet layouts (docs/screens.md «Оболочка»): at a portrait tablet, a landscape tablet and a small
// laptop, every control SPEC §2 names on every screen is on screen and not covered once scrolled to —
// the batch editors' lines and save buttons with the product drawer open, the product page's tab chosen
// by `?td=`, the tables' last columns. On /stock-push, /returns, /return/{id}/to/{to}, /markdown and the
// document editors (drawer open) every editable field is checked, not only the named ones: inside the
// viewport and every box that scrolls it, uncovered, and from 1024 px not behind a sideways scroll
// (issue 21). A screenshot of each screen at each size is kept (tests/e2e/results/screenshots, a CI artifact).
const sizes: ViewportSize[] = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];
const shotsRoot = path.resolve(import.meta.dirname, 'results/screenshots');
const store = defaultSandboxStores[0]!;
const user = {
  login: `viewports-${Date.now()}@example.ru`,
  password: 'пароль-надёжный',
  first_name: 'Анастасия',
  last_name: 'Вербицкая-Константинопольская',
};

let sandbox: Sandbox;
let server: RunningServer;
let browser: Browser;
let data: ViewportData;

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: 4, stores: [store], postingsPerStore: 12, returnsPerStore: 2 });
  server = await startServer(sandboxEnv(sandbox.url, 50));
  data = await seedViewportData(await ServerApi.signUp(server.url, user), store);
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('every screen on a tablet and a small laptop', () => {
  for (const size of sizes) {
    it(`${size.width}×${size.height}: the spec's controls are on screen and not covered`, async () => {
      const context = await browser.newContext({ viewport: size, locale: 'ru-RU', serviceWorkers: 'block' });
      const page = await context.newPage();
      const check = new ViewportCheck(page, size, path.join(shotsRoot, `${size.width}x${size.height}`));
      try {
        check.screen = 'auth';
        await page.goto(`${server.url}/auth`);
        for (const label of ['Логин', 'Пароль']) await check.usable(label, page.getByLabel(label, { exact: true }));
        for (const name of ['Войти', 'Регистрация'])
          await check.usable(`«${name}»`, page.getByRole('button', { name, exact: true }));
        await check.screenshot('auth');
        await new AuthPage(page).login(user);
        await page.locator('header h1').filter({ hasText: 'Главная' }).waitFor();

        for (const screen of viewportScreens) {
          check.screen = screen.name;
          await page.goto(server.url + screen.path(data));
          await page.locator('header h1').filter({ hasText: screen.title }).waitFor();
          await screen.check(check, data);
          await check.screenshot(screen.name);
        }
      } finally {
        await context.close();
      }
      expect(check.problems).toEqual([]);
    }, 120_000);
  }
});
