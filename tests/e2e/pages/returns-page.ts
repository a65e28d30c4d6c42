import type { Locator, Page } from 'playwright-core';
import { plainSpaces, shownNumber } from '../helpers/shown-number.ts';

export type ShownStatus = 'Готов к продаже' | 'Уценка' | 'Списание' | 'Нет';

/**
 * /returns «Возвраты» (docs/screens.md «Адреса»): toolbar, status filter, rows, the price dialog and the receipt
 * footer.
 */
export class ReturnsPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/returns`);
    await this.page.locator('header h1').filter({ hasText: 'Возвраты' }).waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('return-line');
  }

  row(returnId: string): Locator {
    return this.page.locator(`[data-testid="return-line"][data-return-id="${returnId}"]`);
  }

  /** The global progress ring (src/app/overlays.tsx). */
  progressRing(): Locator {
    return this.page.getByRole('progressbar', { name: 'Выполнение задачи' });
  }

  /** «Загрузить с маркетплейсов»: asks from what date, then starts the import. */
  async startImport(dateStart: string) {
    await this.page.getByRole('button', { name: 'Загрузить с маркетплейсов' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Загрузить возвраты с маркетплейсов' });
    await dialog.getByLabel('С какой даты').fill(dateStart);
    await dialog.getByRole('button', { name: 'Загрузить', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /**
   * Chooses a status on the row and answers the price dialog: a lot's price, or a typed cost, plus the discounted price
   * and a note.
   */
  async setStatus(
    returnId: string,
    status: Exclude<ShownStatus, 'Нет'>,
    choice: { lotPrice?: string; price?: number; markdownPrice?: number; note?: string },
  ) {
    await this.row(returnId).getByRole('combobox').selectOption({ label: status });
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    // A lot's button starts with its price, then its receipt date and units left.
    if (choice.lotPrice) await dialog.getByRole('button', { name: new RegExp(`^${choice.lotPrice}`) }).click();
    if (choice.price !== undefined) await dialog.getByLabel('Себестоимость, ₽').fill(String(choice.price));
    if (choice.markdownPrice !== undefined)
      await dialog.getByLabel('Цена после уценки, ₽').fill(String(choice.markdownPrice));
    if (choice.note !== undefined) await dialog.getByLabel('Примечание').fill(choice.note);
    await dialog.getByRole('button', { name: 'Применить', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The labels the price dialog shows (it asks only what the chosen status needs), then cancels it. */
  async dialogFields(returnId: string, status: Exclude<ShownStatus, 'Нет'>): Promise<string[]> {
    await this.row(returnId).getByRole('combobox').selectOption({ label: status });
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    const labels = (await dialog.locator('label').allTextContents()).map(plainSpaces);
    await dialog.getByRole('button', { name: 'Отмена', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    return labels;
  }

  /** The row's link to /return/{id}/to/{to} («Оприходовать по цене партии» or «Списать по цене партии»). */
  receiveAtLotLink(returnId: string): Locator {
    return this.row(returnId).getByTestId('receive-at-lot');
  }

  /** The visible labels on the row's card (status, prices). */
  async fieldLabels(returnId: string): Promise<string[]> {
    const labels = await this.row(returnId).locator('label').all();
    const shown: string[] = [];
    for (const l of labels) if (await l.isVisible()) shown.push(plainSpaces(await l.textContent()));
    return shown;
  }

  /** Each card's field boxes relative to its row: the same geometry on every card. */
  async fieldOffsets(returnId: string): Promise<Record<string, { x: number; y: number }>> {
    return this.row(returnId).evaluate((row) => {
      const r = row.getBoundingClientRect();
      const out: Record<string, { x: number; y: number }> = {};
      for (const td of row.querySelectorAll<HTMLElement>('td[data-cell]')) {
        const b = td.getBoundingClientRect();
        out[td.dataset.cell!] = { x: Math.round(b.left - r.left), y: Math.round(b.top - r.top) };
      }
      return out;
    });
  }

  /** The row's price fields as shown: price, and the markdown price when there is one. */
  async prices(returnId: string): Promise<number[]> {
    const inputs = await this.row(returnId).getByRole('textbox').all();
    return Promise.all(inputs.map(async (i) => shownNumber(await i.inputValue())));
  }

  async status(returnId: string): Promise<{ value: string; disabled: boolean }> {
    const select = this.row(returnId).getByRole('combobox');
    return { value: await select.inputValue(), disabled: await select.isDisabled() };
  }

  async receivedText(returnId: string): Promise<string> {
    return plainSpaces(await this.row(returnId).getByTestId('received-at').textContent());
  }

  /** The row's cells as text. */
  async cells(returnId: string): Promise<string[]> {
    return (await this.row(returnId).locator('td').allTextContents()).map(plainSpaces);
  }

  async receive(date?: string) {
    if (date) await this.page.getByLabel('Дата оприходования').fill(date);
    await this.page.getByRole('button', { name: 'Оприходовать', exact: true }).click();
  }

  /** The notification bar (src/app/overlays.tsx). */
  notification(): Locator {
    return this.page.locator('button[role="alert"]');
  }

  /** The rightmost edge of the first rows' own controls (status, prices, delete or restore). */
  async rowControlsRight(rows = 5): Promise<number> {
    let right = 0;
    for (const row of (await this.rows().all()).slice(0, rows)) {
      for (const control of [
        ...(await row.getByRole('combobox').all()),
        ...(await row.getByRole('textbox').all()),
        ...(await row.getByRole('button').all()),
      ]) {
        const box = await control.boundingBox();
        right = Math.max(right, box ? box.x + box.width : Infinity);
      }
    }
    return right;
  }

  /** Boxes of the main controls, for the tablet layout check. */
  async controlBoxes(): Promise<Array<{ name: string; right: number }>> {
    const controls = [
      this.page.getByRole('button', { name: 'Добавить возврат' }),
      this.page.getByRole('button', { name: 'Загрузить с маркетплейсов' }),
      this.page.getByRole('link', { name: 'Документы возвратов' }),
      this.page.getByRole('group', { name: 'Статус возвратов' }),
      this.page.getByLabel('Дата оприходования'),
      this.page.getByRole('button', { name: 'Оприходовать', exact: true }),
    ];
    return Promise.all(
      controls.map(async (c, i) => {
        const box = await c.boundingBox();
        return { name: String(i), right: box ? box.x + box.width : Infinity };
      }),
    );
  }
}

/** /return/{return_id}/to/{to}: the product and one button per lot. */
export class ReturnToPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, returnId: string, to: string) {
    await this.page.goto(`${baseUrl}/return/${returnId}/to/${to}`);
    await this.page.getByTestId('return-product').waitFor();
  }

  /** The heading above the product (the header's title is the page's). */
  async heading(): Promise<string> {
    return plainSpaces(await this.page.locator('h1:not(header h1)').first().textContent());
  }

  /** «← К возвратам». */
  backLink(): Locator {
    return this.page.getByRole('link', { name: '← К возвратам' });
  }

  /** Each lot's button as shown: its price, receipt date and units left lines, and whether it can be chosen. */
  async lots(): Promise<Array<{ price: string; date: string; left: string; enabled: boolean }>> {
    const shown = [];
    for (const b of await this.page.getByTestId('lot-price').all()) {
      const [price, date, left] = (await b.locator(':scope > span').allTextContents()).map(plainSpaces);
      shown.push({ price: price!, date: date!, left: left!, enabled: await b.isEnabled() });
    }
    return shown;
  }

  async choose(label: string) {
    await this.page.getByTestId('lot-price').filter({ hasText: label }).click();
  }
}
