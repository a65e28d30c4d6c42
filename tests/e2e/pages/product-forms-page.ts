import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';
import { BatchEditorPage } from './batch-editor-page.ts';
import { ProductPage } from './product-page.ts';
import { ProductStockPage, type StockTab } from './product-stock-page.ts';

/** The form took the edit (and moved on), or showed why not. */
export type FormOutcome = { ok: true } | { ok: false; error: string };

/**
 * Edits of one product made the way a user clicks through them, without typing addresses: the
 * products list, the product's tabs, their «+ Оприходовать», «+ Списать», «+ Уценить» links and
 * forms, and the name field of tab «Товар». The purchase editor is opened by its address.
 */
export class ProductFormsPage {
  private readonly app: AppPage;
  private readonly product: ProductPage;
  private readonly stock: ProductStockPage;

  constructor(readonly page: Page) {
    this.app = new AppPage(page);
    this.product = new ProductPage(page);
    this.stock = new ProductStockPage(page);
  }

  /** Opens the product from the list «Товары» by the part of its name that never changes. */
  async openProduct(productId: string, tag: string) {
    if (new URL(this.page.url()).pathname === `/product/${productId}`) return;
    await this.app.openMenu('Товары');
    await this.app.expectTitle('Товары');
    await this.page.getByTestId('product-row').filter({ hasText: tag }).locator('td').nth(2).click();
    await this.page.waitForURL((url) => url.pathname === `/product/${productId}`);
  }

  /** Tab «Товар»: a new name, saved when the field loses focus. */
  async rename(productId: string, tag: string, name: string) {
    await this.openProduct(productId, tag);
    await this.product.openTab('Товар');
    await this.product.rename(name);
  }

  /** Tab «Учёт» → «+ Оприходовать»: one lot of `count` units at `price`, dated today. */
  async receive(
    productId: string,
    tag: string,
    { count, price }: { count: number; price: number },
  ): Promise<FormOutcome> {
    await this.openForm(productId, tag, 'Учёт', '+ Оприходовать');
    await this.page.getByLabel('Количество', { exact: true }).fill(String(count));
    await this.page.getByLabel('Цена за единицу, ₽', { exact: true }).fill(String(price));
    return this.submit('Оприходовать', 'Учёт');
  }

  /** Tab «Списание» → «+ Списать». */
  async writeOff(
    productId: string,
    tag: string,
    { count, price, reason }: { count: number; price: number; reason: string },
  ): Promise<FormOutcome> {
    await this.openForm(productId, tag, 'Списание', '+ Списать');
    await this.page.getByText(/^Можно списать:/).waitFor();
    await this.page.getByLabel('Количество', { exact: true }).fill(String(count));
    await this.page.getByLabel('Цена за единицу, ₽', { exact: true }).fill(String(price));
    await this.page.getByLabel('Причина', { exact: true }).fill(reason);
    return this.submit('Списать', 'Списание');
  }

  /** Tab «Уценка» → «+ Уценить»: one unit, at the price the form starts from. */
  async markDown(
    productId: string,
    tag: string,
    { markdownPrice, description }: { markdownPrice: number; description: string },
  ): Promise<FormOutcome> {
    await this.openForm(productId, tag, 'Уценка', '+ Уценить');
    await this.page.getByLabel('Цена уценки, ₽', { exact: true }).fill(String(markdownPrice));
    await this.page.getByLabel('Описание', { exact: true }).fill(description);
    return this.submit('Уценить', 'Уценка');
  }

  /** /inventory/add: one purchase of several products, found in the drawer by their fixed tags. */
  async purchase(baseUrl: string, lines: Array<{ tag: string; count: number; price: number }>) {
    const editor = new BatchEditorPage(this.page);
    await editor.open(baseUrl);
    for (const line of lines) {
      await editor.drawer
        .panel()
        .getByRole('button', { name: `Добавить «${line.tag}` })
        .click();
      await editor.line(line.tag).waitFor();
    }
    await editor.drawer.close();
    for (const line of lines) await editor.setLine(line.tag, line);
    await editor.receive();
    await this.page.waitForURL(/\/inventory\/batches/);
  }

  private async openForm(productId: string, tag: string, tab: StockTab, link: string) {
    await this.openProduct(productId, tag);
    await this.stock.openTab(tab);
    await this.page.getByRole('tabpanel').getByRole('link', { name: link, exact: true }).click();
    await this.page.locator('form').waitFor();
  }

  /** Submits and waits for what comes first: the form's own error, or the tab the app returns to. */
  private async submit(button: string, backTo: StockTab): Promise<FormOutcome> {
    await this.page.locator('form').getByRole('button', { name: button, exact: true }).click();
    const error: Locator = this.page.locator('form').getByRole('alert');
    const tab = this.page.getByRole('tab', { name: backTo, exact: true, selected: true });
    await error.or(tab).first().waitFor();
    if (await tab.isVisible()) return { ok: true };
    return { ok: false, error: (await error.textContent()) ?? '' };
  }
}
