import type { Page } from 'playwright-core';

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** /new/product: name, pictures, description and «Добавить товар» (docs/screens.md «Адреса»). */
export class NewProductPage {
  constructor(readonly page: Page) {}

  /** Fills the form, picks the pictures through the file input, as a user's file picker would. */
  async add(product: { name: string; description?: string; images?: PickedFile[] }) {
    await this.page.locator('input[name="name"]').fill(product.name);
    if (product.images?.length) {
      await this.page.locator('input[type="file"]').setInputFiles(product.images);
      await this.page
        .getByTestId('gallery-item')
        .nth(product.images.length - 1)
        .waitFor();
    }
    if (product.description) await this.page.locator('textarea[name="description"]').fill(product.description);
    await this.page.getByRole('button', { name: 'Добавить товар' }).click();
  }
}
