import type { Locator, Page } from 'playwright-core';

/** The header's sync indicator, its dialog «Синхронизация» and the notification of refused edits. */
export class SyncPanelPage {
  constructor(readonly page: Page) {}

  indicator(): Locator {
    return this.page.getByTestId('sync-indicator');
  }

  async indicatorText(): Promise<string> {
    return (await this.indicator().textContent()) ?? '';
  }

  /** The notification of refused edits (it stays until clicked). */
  notice(): Locator {
    return this.page.getByTestId('refused-notice');
  }

  async noticeText(): Promise<string> {
    const [text] = await this.notice().allTextContents();
    return text ?? '';
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Синхронизация' });
  }

  async openDialog() {
    await this.indicator().click();
    await this.dialog().waitFor();
  }

  async closeDialog() {
    await this.dialog().getByRole('button', { name: 'Закрыть' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** The listed refused edits, as their text reads. */
  async refusedTexts(): Promise<string[]> {
    return this.dialog().getByTestId('refused-edit').allTextContents();
  }

  /** The listed refused edit whose text contains `text`. */
  refused(text: string): Locator {
    return this.dialog().getByTestId('refused-edit').filter({ hasText: text });
  }

  button(text: string, label: 'Открыть' | 'Повторить' | 'Отменить'): Locator {
    return this.refused(text).getByRole('button', { name: label, exact: true });
  }
}
