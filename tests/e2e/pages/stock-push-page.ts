import type { Locator, Page } from 'playwright-core';
import { numbersIn, plainSpaces } from '../helpers/shown-number.ts';

/** A preview row as the screen shows it, read back into figures (null where it shows «—»). */
export interface ShownPreviewRow {
  offerId: string;
  onHand: number;
  available: number;
  marketplaceStock: number | null;
  change: number | null;
}

/**
 * /stock-push «Передача остатков» (issues 15, 21): per store the listings that change, the unchanged
 * ones behind «Без изменений: N — показать»; the search and «Только изменения»; «Отправить», the
 * result and the log, whose «Подробнее» opens a run under its row.
 */
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

  /** The store's rows on screen (changes, and the unchanged when open), once it shows at least one. */
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
        onHand: (await figure('on-hand'))!,
        available: (await figure('available'))!,
        marketplaceStock: await figure('marketplace-stock'),
        change: await figure('change'),
      });
    }
    return shown;
  }

  unchangedToggle(marketId: string): Locator {
    return this.store(marketId).getByTestId('unchanged-toggle');
  }

  /** N of «Без изменений: N — показать»; 0 when the store has no such control. */
  async unchangedCount(marketId: string): Promise<number> {
    const toggle = this.unchangedToggle(marketId);
    if ((await toggle.count()) === 0) return 0;
    return numbersIn(plainSpaces(await toggle.textContent()))[0] ?? 0;
  }

  /** Opens the store's unchanged listings under its changes, if closed. */
  async showUnchanged(marketId: string) {
    const toggle = this.unchangedToggle(marketId);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await this.store(marketId).getByTestId('unchanged').getByTestId('preview-row').first().waitFor();
  }

  searchField(): Locator {
    return this.page.getByRole('searchbox');
  }

  onlyChanges(): Locator {
    return this.page.getByRole('switch', { name: 'Только изменения' });
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

  logRows(): Locator {
    return this.page.getByTestId('log-row');
  }

  /** «Подробнее» of a log row; answers the detail that opened under it, once its answers are loaded. */
  async openRun(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: 'Подробнее' }).click();
    const detail = this.page.locator(
      `[data-testid="log-detail"][data-job-id="${await row.getAttribute('data-job-id')}"]`,
    );
    await detail.getByTestId('result-summary').waitFor();
    return detail;
  }
}
