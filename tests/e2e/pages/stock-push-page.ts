import type { Locator, Page } from 'playwright-core';
import { numbersIn, plainSpaces } from '../helpers/shown-number.ts';

/** A preview row as the screen shows it, read back into figures (null where it shows «—»). */
export interface ShownPreviewRow {
  offerId: string;
  available: number;
  marketplaceStock: number | null;
  change: number | null;
}

/** /stock-push «Передача остатков» (issue 15): the preview per store, «Отправить», the result and the log. */
export class StockPushPage {
  constructor(readonly page: Page) {}

  /** From /markets: the «Передать остатки» button (the screen is not in the menu). */
  async openFromMarkets() {
    await this.page.getByRole('button', { name: 'Передать остатки' }).click();
    await this.page.locator('header h1').filter({ hasText: 'Передача остатков' }).waitFor();
  }

  store(marketId: string): Locator {
    return this.page.locator(`[data-testid="preview-store"][data-market-id="${marketId}"]`);
  }

  /** The store's rows, once it shows at least one. */
  async shown(marketId: string): Promise<ShownPreviewRow[]> {
    const rows = this.store(marketId).getByTestId('preview-row');
    await rows.first().waitFor();
    const shown: ShownPreviewRow[] = [];
    for (const row of await rows.all()) {
      const figure = async (id: string) => {
        const text = plainSpaces(await row.getByTestId(id).textContent());
        return text === '—' ? null : (numbersIn(text)[0] ?? null);
      };
      shown.push({
        offerId: (await row.getAttribute('data-offer-id'))!,
        available: (await figure('available'))!,
        marketplaceStock: await figure('marketplace-stock'),
        change: await figure('change'),
      });
    }
    return shown;
  }

  async send() {
    await this.page.getByTestId('send').click();
  }

  result(): Locator {
    return this.page.getByTestId('push-result');
  }

  async resultSummary(): Promise<{ sent: number; failed: number }> {
    const [sent, failed] = numbersIn(plainSpaces(await this.result().getByTestId('result-summary').textContent()));
    return { sent: sent!, failed: failed! };
  }
}
