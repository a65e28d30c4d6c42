import type { Page } from 'playwright-core';

export interface PaintTiming {
  /** The user's input event (its own timeStamp) → the frame after the awaited rows are in the DOM. */
  ms: number;
  rows: number;
}

declare global {
  interface Window {
    __rowsPainted?: Promise<PaintTiming>;
  }
}

const ROW = '[data-testid="product-row"]';

/**
 * Arms a timer in the page: it starts at the first of `startEvents` (its timeStamp, taken when the
 * browser created the event, so input queueing counts) and stops one animation frame plus a task
 * after a DOM change leaves the table as `expect` wants it, i.e. after that frame was painted.
 * Everything between — routing, IndexedDB reads, joining and sorting, React's render — is inside.
 */
async function arm(page: Page, startEvents: string[], expect: { path: string; needle: string }): Promise<void> {
  await page.evaluate(
    ({ startEvents, expect, row }) => {
      window.__rowsPainted = new Promise<PaintTiming>((resolve) => {
        let startedAt: number | undefined;
        const start = (e: Event) => (startedAt = Math.min(startedAt ?? Infinity, e.timeStamp));
        for (const type of startEvents) addEventListener(type, start, { capture: true, once: true });
        const ready = () => {
          if (startedAt === undefined || location.pathname !== expect.path) return false;
          const rows = [...document.querySelectorAll(row)];
          if (rows.length === 0) return false;
          // The name cell (name and articles): every row shown must match the typed text.
          return rows.every((r) => (r.children[2]?.textContent ?? '').toLowerCase().includes(expect.needle));
        };
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(
              () => resolve({ ms: performance.now() - startedAt!, rows: document.querySelectorAll(row).length }),
              0,
            ),
          );
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { startEvents, expect, row: ROW },
  );
}

/**
 * The side menu's link, the menu opened first where it is collapsed (below 1280 px, as on the
 * benchmark's 1024 px tablet: src/app/shell.tsx), so the timer only ever sees the link's own click.
 */
async function menuLink(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: label });
  if (!(await link.isVisible())) {
    await page.getByRole('button', { name: 'Меню', exact: true }).click();
    await link.waitFor({ state: 'visible' });
  }
  return link;
}

/** Click on the side menu's «Товары» (client-side navigation) → the first page of rows painted. */
export async function timeNavigation(page: Page): Promise<PaintTiming> {
  if (new URL(page.url()).pathname === '/products') throw new Error('navigation must start on another screen');
  const link = await menuLink(page, 'Товары');
  await arm(page, ['pointerdown', 'mousedown', 'click'], { path: '/products', needle: '' });
  await link.click();
  return page.evaluate(() => window.__rowsPainted!);
}

/**
 * One character typed into the empty search box → the table painted with only matching rows.
 * Typed with insertText (no keydown for a Cyrillic letter), so the timer also listens to beforeinput.
 */
export async function timeKeystroke(page: Page, needle: string): Promise<PaintTiming> {
  const search = page.getByRole('searchbox', { name: 'Поиск' });
  if ((await search.inputValue()) !== '') throw new Error('the search box must start empty');
  const names = await page
    .locator(ROW)
    .evaluateAll((rows) => rows.map((r) => (r.children[2]?.textContent ?? '').toLowerCase()));
  // Otherwise the "after" state would already hold and nothing would be measured.
  if (names.every((n) => n.includes(needle))) throw new Error(`every row already contains «${needle}»`);
  await search.focus();
  await arm(page, ['keydown', 'beforeinput', 'input'], { path: '/products', needle });
  await page.keyboard.type(needle);
  return page.evaluate(() => window.__rowsPainted!);
}

/**
 * Dexie keeps a live query's last result in memory for 3 s after its screen unmounts, and serves
 * a revisit within that time from there instead of IndexedDB (dexie.mjs, enqueForDeletion). A
 * visit after longer gets nothing from that cache: whatever it paints from memory, the app kept.
 */
export const DEXIE_CACHE_MS = 3000;

/**
 * Back to /markets through the menu, and stay there `dwellMs`: longer than DEXIE_CACHE_MS for a
 * visit that Dexie's cache cannot serve, as a user coming back from another screen would.
 */
export async function leaveToMarkets(page: Page, dwellMs: number): Promise<void> {
  await (await menuLink(page, 'Магазины')).click();
  await page.locator('header h1').filter({ hasText: 'Магазины' }).waitFor();
  await page.locator(ROW).first().waitFor({ state: 'detached' });
  // The frame after the unmount, then the dwell (which also lets GC it triggers finish untimed).
  await page.evaluate((ms) => new Promise((r) => requestAnimationFrame(() => setTimeout(r, ms))), dwellMs);
}
