// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sheetForMember } from '../../../lib/permissions.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { productsSheet } from '../api/export-products.ts';
import { productSearchSchema, productsSearchSchema } from '../api/products-search.ts';
import { stopProductSource } from '../api/product-source.ts';
import { seedListing, seedProduct } from '../test/seed.ts';
import { db } from '../../../db/database.ts';
import { ProductPage } from './product-page.tsx';
import { ProductsList } from './products-list.tsx';

/*
 * Products by role (issue 24): the warehouse role adds and edits products but neither loads them from the
 * marketplaces, groups, ungroups nor deletes them; without leave to see costs it gets lots without prices, and
 * the list shows «—» for the average cost and no sums.
 */
function ProductsRoute() {
  const search = productsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <ProductsList
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
function ProductRoute() {
  const { productId } = useParams({ strict: false });
  const { td } = productSearchSchema.parse(useSearch({ strict: false }));
  return <ProductPage productId={productId ?? ''} tab={td} onTabChange={() => undefined} />;
}
afterEach(stopProductSource);

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const headings = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
/** A lot as a member without costs pulls it: no price. */
const lotWithoutPrice = (productId: string, count: number) =>
  db.mirrored('lots').add({ id: crypto.randomUUID(), product_id: productId, count, count_max: count });

describe('/products by role', () => {
  it('warehouse without costs: «Добавить» only; «—» for the average cost, no sum column or sum in the summary', async () => {
    signInAsRole('warehouse', { costs: false });
    const p = await seedProduct('Арбуз');
    await lotWithoutPrice(p.id, 3);
    await renderWithRouter(ProductsRoute, { path: '/products' });
    await screen.findByText('Арбуз');
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Загрузить с маркетплейсов' })).toBeNull();
    // The picture picks products to group: nothing to pick for a role that may not group.
    expect(screen.queryByRole('button', { name: 'Выбрать «Арбуз»' })).toBeNull();
    expect(headings()).not.toContain('Сумма');
    const cells = [...screen.getByText('Арбуз').closest('tr')!.querySelectorAll('td')].map((td) =>
      nbsp(td.textContent),
    );
    expect(cells.slice(3)).toEqual(['3', '0', '0', '—']);
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toBe('На складе: 3 шт.');
    expect(document.body.textContent).not.toMatch(/NaN|0 ₽/);
  });

  it('warehouse with costs: the sums are there, grouping still is not', async () => {
    signInAsRole('warehouse', { costs: true });
    const a = await seedProduct('Арбуз');
    await seedProduct('Банан');
    await db.mirrored('lots').add({ id: crypto.randomUUID(), product_id: a.id, count: 2, count_max: 2, price: 10 });
    await renderWithRouter(ProductsRoute, { path: '/products' });
    await screen.findByText('Банан');
    expect(headings()).toContain('Сумма');
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toBe('На складе: 2 шт. на сумму 20 ₽');
    expect(screen.queryByRole('button', { name: /Сгруппировать/ })).toBeNull();
  });

  it('manager: loads from the marketplaces and groups', async () => {
    signInAsRole('manager');
    await seedProduct('Арбуз');
    await seedProduct('Банан');
    await renderWithRouter(ProductsRoute, { path: '/products' });
    await screen.findByText('Банан');
    expect(screen.getByRole('button', { name: 'Загрузить с маркетплейсов' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать «Арбуз»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать «Банан»' }));
    expect(await screen.findByRole('button', { name: 'Сгруппировать (2)' })).toBeTruthy();
  });

  it('the export of a member without costs leaves the money columns out', async () => {
    const p = await seedProduct('Арбуз');
    await lotWithoutPrice(p.id, 3);
    signInAsRole('warehouse', { costs: false });
    await renderWithRouter(ProductsRoute, { path: '/products' });
    await screen.findByText('Арбуз');
    const sheet = sheetForMember(productsSheet({ search: '', order: 'name' }));
    expect(sheet.columns.map((c) => c.header)).toEqual([
      '№',
      'Название',
      'Артикулы',
      'Остаток',
      'Резерв',
      'Уценка',
      'Не хватает на заказы',
    ]);
    expect(sheet.rows).toEqual([[1, 'Арбуз', '', 3, 0, 0, null]]);
  });
});

describe('/product/{id} by role', () => {
  it('warehouse: the fields to edit, no delete', async () => {
    signInAsRole('warehouse');
    const p = await seedProduct('Чайник');
    await seedListing(p.id, 'A-1');
    await seedListing(p.id, 'A-2');
    await renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${p.id}` });
    await waitFor(() => expect(document.querySelector<HTMLTextAreaElement>('[name="name"]')?.value).toBe('Чайник'));
    expect(screen.queryByRole('button', { name: 'Удалить товар' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Обновить' })).toBeTruthy();
  });

  it('warehouse: the listings without ungrouping', async () => {
    signInAsRole('warehouse');
    const p = await seedProduct('Чайник');
    await seedListing(p.id, 'A-1');
    await seedListing(p.id, 'A-2');
    await renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${p.id}?td=1` });
    expect(await screen.findByText('Карточка A-1')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Разгруппировать/ })).toBeNull();
  });

  it('owner: delete and ungroup are there', async () => {
    signInAsRole('owner');
    const p = await seedProduct('Чайник');
    await seedListing(p.id, 'A-1');
    await seedListing(p.id, 'A-2');
    const page = await renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${p.id}` });
    expect(await screen.findByRole('button', { name: 'Удалить товар' })).toBeTruthy();
    page.unmount();
    await renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${p.id}?td=1` });
    expect(await screen.findByRole('button', { name: /Разгруппировать/ })).toBeTruthy();
  });
});
