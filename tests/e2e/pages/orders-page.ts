import type { Locator, Page } from 'playwright-core';
import { plainSpaces, shownNumber } from '../helpers/shown-number.ts';

/** One order card of /orders as a seller reads it. */
export interface ShownOrder {
  posting: string;
  store: string;
  stage: string;
  problem: string | null;
  lines: Array<{ offer: string; quantity: string; product: string | null; books: string }>;
}

/** A reserve or sale row a marketplace order made, on the product's «Резерв» or «Продажи» tab. */
export interface ShownOrderRow {
  count: number;
  /** The reserve's price, the sale's sale price. */
  price: number;
  status: string;
  /** «OZON · отправление …», its store and «Меняется вместе с заказом»; null for a row typed by hand. */
  posting: string | null;
}

const text = async (l: Locator) => plainSpaces(await l.textContent());

/**
 * /orders (docs/rules.md «Заказы маркетплейсов»): the stage tabs, the search, the order cards; and the product's
 * «Резерв» (tab 6) and «Продажи» (tab 7) rows the orders made, read as a user sees them.
 */
export class OrdersPage {
  constructor(readonly page: Page) {}

  /** The stage tab buttons: «Ждут сборки», «Переданы», «Отменены», «Новые», «Все». */
  async showStage(label: 'Ждут сборки' | 'Переданы' | 'Отменены' | 'Новые' | 'Все') {
    const tab = this.page.getByRole('group', { name: 'Этап заказов' }).getByRole('button', { name: label });
    await tab.click();
    await this.page
      .getByRole('group', { name: 'Этап заказов' })
      .locator('[aria-pressed="true"]')
      .filter({ hasText: label })
      .waitFor();
  }

  async search(query: string) {
    await this.page.getByPlaceholder('Номер отправления, артикул или название').fill(query);
  }

  card(posting: string): Locator {
    return this.page.getByRole('article', { name: `Заказ ${posting}`, exact: true });
  }

  async shown(posting: string, timeout = 30_000): Promise<ShownOrder> {
    const card = this.card(posting);
    await card.waitFor({ timeout });
    const problem = card.getByTestId('problem');
    const lines = await card.getByTestId('order-line').all();
    return {
      posting: await text(card.getByTestId('posting-number')),
      store: await text(card.getByTestId('store')),
      stage: await text(card.getByTestId('stage')),
      problem: (await problem.count()) > 0 ? await text(problem) : null,
      lines: await Promise.all(
        lines.map(async (line) => {
          const product = line.getByTestId('product');
          return {
            offer: await text(line.locator('span').first()),
            quantity: await text(line.getByTestId('quantity')),
            product: (await product.count()) > 0 ? await text(product) : null,
            books: await text(line.getByTestId('books')),
          };
        }),
      ),
    };
  }

  /** Waits until the card's line says `books` («В резерве», «Продано», «Резерв снят»…). */
  async waitForBooks(posting: string, books: string, timeout = 60_000) {
    await this.card(posting)
      .getByTestId('books')
      .filter({ hasText: new RegExp(`^${books}`) })
      .first()
      .waitFor({ timeout });
  }

  /** The product page's tab 6 «Резерв» or 7 «Продажи», opened by its address. */
  async openProductTab(baseUrl: string, productId: string, tab: 'Резерв' | 'Продажи') {
    await this.page.goto(`${baseUrl}/product/${productId}?td=${tab === 'Резерв' ? 6 : 7}`);
    await this.page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
  }

  /**
   * The rows of the open «Резерв» or «Продажи» tab: count and price from their (locked) fields, status, and the
   * order's cell. Reserves: date, count, price, status, posting; sales: date, count, cost, sale price, status, posting.
   */
  async orderRows(tab: 'Резерв' | 'Продажи'): Promise<ShownOrderRow[]> {
    const panel = this.page.getByRole('tabpanel');
    const testId = tab === 'Резерв' ? 'reserve-row' : 'realization-row';
    const priceCell = tab === 'Резерв' ? 2 : 3;
    const rows = await panel.getByTestId(testId).all();
    return Promise.all(
      rows.map(async (row) => {
        const cells = row.locator(':scope > td');
        const posting = row.getByTestId('order-posting');
        return {
          count: shownNumber(await cells.nth(1).locator('input').inputValue()),
          price: shownNumber(await cells.nth(priceCell).locator('input').inputValue()),
          status: await text(cells.nth(priceCell + 1)),
          posting: (await posting.count()) > 0 ? await text(posting) : null,
        };
      }),
    );
  }

  /** Whether the row's count field is locked (an order's row changes only with its order). */
  async countLocked(tab: 'Резерв' | 'Продажи', index = 0): Promise<boolean> {
    const testId = tab === 'Резерв' ? 'reserve-row' : 'realization-row';
    const row = this.page.getByRole('tabpanel').getByTestId(testId).nth(index);
    return row.locator(':scope > td').nth(1).locator('input').isDisabled();
  }
}
