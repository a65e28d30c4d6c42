import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchProfile } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { AppPage } from './pages/app-page.ts';
import { PwaPage } from './pages/pwa-page.ts';

let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  context = await launchProfile();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await page.waitForURL(/\/auth$/);
  await new AppPage(page).waitForServiceWorker();
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

describe('the installable PWA', () => {
  it("passes Chrome's installability check", async () => {
    const pwa = new PwaPage(context, page);
    // Chrome decides once the manifest and the worker are seen; a reload under control makes that certain.
    await page.reload();
    await page.waitForURL(/\/auth$/);
    expect(await pwa.installabilityErrors()).toEqual([]);
  });

  it('has a Russian standalone manifest with 192, 512 and maskable icons that load', async () => {
    const pwa = new PwaPage(context, page);
    const { href, body } = await pwa.manifest();
    expect(new URL(href).pathname).toBe('/manifest.webmanifest');
    expect(body.name).toMatch(/Остаток/);
    expect(body.short_name).toBe('Остаток');
    expect(body.lang).toBe('ru');
    expect(body.display).toBe('standalone');
    expect(body.start_url).toBe('/');
    const icons = body.icons ?? [];
    const sized = (size: string) =>
      icons.find((i) => i.sizes?.split(' ').includes(size) && (i.purpose ?? 'any').includes('any'));
    const maskable = icons.find((i) => i.purpose?.split(' ').includes('maskable'));
    for (const [icon, px] of [
      [sized('192x192'), 192],
      [sized('512x512'), 512],
      [maskable, 512],
    ] as const) {
      expect(icon, `icon ${px}`).toBeDefined();
      expect(await pwa.iconSize(icon!.src)).toEqual({ width: px, height: px });
    }
  });

  it('serves the app shell offline for app routes, but never for /api, /uploads or the live channel', async () => {
    const pwa = new PwaPage(context, page);
    await context.setOffline(true);
    try {
      // Deep links of the app open from the precache with no network.
      for (const path of ['/markets', '/market/new', '/user']) {
        expect(await pwa.navigate(server.url + path), path).toMatchObject({ ok: true, appShell: true });
      }

      // fetch() is not a navigation, but it must not be answered from any cache either.
      expect(await pwa.fetchFromPage('/api/health')).toMatchObject({ ok: false });

      // Navigations to server paths (the live channel is /user/{id}/, the profile page /user) fail as a network error
      // instead of showing index.html.
      for (const path of [
        '/api/health',
        '/api/v1/markets/',
        '/uploads/photo.jpg',
        '/user/00000000-0000-0000-0000-000000000000/',
      ]) {
        const result = await pwa.navigate(server.url + path);
        expect(result, path).toMatchObject({ ok: false });
        if (!result.ok) expect(result.error, path).toMatch(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
      }
    } finally {
      await context.setOffline(false);
    }
    // Online the same navigation reaches the server, which answers JSON, not the shell.
    const online = await pwa.navigate(`${server.url}/api/health`);
    expect(online).toMatchObject({ ok: true, status: 200, appShell: false });
  });
});
