import type { Page } from 'playwright-core';
import type { ViewportData } from '../helpers/viewport-data.ts';
import type { ViewportCheck } from './viewport-check.ts';

/*
 * What the viewport screens (./viewport-screens.ts) are made of: the locators they share, the document
 * editors' check with the product drawer open, and the product page's tabs, one screen per `?td=`.
 */

/**
 * Every screen of SPEC §2 (docs/screens.md «Адреса») with the controls the spec names for it, opened on
 * the seeded data. Each `check` leaves the screen as it should be photographed.
 */
export interface ViewportScreen {
  name: string;
  path(d: ViewportData): string;
  /** Said in the header once the screen is up. */
  title: string | RegExp;
  check(c: ViewportCheck, d: ViewportData): Promise<void>;
}

export const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const drawer = (page: Page) => page.getByRole('complementary', { name: 'Товары склада' });
/** The screen's own content (the shell's header and menu are checked on /), with the drawer when it is open. */
export const content = (page: Page) => page.locator('main');

/** The drawer's search and its first products, and the editor's lines and save button beside it. */
export async function editorWithDrawer(c: ViewportCheck, lineTestId: string, submit: string, dateLabel: string) {
  const { page } = c;
  if (!(await drawer(page).isVisible())) await button(page, 'Товары').click();
  await drawer(page).waitFor();
  const picks = drawer(page).getByTestId('drawer-product');
  await picks.first().waitFor();
  if ((await page.getByTestId(lineTestId).count()) < 2) {
    await picks.nth(0).click();
    await picks.nth(1).click();
  }
  await page.getByTestId(lineTestId).nth(1).waitFor();
  await c.usable('drawer search', drawer(page).getByLabel('Поиск товара'));
  await c.usable('drawer product', picks.nth(2));
  await c.usable('drawer close', drawer(page).getByRole('button', { name: 'Закрыть список товаров' }));
  await c.usable(dateLabel, field(page, dateLabel));
  await c.usable('«Товары»', button(page, 'Товары'));
  await c.usable(`«${submit}»`, button(page, submit));
  for (const n of [0, 1]) await c.row(`line ${n + 1}`, page.getByTestId(lineTestId).nth(n));
  // The save button again after working in the lines: still there with the drawer open.
  await c.usable(`«${submit}» after the lines`, button(page, submit));
  await c.fields('with the drawer', content(page));
}

export const productTabs = [
  'Товар',
  'На маркетплейсах',
  'Учёт',
  'Уценка',
  'Списание',
  'Прочая реализация',
  'Резерв',
  'Продажи',
  'История',
];
const tabRows: Record<number, string> = {
  2: 'lot-row',
  3: 'markdown-row',
  4: 'disposal-row',
  5: 'other-realization-row',
  6: 'reserve-row',
  7: 'realization-row',
  8: 'movement-row',
};
const tabAdd: Record<number, string> = { 2: '+ Оприходовать', 3: '+ Уценить', 4: '+ Списать' };

export function productTab(td: number): ViewportScreen {
  return {
    name: `product-td${td}`,
    path: (d) => `/product/${td === 1 ? d.listedProduct : d.products[0]}?td=${td}`,
    title: /./,
    async check(c) {
      const { page } = c;
      // As the address opened it: the chosen tab is already scrolled into view, not scrolled to here.
      await c.usable(
        `selected tab «${productTabs[td]}» as shown`,
        page.getByRole('tab', { name: productTabs[td], selected: true }),
        { asShown: true },
      );
      if (td === 0) {
        for (const label of ['Название', 'Описание']) await c.usable(label, field(page, label));
        await c.usable('«Добавить фото»', page.getByText('Добавить фото'));
        await c.usable('«Обновить»', button(page, 'Обновить'));
        await c.usable('«Удалить товар»', button(page, 'Удалить товар'));
      } else if (td === 1) {
        // One listing only: it cannot be split off, so there is no «Разгруппировать» button.
        await c.usable('listing checkbox', page.getByRole('checkbox', { name: /^Выбрать / }).first());
      } else {
        if (tabAdd[td]) await c.usable(tabAdd[td], page.getByRole('link', { name: tabAdd[td] }));
        await c.row('first row', page.getByTestId(tabRows[td]!).first());
      }
    },
  };
}
