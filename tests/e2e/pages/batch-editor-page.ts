import type { Locator, Page } from 'playwright-core';
import { plainSpaces } from '../helpers/shown-number.ts';
import { ProductDrawer } from './product-drawer.ts';

/**
 * /inventory/add «Оприходование товара»: lines from the drawer, a receipt date, «Оприходовать» and its confirmation.
 */
export class BatchEditorPage {
  readonly drawer: ProductDrawer;

  constructor(readonly page: Page) {
    this.drawer = new ProductDrawer(page);
  }

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/inventory/add`);
    await this.page.locator('header h1').filter({ hasText: 'Оприходование товара' }).waitFor();
    await this.drawer.panel().waitFor();
  }

  line(name: string): Locator {
    return this.page.getByTestId('purchase-line').filter({ hasText: name });
  }

  /** Adds the product from the drawer and waits for its line (the start price is read first). */
  async addLine(name: string) {
    await this.drawer.pick(name);
    await this.line(name).waitFor();
  }

  async setLine(name: string, { count, price }: { count: number; price: number }) {
    const line = this.line(name);
    await line.getByRole('textbox', { name: /^Количество/ }).fill(String(count));
    await line.getByRole('textbox', { name: /^Цена/ }).fill(String(price));
  }

  /** The receipt date, YYYY-MM-DD. */
  async setDate(day: string) {
    await this.page.getByLabel('Дата поступления').fill(day);
  }

  /** «Итого: N шт. на сумму S ₽» under the lines. */
  async totals(): Promise<string> {
    return plainSpaces(await this.page.getByTestId('purchase-totals').textContent());
  }

  /** «Оприходовать», then the same button in the dialog; answers the dialog's text as it was shown. */
  async receive(): Promise<string> {
    await this.page.getByRole('button', { name: 'Оприходовать', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Оприходовать товар?' });
    await dialog.waitFor();
    const text = plainSpaces(await dialog.locator('p').textContent());
    await dialog.getByRole('button', { name: 'Оприходовать', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    return text;
  }
}
