import type { Locator, Page } from 'playwright-core';

/** «Изменено: <кто>, <когда>» under a field a colleague's later edit replaced (src/ui/changed-by-note.tsx). */
export class ChangedByNotes {
  constructor(readonly page: Page) {}

  of(field: string): Locator {
    return this.page.locator(`[data-changed-field="${field}"]`);
  }

  /** The note's words; null when the field has none. */
  async text(field: string): Promise<string | null> {
    const [text] = await this.of(field).allInnerTexts();
    return text === undefined ? null : text.replace('×', '').trim();
  }

  async dismiss(field: string) {
    await this.of(field).getByRole('button', { name: 'Скрыть отметку' }).click();
    await this.of(field).waitFor({ state: 'detached' });
  }
}
