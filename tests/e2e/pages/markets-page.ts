import type { Page } from 'playwright-core';

export class MarketsPage {
  constructor(readonly page: Page) {}

  async add(store: { marketId: string; name: string; description?: string }) {
    await this.page.getByRole('button', { name: 'Добавить' }).click();
    await this.page.locator('input[name="market_id"]').fill(store.marketId);
    await this.page.locator('input[name="name"]').fill(store.name);
    if (store.description) await this.page.locator('textarea[name="description"]').fill(store.description);
    await this.page.getByRole('button', { name: 'Создать' }).click();
  }

  store(name: string) {
    return this.page.getByRole('button', { name: new RegExp(name) });
  }

  /** Types a new name and leaves the field: edits save on blur. */
  async renameOpenStore(name: string) {
    const field = this.page.locator('input[name="name"]');
    await field.fill(name);
    await field.blur();
  }
}
