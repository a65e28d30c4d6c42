import type { Locator, Page } from 'playwright-core';
import { numbersIn, plainSpaces, shownNumber } from '../helpers/shown-number.ts';

/** A row of one of the home page's value tables, as shown: its heading and its figures. */
export interface ShownValueRow {
  label: string;
  figures: number[];
}

/** «/» — «Главная» (docs/screens.md «Адреса»): stock on hand, shortfalls, edits and the two charts. */
export class HomePage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/`);
    await this.page.locator('header h1').filter({ hasText: 'Главная' }).waitFor();
  }

  private figure(testId: string): Promise<number> {
    return this.page.getByTestId(testId).textContent().then(shownNumber);
  }

  /** Waits until the figures are read from the device (they show «…» before). */
  async waitForFigures() {
    await this.page.locator('[data-testid="home-units"]:not(:text("…"))').waitFor();
  }

  units = () => this.figure('home-units');
  value = () => this.figure('home-value');
  shortfallCount = () => this.figure('home-shortfall-count');
  unsent = () => this.figure('home-unsent');
  refused = () => this.figure('home-refused');

  shortfallRows(): Locator {
    return this.page.getByTestId('shortfall-row');
  }

  /** The products named as short: id and the N of «не хватает N». */
  async shownShortfalls(): Promise<{ productId: string; lacking: number }[]> {
    const rows = await this.shortfallRows().all();
    return Promise.all(
      rows.map(async (r) => ({
        productId: (await r.getAttribute('data-product-id'))!,
        lacking: shownNumber(await r.locator('span').last().textContent()),
      })),
    );
  }

  valueChart = (): Locator => this.page.getByTestId('value-chart');
  salesChart = (): Locator => this.page.getByTestId('sales-chart');

  /** A chart's table of values, opened (it sits behind «Показать таблицей»), row by row. */
  async tableRows(testId: 'value-table' | 'sales-table'): Promise<ShownValueRow[]> {
    const table = this.page.getByTestId(testId);
    if (!(await table.isVisible())) await this.page.locator('details', { has: table }).locator('summary').click();
    await table.waitFor();
    const rows = await table.locator('tbody tr').all();
    return Promise.all(
      rows.map(async (r) => ({
        label: plainSpaces(await r.locator('th').textContent()),
        figures: await r
          .locator('td')
          .allTextContents()
          .then((cells) => cells.map((c) => numbersIn(c)[0] ?? NaN)),
      })),
    );
  }

  /** The sections and charts of the page, for the tablet check. */
  blocks(): Locator {
    return this.page.locator('main section, main svg');
  }

  syncButton(): Locator {
    return this.page.getByTestId('home-edits').getByRole('button');
  }
}
