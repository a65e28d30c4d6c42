import type { Locator, Page } from 'playwright-core';

/**
 * The side panel «Товары склада» the batch editors add lines from (docs/screens.md «Адреса»: /inventory/add,
 * /other-realizations/add).
 */
export class ProductDrawer {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Товары склада' });
  }

  /** Clicks the product's entry; the editor adds a line for it. */
  async pick(name: string) {
    await this.panel()
      .getByRole('button', { name: `Добавить «${name}»` })
      .click();
  }

  /** The panel never covers the editor (beside it from 1024 px, a sheet below): closing is a choice, not a need. */
  async close() {
    await this.panel().getByRole('button', { name: 'Закрыть список товаров' }).click();
    await this.panel().waitFor({ state: 'detached' });
  }
}
