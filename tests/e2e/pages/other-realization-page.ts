import type { Locator, Page } from 'playwright-core';
import { plainSpaces } from '../helpers/shown-number.ts';
import { ProductDrawer } from './product-drawer.ts';

export type Destination = 'OZON' | 'WB' | 'YM' | 'Other';

/** /other-realizations/add «Списание и прочая реализация»: lines from the drawer, a date and «Реализовать». */
export class OtherRealizationPage {
  readonly drawer: ProductDrawer;

  constructor(readonly page: Page) {
    this.drawer = new ProductDrawer(page);
  }

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/other-realizations/add`);
    await this.page.locator('header h1').filter({ hasText: 'Списание и прочая реализация' }).waitFor();
    await this.drawer.panel().waitFor();
  }

  line(name: string): Locator {
    return this.page.getByTestId('other-line').filter({ hasText: name });
  }

  async addLine(name: string) {
    await this.drawer.pick(name);
    await this.line(name).waitFor();
  }

  async setLine(
    name: string,
    { marketplace, count, realizationPrice }: { marketplace: Destination; count: number; realizationPrice: number },
  ) {
    const line = this.line(name);
    await line.getByRole('combobox', { name: /^Маркетплейс/ }).selectOption(marketplace);
    await line.getByRole('textbox', { name: /^Количество/ }).fill(String(count));
    await line.getByRole('textbox', { name: /^Цена реализации/ }).fill(String(realizationPrice));
  }

  /** The stock the line shows for its product («На складе: N шт.»). */
  async shownStock(name: string): Promise<string> {
    return plainSpaces(
      await this.line(name)
        .getByText(/^На складе:/)
        .textContent(),
    );
  }

  async totals(): Promise<string> {
    return plainSpaces(await this.page.getByTestId('other-totals').textContent());
  }

  /** «Реализовать»: saved on the device, then the list of write-off and other-realization documents. */
  async realize() {
    await this.page.getByRole('button', { name: 'Реализовать', exact: true }).click();
    await this.page.waitForURL(/\/inventory\/batches\?is_other=true/);
  }
}
