import type { Locator, Page } from 'playwright-core';
import { plainSpaces, shownNumber } from '../helpers/shown-number.ts';

export type StockTab = 'Учёт' | 'Уценка' | 'Списание' | 'Прочая реализация' | 'История';
const tabIndex: Record<StockTab, number> = { Учёт: 2, Уценка: 3, Списание: 4, 'Прочая реализация': 5, История: 8 };

export interface ShownLot {
  received: number;
  remaining: number;
  price: number;
}
export interface ShownMovement {
  reason: string;
  delta: number;
}

const cellTexts = (row: Locator) => row.locator('td').allTextContents();
/** A number field's value as it shows it (a decimal comma). */
const inputValue = async (row: Locator, column: number) =>
  shownNumber(await row.locator('td').nth(column).locator('input').inputValue());

/**
 * A product's stock screens: the write-off and markdown forms, and tabs 2–8 of /product/{id}
 * (docs/screens.md «Адреса») read as a user sees them.
 */
export class ProductStockPage {
  constructor(readonly page: Page) {}

  private panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** Opens the product on a tab by its address (?td=), as a bookmark or a typed address would. */
  async open(baseUrl: string, productId: string, tab: StockTab) {
    await this.page.goto(`${baseUrl}/product/${productId}?td=${tabIndex[tab]}`);
    await this.page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
  }

  async openTab(tab: StockTab) {
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
    await this.page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
  }

  /** /product/{id}/disposal/new: «Списать»; the app then opens the disposal tab. */
  async writeOff(
    baseUrl: string,
    productId: string,
    { count, price, reason }: { count: number; price: number; reason: string },
  ) {
    await this.page.goto(`${baseUrl}/product/${productId}/disposal/new`);
    await this.page.getByText(/^Можно списать:/).waitFor();
    await this.page.getByLabel('Количество', { exact: true }).fill(String(count));
    await this.page.getByLabel('Цена за единицу, ₽', { exact: true }).fill(String(price));
    await this.page.getByLabel('Причина', { exact: true }).fill(reason);
    await this.page.getByRole('button', { name: 'Списать', exact: true }).click();
    await this.page.waitForURL(new RegExp(`/product/${productId}\\?td=4$`));
  }

  /**
   * /product/{id}/markdown/new: «Уценить» one unit. Answers the price the form started from (the
   * cost of the unit FIFO will take); the app then opens the markdown tab.
   */
  async markDown(
    baseUrl: string,
    productId: string,
    { markdownPrice, description }: { markdownPrice: number; description: string },
  ): Promise<number> {
    await this.page.goto(`${baseUrl}/product/${productId}/markdown/new`);
    const price = this.page.getByLabel('Цена, ₽', { exact: true });
    await price.waitFor();
    const startPrice = shownNumber(await price.inputValue());
    await this.page.getByLabel('Цена уценки, ₽', { exact: true }).fill(String(markdownPrice));
    await this.page.getByLabel('Описание', { exact: true }).fill(description);
    await this.page.getByRole('button', { name: 'Уценить', exact: true }).click();
    await this.page.waitForURL(new RegExp(`/product/${productId}\\?td=3$`));
    return startPrice;
  }

  /** Tab 2 «Учёт»: «На складе: N шт., в резерве: …» above the lots. */
  async stockLine(): Promise<string> {
    return plainSpaces(await this.panel().getByTestId('stock-line').textContent());
  }

  /** Tab 2 «Учёт»: each lot's received and remaining units and unit price. */
  async lots(): Promise<ShownLot[]> {
    await this.panel().getByTestId('stock-line').waitFor();
    const rows = await this.panel().getByTestId('lot-row').all();
    return Promise.all(
      rows.map(async (row) => ({
        received: shownNumber((await cellTexts(row))[1]),
        remaining: await inputValue(row, 2),
        price: await inputValue(row, 3),
      })),
    );
  }

  /** Tab 3 «Уценка»: price and markdown price of each markdown. */
  async markdowns(): Promise<Array<{ price: number; markdownPrice: number }>> {
    await this.panel().getByTestId('markdown-total').waitFor();
    const rows = await this.panel().getByTestId('markdown-row').all();
    return Promise.all(
      rows.map(async (row) => ({
        price: await inputValue(row, 1),
        markdownPrice: await inputValue(row, 2),
      })),
    );
  }

  /** Tab 4 «Списание»: count and unit price of each write-off. */
  async disposals(): Promise<Array<{ count: number; price: number }>> {
    await this.panel().getByTestId('disposal-total').waitFor();
    const rows = await this.panel().getByTestId('disposal-row').all();
    return Promise.all(rows.map(async (row) => ({ count: await inputValue(row, 1), price: await inputValue(row, 2) })));
  }

  /** Tab 5 «Прочая реализация»: marketplace, count and realization price of each row. */
  async otherRealizations(): Promise<Array<{ marketplace: string; count: number; realizationPrice: number }>> {
    const rows = this.panel().getByTestId('other-realization-row');
    await rows.first().or(this.panel().getByText('Прочих реализаций нет.')).waitFor();
    return Promise.all(
      (await rows.all()).map(async (row) => {
        const cells = await cellTexts(row);
        return { marketplace: cells[1]!.trim(), count: shownNumber(cells[2]), realizationPrice: shownNumber(cells[4]) };
      }),
    );
  }

  /** Tab 8 «История»: reason and signed quantity of each ledger row, newest first. */
  async history(): Promise<ShownMovement[]> {
    await this.panel()
      .getByText(/^Движения записывает сервер/)
      .waitFor();
    const rows = await this.panel().getByTestId('movement-row').all();
    return Promise.all(
      rows.map(async (row) => {
        const cells = await cellTexts(row);
        return { reason: cells[1]!.trim(), delta: shownNumber(cells[2]) };
      }),
    );
  }
}
