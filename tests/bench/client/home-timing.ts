import type { Page } from 'playwright-core';

/*
 * The home page's timing on a device (issue 26, target 4): «Главная» clicked → both charts painted. With no table
 * changed since, the page paints the results it kept (src/features/home/api/home-snapshot.ts); without them it
 * computes them from IndexedDB.
 */

/** Click on the menu's «Главная» → both charts painted from IndexedDB (a frame and a task after they are in). */
export async function timeHome(page: Page): Promise<number> {
  // The menu opened first where it is collapsed, so the timer sees only the link's own pointerdown.
  const link = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Главная' });
  if (!(await link.isVisible())) {
    await page.getByRole('button', { name: 'Меню', exact: true }).click();
    await link.waitFor({ state: 'visible' });
  }
  await page.evaluate(() => {
    window.__homePainted = new Promise<number>((resolve) => {
      let startedAt: number | undefined;
      addEventListener('pointerdown', (e) => (startedAt = e.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (startedAt === undefined || location.pathname !== '/') return;
        if (
          !document.querySelector('[data-testid="sales-chart"]') ||
          !document.querySelector('[data-testid="value-chart"]')
        )
          return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - startedAt!), 0));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await link.click();
  return page.evaluate(() => window.__homePainted!);
}

/**
 * The page computed from the tables: its kept results (src/features/home/api/home-snapshot.ts) deleted from
 * IndexedDB first. No reload: the page keeps nothing of them in memory, and a reload would also drop what the other
 * screens hold, which the navigation timings after this one are not about.
 */
export async function timeHomeComputed(page: Page, dwellMs: number): Promise<number> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ostatok');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          for (const name of ['figures', 'charts']) tx.objectStore('meta').delete(`home_snapshot:${name}`);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.evaluate((ms) => new Promise((r) => setTimeout(r, ms)), dwellMs);
  return timeHome(page);
}

declare global {
  interface Window {
    __homePainted?: Promise<number>;
  }
}
