import type { Locator, Page } from 'playwright-core';

/** /product/{product_id}: tab 0 «Товар» (name, gallery) and tab 1 «На маркетплейсах» (listings). */
export class ProductPage {
  constructor(readonly page: Page) {}

  /** The product id from the address: the app opens /product/{id} after a click or a create. */
  async waitForId(): Promise<string> {
    await this.page.waitForURL(/\/product\/[0-9a-f-]{36}(\?|$)/);
    return new URL(this.page.url()).pathname.split('/')[2]!;
  }

  async openTab(label: 'Товар' | 'На маркетплейсах') {
    await this.page.getByRole('tab', { name: label }).click();
    await this.page.getByRole('tab', { name: label, selected: true }).waitFor();
  }

  /** One checkbox per listing on tab 1, labelled with its article. */
  listingCheckboxes(): Locator {
    return this.page.getByRole('checkbox', { name: /^Выбрать / });
  }

  /** Articles of the listings tab 1 shows, sorted. */
  async listedArticles(): Promise<string[]> {
    const labels = await this.listingCheckboxes().evaluateAll((boxes) =>
      boxes.map((b) => b.getAttribute('aria-label') ?? ''),
    );
    return labels.map((l) => l.replace(/^Выбрать /, '')).sort();
  }

  async ungroup(articles: string[]) {
    for (const article of articles) await this.page.getByRole('checkbox', { name: `Выбрать ${article}` }).check();
    await this.page.getByRole('button', { name: `Разгруппировать (${articles.length})` }).click();
  }

  nameField(): Locator {
    return this.page.locator('textarea[name="name"]');
  }

  /** Types a new name and leaves the field: the info tab saves on blur (docs/screens.md «Адреса»). */
  async rename(name: string) {
    await this.nameField().fill(name);
    await this.nameField().blur();
  }

  /** Pictures kept on the device until they can be uploaded. */
  waitingImages(): Locator {
    return this.page.getByText('Ждёт загрузки');
  }
}
