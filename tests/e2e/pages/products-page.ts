import type { Locator, Page } from 'playwright-core';
import { eventually } from '../helpers/wait.ts';

/** /products «Товары»: the toolbar, the search box, the table and its pagination (docs/screens.md «Адреса»). */
export class ProductsPage {
  constructor(readonly page: Page) {}

  rows(): Locator {
    return this.page.getByTestId('product-row');
  }

  /** The global progress ring (src/app/overlays.tsx), shown while an import job reports progress. */
  progressRing(): Locator {
    return this.page.getByRole('progressbar', { name: 'Выполнение задачи' });
  }

  /**
   * Waits for the ring to be on screen and answers the value it shows, read in the same animation
   * frame: between two stores' jobs the ring hides (100 resets it), so a separate read could miss it.
   */
  async ringValueWhenShown(timeoutMs: number): Promise<number> {
    const value = await this.page.waitForFunction(
      () => {
        const ring = document.querySelector('[role="progressbar"][aria-label="Выполнение задачи"]');
        const box = ring?.getBoundingClientRect();
        return ring && box && box.width > 0 && box.height > 0 ? Number(ring.getAttribute('aria-valuenow')) : null;
      },
      undefined,
      { polling: 'raf', timeout: timeoutMs },
    );
    return (await value.jsonValue()) as number;
  }

  async startImport() {
    await this.page.getByRole('button', { name: 'Загрузить с маркетплейсов' }).click();
  }

  async addProduct() {
    await this.page.getByRole('button', { name: 'Добавить', exact: true }).click();
  }

  async search(text: string) {
    await this.page.locator('input[name="search"]').fill(text);
  }

  /**
   * Searches for the article and waits until its row is the only one. The table filters a
   * deferred copy of the query, so for a moment it may still show the unfiltered first page.
   */
  async onlyRowFor(article: string): Promise<Locator> {
    await this.search(article);
    await eventually(async () => {
      const texts = await this.rows().allTextContents();
      return texts.length === 1 && texts[0]!.includes(article);
    }, `the only row for «${article}»`);
    return this.rows().first();
  }

  /** A click on the picture selects the product (it does not open it). */
  async toggleSelection(row: Locator) {
    await row.getByRole('button', { name: /^Выбрать «/ }).click();
  }

  /** Opens the product by clicking its row (anywhere but the picture). */
  async open(row: Locator) {
    await row.locator('td').nth(2).click();
  }

  async group(selectedCount: number) {
    await this.page.getByRole('button', { name: `Сгруппировать (${selectedCount})` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Сгруппировать', exact: true }).click();
    await this.page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  /**
   * How many products the table holds over all pages, read as a user would: rows are numbered
   * continuously across pages (docs/screens.md «Адреса»), so the last row of the last page carries the total.
   */
  async totalRows(): Promise<number> {
    const pages = this.page.getByRole('navigation', { name: 'Страницы' });
    if ((await pages.count()) > 0) {
      // The button is named by its number, not taken as "the last one" again: while products
      // arrive a new last page may appear between reading and clicking. Short timeouts, so a read
      // spoilt by a re-render fails fast and the caller reads again.
      const number = (await pages
        .getByRole('button', { name: /^\d+$/ })
        .last()
        .textContent({ timeout: 2_000 }))!.trim();
      await pages.getByRole('button', { name: number, exact: true }).click({ timeout: 2_000 });
      await pages
        .locator('[aria-current="page"]')
        .filter({ hasText: new RegExp(`^${number}$`) })
        .waitFor({ timeout: 2_000 });
    }
    const count = await this.rows().count();
    if (count === 0) return 0;
    return Number(
      (await this.rows()
        .nth(count - 1)
        .locator('td')
        .first()
        .textContent({ timeout: 2_000 }))!.trim(),
    );
  }

  /**
   * Waits until the table holds `total` products. The table follows IndexedDB live, so a read
   * may hit a re-render (a page button gone); such a read simply counts as "not yet".
   */
  async waitForTotal(total: number, what: string, timeoutMs = 20_000) {
    await eventually(async () => (await this.totalRows().catch(() => -1)) === total, what, timeoutMs);
  }
}
