import type { Locator, Page } from 'playwright-core';
import { openSpreadsheet, type OpenedSheet } from '../helpers/spreadsheet.ts';

/** «Экспорт» on a list or document screen (src/ui/export-menu.tsx): XLSX or CSV, saved as a download. */
export class ExportMenu {
  constructor(readonly page: Page) {}

  button(): Locator {
    return this.page.getByRole('button', { name: 'Экспорт', exact: true });
  }

  item(format: 'csv' | 'xlsx'): Locator {
    return this.page
      .getByRole('menu', { name: 'Экспорт' })
      .getByRole('menuitem', { name: format === 'csv' ? /^CSV/ : /XLSX/ });
  }

  /** Exports and opens the file with a spreadsheet library; answers its suggested name too. */
  async save(format: 'csv' | 'xlsx'): Promise<{ fileName: string; sheet: OpenedSheet }> {
    await this.button().click();
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.item(format).click()]);
    const path = await download.path();
    return { fileName: download.suggestedFilename(), sheet: await openSpreadsheet(path, format) };
  }
}
