import {
  button,
  content,
  drawer,
  editorWithDrawer,
  field,
  productTab,
  productTabs,
  type ViewportScreen,
} from './viewport-parts.ts';

export type { ViewportScreen } from './viewport-parts.ts';

/** Every screen of SPEC §2 (docs/screens.md «Адреса»), opened on the seeded data: see ./viewport-parts.ts. */
export const viewportScreens: ViewportScreen[] = [
  {
    name: 'home',
    path: () => '/',
    title: 'Главная',
    async check(c) {
      const { page } = c;
      const nav = page.getByRole('navigation', { name: 'Главное меню' });
      const collapsed = !(await nav.getByRole('link', { name: 'Товары' }).isVisible());
      if (collapsed) {
        await c.usable('«Меню»', button(page, 'Меню'));
        await button(page, 'Меню').click();
      }
      for (const label of [
        'Профиль',
        'Магазины',
        'Товары',
        'Заказы',
        'Отгрузки и доставки',
        'Приёмка / оприходование',
        'Возвраты',
        'Уценка',
        'Списание и прочая реализация',
        'Выход',
      ])
        await c.usable(`menu «${label}»`, nav.getByRole('link', { name: label }));
      if (collapsed) {
        await c.screenshot('home-menu');
        await page.keyboard.press('Escape');
        await nav.getByRole('link', { name: 'Товары' }).waitFor({ state: 'hidden' });
        // A choice closes it too, and the page it opens is not under it.
        await button(page, 'Меню').click();
        await nav.getByRole('link', { name: 'Профиль' }).click();
        await page.locator('header h1').filter({ hasText: 'Профиль' }).waitFor();
        await nav.getByRole('link', { name: 'Профиль' }).waitFor({ state: 'hidden' });
        await c.usable('«Мои магазины» after the menu', button(page, 'Мои магазины'));
        await page.goBack();
        await page.locator('header h1').filter({ hasText: 'Главная' }).waitFor();
      }
    },
  },
  {
    name: 'user',
    path: () => '/user',
    title: /^Профиль/,
    check: (c) => c.usable('«Мои магазины»', button(c.page, 'Мои магазины')),
  },
  {
    name: 'markets',
    path: () => '/markets',
    title: 'Мои магазины',
    async check(c) {
      await c.usable('«Добавить»', button(c.page, 'Добавить'));
      await c.usable('store', c.page.getByRole('button', { name: /Песочница/ }));
    },
  },
  {
    name: 'stock-push',
    path: () => '/stock-push',
    title: 'Передача остатков',
    async check(c) {
      const { page } = c;
      // Whatever the screen shows of the changes, its switches and the journal: every field usable.
      // The preview asks the marketplace: wait for it, then check whatever the screen shows.
      await page
        .getByTestId('preview-store')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await c.fields('every field', content(page));
      // The journal's detail opens where it is tapped, in a dialog or in place: its fields too.
      const more = page.getByRole('button', { name: 'Подробнее' }).first();
      if (await more.isVisible()) {
        await more.click();
        const dialog = page.getByRole('dialog');
        const opened = (await dialog.count()) > 0;
        await c.fields('the push detail', opened ? dialog : content(page));
        await c.screenshot('stock-push-detail');
        if (opened) await page.keyboard.press('Escape');
      }
    },
  },
  {
    name: 'market',
    path: (d) => `/market/${d.marketId}`,
    title: /./,
    async check(c) {
      // The id field's label is «ID магазина» or «Идентификатор магазина».
      await c.usable('store id', c.page.getByLabel(/^(ID|Идентификатор) магазина$/));
      for (const label of ['Название', 'Описание']) await c.usable(label, field(c.page, label));
      await c.usable('«Обновить»', button(c.page, 'Обновить'));
      await c.usable('«Удалить»', button(c.page, 'Удалить'));
    },
  },
  {
    name: 'products',
    path: () => '/products',
    title: 'Товары',
    async check(c) {
      const { page } = c;
      const rows = page.getByTestId('product-row');
      await rows.nth(1).waitFor();
      if (!(await button(page, /^Сгруппировать/).isVisible())) {
        await rows
          .nth(0)
          .getByRole('button', { name: /^Выбрать/ })
          .click();
        await rows
          .nth(1)
          .getByRole('button', { name: /^Выбрать/ })
          .click();
      }
      for (const name of ['Добавить', 'Загрузить с маркетплейсов']) await c.usable(`«${name}»`, button(page, name));
      await c.usable('«Сгруппировать»', button(page, /^Сгруппировать/));
      await c.usable('search', page.getByRole('searchbox'));
      await c.usable('sort by name', button(page, /^Название/));
      await c.row('first row', rows.first());
    },
  },
  {
    name: 'new-product',
    path: () => '/new/product',
    title: /./,
    async check(c) {
      for (const label of ['Название', 'Описание']) await c.usable(label, field(c.page, label));
      await c.usable('«Добавить фото»', c.page.getByText('Добавить фото'));
      await c.usable('«Добавить товар»', button(c.page, 'Добавить товар'));
    },
  },
  ...productTabs.map((_, td) => productTab(td)),
  {
    name: 'lot',
    path: (d) => `/product/${d.products[0]}/inventory/${d.lots[0]}`,
    title: /^Партия/,
    async check(c) {
      for (const label of ['Остаток', 'Цена']) await c.usable(label, field(c.page, label));
    },
  },
  {
    name: 'receive-new',
    path: (d) => `/product/${d.products[0]}/inventory/new`,
    title: /^Оприходование/,
    async check(c) {
      for (const label of ['Количество', 'Цена за единицу, ₽', 'Дата поступления'])
        await c.usable(label, field(c.page, label));
      await c.usable('submit', c.page.locator('form button[type="submit"]'));
    },
  },
  {
    name: 'disposal',
    path: (d) => `/product/${d.products[0]}/disposal/${d.disposal}`,
    title: /^Списание/,
    async check(c) {
      for (const label of ['Количество', 'Цена']) await c.usable(label, field(c.page, label));
    },
  },
  {
    name: 'markdown-edit',
    path: (d) => `/product/${d.products[0]}/markdown/${d.markdown}`,
    title: /./,
    async check(c) {
      for (const label of ['Цена, ₽', 'Цена уценки, ₽', 'Описание']) await c.usable(label, field(c.page, label));
      await c.usable('submit', c.page.locator('form button[type="submit"]'));
    },
  },
  {
    name: 'inventory',
    path: () => '/inventory',
    title: /./,
    async check(c) {
      const { page } = c;
      for (const label of ['С даты', 'По дату']) await c.usable(label, field(page, label));
      await c.usable('search', page.getByRole('searchbox'));
      for (const name of ['Добавить', 'Обновить']) await c.usable(`«${name}»`, button(page, name));
      await c.row('first row', page.getByTestId('inventory-row').first());
    },
  },
  {
    name: 'inventory-add',
    path: () => '/inventory/add',
    title: 'Оприходование товара',
    check: (c) => editorWithDrawer(c, 'purchase-line', 'Оприходовать', 'Дата поступления'),
  },
  {
    name: 'inventory-edit',
    path: (d) => `/inventory/edit/${d.purchaseBatch}`,
    title: /./,
    check: (c) => editorWithDrawer(c, 'purchase-line', 'Обновить', 'Дата поступления'),
  },
  {
    name: 'batches',
    path: () => '/inventory/batches',
    title: /./,
    async check(c) {
      const { page } = c;
      const chooser = page.getByRole('dialog');
      for (const name of ['Закупки', 'Возвраты', 'Прочее'])
        await c.usable(`chooser «${name}»`, chooser.getByRole('button', { name, exact: true }));
      await chooser.getByRole('button', { name: 'Закупки', exact: true }).click();
      await chooser.waitFor({ state: 'detached' });
      for (const label of ['С даты', 'По дату']) await c.usable(label, field(page, label));
      await c.usable('«Добавить»', button(page, 'Добавить'));
      await c.row('first row', page.getByTestId('batch-row').first());
    },
  },
  {
    name: 'batch-document',
    path: (d) => `/inventory/batches/${d.purchaseBatch}`,
    title: /./,
    async check(c) {
      await c.usable('«Изменить»', button(c.page, 'Изменить'));
      await c.usable('«Экспорт»', button(c.page, 'Экспорт'));
      await c.row('first line', c.page.getByTestId('document-line').first());
    },
  },
  {
    name: 'other-add',
    path: () => '/other-realizations/add',
    title: 'Списание и прочая реализация',
    check: (c) => editorWithDrawer(c, 'other-line', 'Реализовать', 'Дата реализации'),
  },
  {
    name: 'other-edit',
    path: (d) => `/other-realizations/edit/${d.otherBatch}`,
    title: /./,
    check: (c) => editorWithDrawer(c, 'other-line', 'Обновить', 'Дата реализации'),
  },
  {
    name: 'returns',
    path: () => '/returns',
    title: 'Возвраты',
    async check(c) {
      const { page } = c;
      for (const name of ['Добавить возврат', 'Загрузить с маркетплейсов'])
        await c.usable(`«${name}»`, button(page, name));
      await c.usable('«Документы возвратов»', page.getByRole('link', { name: 'Документы возвратов' }));
      const filters = page.getByRole('group', { name: 'Статус возвратов' }).getByRole('button');
      for (const f of await filters.all()) await c.usable(`filter «${await f.textContent()}»`, f);
      await c.row('first row', page.getByTestId('return-line').first());
      await c.usable('Дата оприходования', field(page, 'Дата оприходования'));
      await c.usable('«Оприходовать»', button(page, 'Оприходовать'));
      await c.fields('every field', content(page));
      // The drawer of warehouse products, and the rows and the footer still usable beside it.
      await button(page, 'Добавить возврат').click();
      await c.usable('drawer search', drawer(page).getByLabel('Поиск товара'));
      await c.usable('drawer product', drawer(page).getByTestId('drawer-product').first());
      await c.row('first row with the drawer', page.getByTestId('return-line').first());
      await c.usable('«Оприходовать» with the drawer', button(page, 'Оприходовать'));
      await c.fields('with the drawer', content(page));
    },
  },
  {
    name: 'return-to',
    path: (d) => `/return/${d.returnId}/to/to_inventory`,
    title: /./,
    async check(c) {
      await c.usable('lot price', c.page.getByTestId('lot-price').first());
      await c.fields('every field', content(c.page));
    },
  },
  {
    name: 'markdown',
    path: () => '/markdown',
    title: 'Уценка',
    async check(c) {
      const { page } = c;
      for (const name of ['Только непроданные', 'Все'])
        await c.usable(
          `«${name}»`,
          page.getByRole('group', { name: 'Какие уценки показать' }).getByRole('button', { name, exact: true }),
        );
      await c.usable('search', page.getByRole('searchbox'));
      await c.row('first row', page.getByTestId('markdown-line').first());
      await c.fields('every field', content(page));
    },
  },
  {
    name: 'orders',
    path: () => '/orders?stage=all',
    title: 'Заказы',
    async check(c) {
      const { page } = c;
      // Orders come from the store's intake: whichever the screen shows, cards or that there are none yet.
      await page
        .getByTestId('order-card')
        .first()
        .or(page.getByText(/^(Заказов пока нет|Нет заказов)/))
        .waitFor({ timeout: 15_000 });
      await c.usable('store', field(page, 'Магазин'));
      await c.usable('search', page.getByRole('searchbox'));
      await c.usable('«Лист сборки»', page.getByRole('link', { name: 'Лист сборки' }));
      for (const f of await page.getByRole('group', { name: 'Этап заказов' }).getByRole('button').all())
        await c.usable(`stage «${await f.textContent()}»`, f);
      const card = page.getByTestId('order-card').first();
      if (await card.isVisible()) {
        await c.usable('first order', card.getByTestId('posting-number'));
        await c.usable('first line: what it did', card.getByTestId('books').first());
      }
      await c.fields('every field', content(page));
    },
  },
  {
    name: 'pick-list',
    path: () => '/orders/pick-list',
    title: 'Лист сборки',
    async check(c) {
      await c.usable('«Печать»', button(c.page, 'Печать'));
      await c.usable('«← К заказам»', c.page.getByRole('link', { name: '← К заказам' }));
      const group = c.page.getByTestId('pick-group').first();
      if (await group.isVisible()) await c.usable('first product: units', group.getByTestId('pick-units'));
    },
  },
  {
    name: 'shipping',
    path: () => '/shipping-delivery',
    title: 'Отгрузки и доставки',
    async check(c) {
      const { page } = c;
      await c.usable('«Обновить статусы»', button(page, 'Обновить статусы'));
      for (const f of await page.getByRole('group', { name: 'Достаточность' }).getByRole('button').all())
        await c.usable(`filter «${await f.textContent()}»`, f);
      await c.usable('search', page.getByRole('searchbox'));
      await c.row('first row', page.getByTestId('shipping-row').first());
    },
  },
];
