import type { Locator, Page } from 'playwright-core';
import { numbersIn, plainSpaces } from '../helpers/shown-number.ts';

/** A /shipping-delivery row as the screen shows it, read back into figures. */
export interface ShownShippingRow {
  productId: string;
  name: string;
  articles: string[];
  sufficiency: number;
  /** 'enough' (green) or 'short' (red): the colour class's meaning, from data-enough. */
  enough: boolean;
  color: string;
  awaitingPackaging: number;
  awaitingDeliver: number;
  delivering: number;
  /** null when the screen shows «?». */
  deliverySum: number | null;
}

/** /shipping-delivery «Отгрузки и доставки» (docs/screens.md «Адреса»): refresh, filter, search, summary and rows. */
export class ShippingPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/shipping-delivery${query}`);
    await this.page.locator('header h1').filter({ hasText: 'Отгрузки и доставки' }).waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('shipping-row');
  }

  row(productId: string): Locator {
    return this.page.locator(`[data-testid="shipping-row"][data-product-id="${productId}"]`);
  }

  async refresh() {
    await this.page.getByRole('button', { name: 'Обновить статусы' }).click();
  }

  async filter(label: 'Хватает' | 'Не хватает' | 'Все') {
    await this.page
      .getByRole('group', { name: 'Достаточность' })
      .getByRole('button', { name: label, exact: true })
      .click();
  }

  async search(text: string) {
    await this.page.locator('input[name="search"]').fill(text);
  }

  async summary(): Promise<{ delivering: number; sum: number; complete: boolean }> {
    const text = plainSpaces(await this.page.getByTestId('shipping-summary').textContent());
    const [delivering, sum] = numbersIn(text);
    return { delivering: delivering!, sum: sum!, complete: !text.includes('без цены') };
  }

  async snapshotText(): Promise<string> {
    return plainSpaces(await this.page.getByTestId('snapshot').textContent());
  }

  /** Every row of the page, in order. */
  async shown(): Promise<ShownShippingRow[]> {
    return this.rows().evaluateAll((trs) =>
      trs.map((tr) => {
        const text = (id: string) =>
          (tr.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
        const number = (s: string) => Number(s.replace(/\s/g, '').replace('−', '-').replace(',', '.').replace('₽', ''));
        const [awaitingPackaging, awaitingDeliver] = text('awaiting').split('/').map(number);
        const sum = text('delivery-sum');
        const sufficiency = tr.querySelector('[data-testid="sufficiency"]')!;
        return {
          productId: (tr as HTMLElement).dataset.productId!,
          name: text('name'),
          articles: text('articles') ? text('articles').split(', ') : [],
          sufficiency: number(text('sufficiency')),
          enough: (tr as HTMLElement).dataset.enough === 'true',
          color: getComputedStyle(sufficiency).color,
          awaitingPackaging: awaitingPackaging!,
          awaitingDeliver: awaitingDeliver!,
          delivering: number(text('delivering')),
          deliverySum: sum === '?' ? null : number(sum),
        };
      }),
    );
  }

  /** The notification bar (src/app/overlays.tsx). */
  notification(): Locator {
    return this.page.locator('button[role="alert"]');
  }

  /** Boxes of the main controls, for the tablet layout check. */
  async controlBoxes(): Promise<Array<{ name: string; right: number }>> {
    const controls = [
      this.page.getByRole('button', { name: 'Обновить статусы' }),
      this.page.getByRole('group', { name: 'Достаточность' }),
      this.page.locator('input[name="search"]'),
      this.page.getByTestId('shipping-summary'),
    ];
    const cells = (await this.rows().all())
      .slice(0, 5)
      .flatMap((r) => [
        r.getByTestId('sufficiency'),
        r.getByTestId('awaiting'),
        r.getByTestId('delivering'),
        r.getByTestId('delivery-sum'),
      ]);
    return Promise.all(
      [...controls, ...cells].map(async (c, i) => {
        const box = await c.boundingBox();
        return { name: String(i), right: box ? box.x + box.width : Infinity };
      }),
    );
  }
}
