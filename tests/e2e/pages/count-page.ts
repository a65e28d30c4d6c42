import type { Locator, Page } from 'playwright-core';
import { wedgeScan } from '../helpers/wedge-scan.ts';

/** The stock count screens (/counts, /counts/new, /counts/{id}) as a person on the floor uses them. */
export class CountPage {
  constructor(readonly page: Page) {}

  /** «Новая инвентаризация» of the whole warehouse; answers the new count's id (from the address). */
  async create(baseUrl: string, name: string): Promise<string> {
    await this.page.goto(`${baseUrl}/counts`);
    await this.page.getByRole('link', { name: 'Новая инвентаризация' }).click();
    await this.page.getByLabel('Название').fill(name);
    await this.page.getByLabel('Весь склад').check();
    await this.page.getByRole('button', { name: 'Создать' }).click();
    await this.page.waitForURL(/\/counts\/[0-9a-f-]{36}$/);
    return new URL(this.page.url()).pathname.split('/').at(-1)!;
  }

  async open(baseUrl: string, countId: string): Promise<void> {
    await this.page.goto(`${baseUrl}/counts/${countId}`);
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Товары инвентаризации' });
  }

  row(product: string): Locator {
    return this.table()
      .locator('tbody tr')
      .filter({ has: this.page.getByRole('cell', { name: product, exact: true }) });
  }

  /** A figure of a product's row: expected, counted, difference or cost, as shown. */
  async figure(product: string, col: 'expected' | 'counted' | 'difference' | 'cost'): Promise<string> {
    const text = (await this.row(product).locator(`[data-col="${col}"]`).textContent()) ?? '';
    return text
      .replace(/\u00a0|\u202f/g, ' ')
      .replace('не считали', '')
      .trim();
  }

  async setShelf(shelf: string): Promise<void> {
    await this.page.getByLabel('Полка').fill(shelf);
  }

  /** Types this person's count of the product on the current shelf. */
  async typeMine(product: string, quantity: number): Promise<void> {
    const field = this.row(product).getByLabel(`Мой счёт: ${product}`);
    await field.fill(String(quantity));
    await field.blur();
  }

  /** A hand scanner's scan of `code` (tests/e2e/helpers/wedge-scan.ts). */
  async wedgeScan(code: string): Promise<void> {
    await wedgeScan(this.page, code);
  }

  scanMessage(): Locator {
    return this.page.getByRole('status').filter({ hasText: /./ });
  }

  /** «Провести» and its confirmation; answers the dialog's text as it was shown. */
  async post(): Promise<string> {
    await this.page.getByRole('button', { name: 'Провести' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Провести инвентаризацию?' });
    const text = ((await dialog.textContent()) ?? '').replace(/\u00a0|\u202f/g, ' ');
    await dialog.getByRole('button', { name: 'Провести' }).click();
    return text;
  }

  /**
   * Waits for the post's answer: «Проведена» once the server's posted count replaced the device's row,
   * or the refusal the screen shows. An empty outbox alone says nothing: the post may not be queued yet.
   */
  async postOutcome(timeout = 30_000): Promise<string> {
    const posted = this.page.getByText('Проведена', { exact: true });
    const refused = this.page.getByRole('alert').filter({ hasText: 'Не проведена' });
    await posted.or(refused).first().waitFor({ timeout });
    return (await refused.count()) > 0 ? ((await refused.textContent()) ?? '') : 'Проведена';
  }

  /** What the screen says now, for a failure's message: the scan line, the shelf and the row. */
  async state(product: string): Promise<string> {
    const status = await this.page.getByRole('status').allTextContents();
    const shelf = await this.page
      .getByLabel('Полка')
      .inputValue()
      .catch(() => '(нет поля)');
    const row = await this.row(product)
      .textContent()
      .catch(() => '(нет строки)');
    return `status=${JSON.stringify(status)} shelf=${JSON.stringify(shelf)} row=${JSON.stringify(row)}`;
  }

  inputs(): Locator {
    return this.table().locator('input');
  }
}
