import type { Locator, Page } from 'playwright-core';
import { wedgeScan } from '../helpers/wedge-scan.ts';

/** Scanning as the person at the counter sees it: the scanner's keystrokes, the header's camera, the flash. */
export class Scanning {
  constructor(readonly page: Page) {}

  /** What a keyboard-wedge scanner does: the code's characters 5 ms apart, then Enter, wherever the focus is. */
  async wedge(code: string) {
    await wedgeScan(this.page, code);
  }

  /** «Сканировать» in the header: there only while the screen takes scans. */
  cameraButton(): Locator {
    return this.page.getByRole('button', { name: 'Сканировать камерой' });
  }

  /**
   * The flash's words after a scan: «<code> — Найдено» (src/ui/scan-flash.tsx). By its label rather than its role:
   * while a modal dialog is open, the page behind it (the flash too) is hidden from the accessibility tree.
   */
  flash(): Locator {
    return this.page.locator('[role="status"][aria-label="Результат сканирования"]');
  }

  unknownDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Неизвестный штрихкод' });
  }

  /** Picks the product in the unknown-code dialog and attaches the code to it. */
  async attachTo(productName: string) {
    const dialog = this.unknownDialog();
    await dialog.getByLabel('Найти товар').fill(productName);
    await dialog.getByRole('button', { name: productName }).click();
    await dialog.getByRole('button', { name: 'Привязать к товару' }).click();
  }
}
