import type { Locator, Page } from 'playwright-core';

/** The side panel «Товары склада» the batch editors add lines from (docs/screens.md «Адреса»: /inventory/add, /other-realizations/add). */
export class ProductDrawer {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Товары склада' });
  }

  /** Clicks the product's entry; the editor adds a line for it. */
  async pick(name: string) {
    await this.panel().getByRole('button', { name: `Добавить «${name}»` }).click();
  }

  /** Below 1100 px the panel covers the editor's right side (its buttons too): a tablet user closes it. */
  async close() {
    await this.panel().getByRole('button', { name: 'Закрыть список товаров' }).click();
    await this.panel().waitFor({ state: 'detached' });
  }
}
