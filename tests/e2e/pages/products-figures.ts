import type { Page } from 'playwright-core';
import { numbersIn, plainSpaces, shownNumber } from '../helpers/shown-number.ts';
import { eventually } from '../helpers/wait.ts';

/** One row of the /products table as shown: count, reserve, markdowns, average cost, total sum. */
export interface ShownFigures {
  count: number;
  reserve: number;
  markdowns: number;
  averageCost: number;
  totalPrice: number;
}

/**
 * The stock figures of /products «Товары» (docs/screens.md «Адреса»): the summary line and the table's figure columns.
 */
export class ProductsFigures {
  constructor(readonly page: Page) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/products`);
    await this.page.locator('header h1').filter({ hasText: 'Товары' }).waitFor();
  }

  /** Waits until the table shows this many rows (all on one page here). */
  async waitForRows(count: number, what: string) {
    await eventually(async () => (await this.page.getByTestId('product-row').count()) === count, what);
  }

  async row(name: string): Promise<ShownFigures> {
    const row = this.page.getByTestId('product-row').filter({ hasText: name });
    const cells = await row.locator('td').allTextContents();
    if (cells.length !== 8) throw new Error(`row «${name}»: ${cells.length} cells`);
    const [count, reserve, markdowns, averageCost, totalPrice] = cells.slice(3).map(shownNumber) as [
      number,
      number,
      number,
      number,
      number,
    ];
    return { count, reserve, markdowns, averageCost, totalPrice };
  }

  /** The name the row containing `text` shows (the row is found by any part of its name). */
  async nameIn(text: string): Promise<string> {
    const cells = await this.page.getByTestId('product-row').filter({ hasText: text }).locator('td').allTextContents();
    return plainSpaces(cells[2]);
  }

  /** «На складе: N шт. на сумму S ₽». */
  async summary(): Promise<{ text: string; count: number; total: number }> {
    const text = plainSpaces(await this.page.getByTestId('stock-summary').textContent());
    const [count, total] = numbersIn(text) as [number, number];
    return { text, count, total };
  }

  /**
   * Starts recording every distinct state of the summary line and the rows' figures, as painted
   * (a MutationObserver in the page): a figure that flickers between two reads is caught too.
   */
  async watch() {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      const read = () => {
        const summary = document.querySelector('[data-testid="stock-summary"]')?.textContent ?? '';
        const rows = [...document.querySelectorAll('[data-testid="product-row"]')].map((row) =>
          [...row.querySelectorAll('td')]
            .slice(2)
            .map((td) => td.textContent)
            .join(' | '),
        );
        const state = [summary, ...rows].join('\n').replace(/[\s\u00a0\u202f]+/g, ' ');
        if (seen.at(-1) !== state) seen.push(state);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
      (window as unknown as { __figuresSeen: string[] }).__figuresSeen = seen;
    });
  }

  /** Every distinct state recorded since watch(). */
  seen(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __figuresSeen: string[] }).__figuresSeen);
  }
}
