import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { LocalData, type StoredOutboxEntry } from './local-data.ts';

/** What every signed-in page has: the header, the side menu and the sync indicator. */
export class AppPage {
  constructor(readonly page: Page) {}

  title() {
    return this.page.locator('header h1');
  }

  async expectTitle(text: string) {
    await this.title().filter({ hasText: text }).waitFor();
  }

  /** Below 1280 px the menu is behind the «Меню» button (src/app/shell.tsx): opened first when hidden. */
  async openMenu(label: string) {
    const link = this.page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: label });
    if (!(await link.isVisible())) await this.page.getByRole('button', { name: 'Меню', exact: true }).click();
    await link.click();
  }

  async unsentCount(): Promise<number> {
    // One read that does not wait: the badge vanishes when the last edit is sent, and a count()
    // followed by textContent() would then wait for it for the whole action timeout.
    const [text] = await this.page.getByTestId('unsent-count').allTextContents();
    return Number(text?.match(/\d+/)?.[0] ?? 0);
  }

  /**
   * Every queued edit sent: the badge shows none and IndexedDB's outbox holds nothing pending or on its way. The
   * badge alone reads 0 also before it has rendered on a page just opened, while the edit still waits.
   */
  async allSent(): Promise<boolean> {
    if ((await this.unsentCount()) !== 0) return false;
    const entries = await new LocalData(this.page).readAll<StoredOutboxEntry>('outbox');
    return entries.every((e) => e.status !== 'pending' && e.status !== 'sending');
  }

  /** The service worker controls the page: from here on a reload works offline. */
  async waitForServiceWorker() {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
    });
  }

  accessToken(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('access_token'));
  }

  /** Rows left in the app's IndexedDB, per store. */
  localRowCounts(): Promise<Record<string, number>> {
    return this.page.evaluate(
      () =>
        new Promise<Record<string, number>>((resolve, reject) => {
          const open = indexedDB.open('ostatok');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const names = [...idb.objectStoreNames];
            const tx = idb.transaction(names, 'readonly');
            const counts: Record<string, number> = {};
            for (const name of names)
              tx.objectStore(name).count().onsuccess = (e) => (counts[name] = (e.target as IDBRequest<number>).result);
            tx.oncomplete = () => {
              idb.close();
              resolve(counts);
            };
          };
        }),
    );
  }

  async expectVisibleText(text: string) {
    await this.page.getByText(text, { exact: false }).first().waitFor();
    expect(await this.page.getByText(text).count()).toBeGreaterThan(0);
  }
}
