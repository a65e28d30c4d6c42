import type { Locator, Page } from 'playwright-core';
import { ProductFormsPage, type FormOutcome } from '../pages/product-forms-page.ts';
import { ProductPage } from '../pages/product-page.ts';
import { ProductStockPage, type StockTab } from '../pages/product-stock-page.ts';
import { shownNumber } from './shown-number.ts';

/** The form took the edit, showed why not, or showed nothing free to take (then nothing was submitted). */
export type TeamFormOutcome = FormOutcome | { ok: false; nothingFree: true };

/**
 * The outflow forms as a member uses them when another member works the same products: the form shows the units
 * free as this device knows them («Можно списать: N шт.», «Свободно: N шт.»), and the count asked is what the
 * device believes it may take — the server, which has seen the other member's edits, may still refuse it.
 */
export class TeamForms {
  readonly forms: ProductFormsPage;
  private readonly product: ProductPage;
  private readonly stock: ProductStockPage;

  constructor(readonly page: Page) {
    this.forms = new ProductFormsPage(page);
    this.product = new ProductPage(page);
    this.stock = new ProductStockPage(page);
  }

  /** Tab «Товар» → «Место на складе», saved when the field loses focus. */
  async setShelf(productId: string, tag: string, shelf: string) {
    await this.forms.openProduct(productId, tag);
    await this.product.openTab('Товар');
    const field = this.page.locator('input[name="shelf"]');
    await field.fill(shelf);
    await field.blur();
  }

  /** The shelf tab «Товар» shows for the product, opened afresh. */
  async shownShelf(baseUrl: string, productId: string): Promise<string> {
    await this.page.goto(`${baseUrl}/product/${productId}`);
    await this.product.openTab('Товар');
    return this.page.locator('input[name="shelf"]').inputValue();
  }

  /**
   * «+ Списать»: `want` units, or every unit shown free; fewer when fewer are shown. `taken` gets the count asked
   * before it is submitted, so an edit cut off by a sign-out is still known.
   */
  async writeOff(
    productId: string,
    tag: string,
    { want, price, reason }: { want: number | 'all'; price: number; reason: string },
    taken: (count: number) => void,
  ): Promise<TeamFormOutcome> {
    await this.openForm(productId, tag, 'Списание', '+ Списать');
    const free = await this.freeShown(this.page.getByText(/^Можно списать:/));
    if (free < 1) return { ok: false, nothingFree: true };
    const count = want === 'all' ? free : Math.min(want, free);
    taken(count);
    await this.page.getByLabel('Количество', { exact: true }).fill(String(count));
    await this.page.getByLabel('Цена за единицу, ₽', { exact: true }).fill(String(price));
    await this.page.getByLabel('Причина', { exact: true }).fill(reason);
    return this.submit('Списать', 'Списание');
  }

  /** «+ Уценить»: one unit, when the form shows one free. */
  async markDown(
    productId: string,
    tag: string,
    { markdownPrice, description }: { markdownPrice: number; description: string },
  ): Promise<TeamFormOutcome> {
    await this.openForm(productId, tag, 'Уценка', '+ Уценить');
    const free = await this.freeShown(this.page.getByText(/Свободно: /));
    if (free < 1) return { ok: false, nothingFree: true };
    await this.page.getByLabel('Цена уценки, ₽', { exact: true }).fill(String(markdownPrice));
    await this.page.getByLabel('Описание', { exact: true }).fill(description);
    return this.submit('Уценить', 'Уценка');
  }

  private async freeShown(line: Locator): Promise<number> {
    await line.waitFor();
    const text = (await line.textContent()) ?? '';
    return shownNumber(text.slice(text.lastIndexOf(':') + 1));
  }

  private async openForm(productId: string, tag: string, tab: StockTab, link: string) {
    await this.forms.openProduct(productId, tag);
    await this.stock.openTab(tab);
    await this.page.getByRole('tabpanel').getByRole('link', { name: link, exact: true }).click();
    await this.page.locator('form').waitFor();
  }

  /** Submits and waits for what comes first: the form's own error, or the tab the app returns to. */
  private async submit(button: string, backTo: StockTab): Promise<FormOutcome> {
    await this.page.locator('form').getByRole('button', { name: button, exact: true }).click();
    const error = this.page.locator('form').getByRole('alert');
    const tab = this.page.getByRole('tab', { name: backTo, exact: true, selected: true });
    await error.or(tab).first().waitFor();
    if (await tab.isVisible()) return { ok: true };
    return { ok: false, error: (await error.textContent()) ?? '' };
  }
}
