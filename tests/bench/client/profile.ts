import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/helpers/browser.ts';

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The same profile directory opened again and again, as a user reopens an installed app: the
 * service worker, its precache and IndexedDB survive, the browser process does not.
 */
export async function openProfile(
  dir: string,
  { offline }: { offline: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1024, height: 768 },
    locale: 'ru-RU',
    offline,
  });
  // tsx compiles with esbuild's keepNames, so functions handed to page.evaluate call its __name
  // helper, which pages do not have (vitest's transform does not add it).
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}
