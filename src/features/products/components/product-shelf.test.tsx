// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { seedProduct } from '../test/seed.ts';
import { NewProductForm } from './new-product-form.tsx';
import { ProductPage } from './product-page.tsx';

/*
 * «Место на складе» (products_wh.shelf, at most 50 characters): typed on the new product form and the product's
 * «Товар» tab, shown above the product's tabs; the pick list on /orders walks the shelves by it.
 */

function ProductRoute() {
  const { productId } = useParams({ strict: false });
  return <ProductPage productId={productId ?? ''} tab={0} onTabChange={() => undefined} />;
}
const openProduct = (id: string) =>
  renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${id}` });
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const outbox = () => db.outbox.orderBy('seq').toArray();

describe('shelf on the new product form', () => {
  it('is sent trimmed with the create and kept on the device', async () => {
    const page = await renderWithRouter(NewProductForm, { path: '/new/product' });
    type('name', 'Чайник');
    type('shelf', '  А-03-2 ');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    await waitFor(async () => expect(await db.mirrored('products_wh').count()).toBe(1));
    const [row] = await db.mirrored('products_wh').toArray();
    await page.waitForPath(`/product/${row!.id}`);
    expect(row!.shelf).toBe('А-03-2');
    expect((await outbox())[0]!.body).toEqual({
      id: row!.id,
      name: 'Чайник',
      description: '',
      images: [],
      shelf: 'А-03-2',
    });
  });

  it('more than 50 characters: a Russian error by the field, nothing stored or queued', async () => {
    const page = await renderWithRouter(NewProductForm, { path: '/new/product' });
    expect(field('shelf').maxLength).toBe(50);
    type('name', 'Чайник');
    type('shelf', 'Я'.repeat(51));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    expect((await screen.findByText('Место на складе — не длиннее 50 символов')).getAttribute('role')).toBe('alert');
    expect(await db.mirrored('products_wh').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(page.pathname()).toBe('/new/product');
  });
});

describe('shelf on the product page', () => {
  it('shows above the tabs when set, and not at all when empty or on a row pulled before shelves', async () => {
    const withShelf = await seedProduct('Кружка', { shelf: 'Б-12' });
    const { unmount } = await openProduct(withShelf.id);
    expect((await screen.findByTestId('product-shelf')).textContent).toBe('Место на складе: Б-12');
    expect(field('shelf').value).toBe('Б-12');
    unmount();
    const old = await seedProduct('Старый'); // no shelf field at all
    await openProduct(old.id);
    await screen.findByRole('button', { name: 'Обновить' });
    expect(screen.queryByTestId('product-shelf')).toBeNull();
    expect(field('shelf').value).toBe('');
  });

  it('saves on blur as one PATCH with only the shelf; an unchanged blur queues nothing; too long is refused', async () => {
    const p = await seedProduct('Кружка', { shelf: 'Б-12' });
    await openProduct(p.id);
    await screen.findByRole('button', { name: 'Обновить' });
    fireEvent.blur(field('shelf'));
    type('shelf', ' В-1-4 ');
    fireEvent.blur(field('shelf'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/products/warehouse/${p.id}/update/`,
      body: { shelf: 'В-1-4' },
    });
    await waitFor(() => expect(screen.getByTestId('product-shelf').textContent).toBe('Место на складе: В-1-4'));

    type('shelf', 'Ж'.repeat(51));
    fireEvent.blur(field('shelf'));
    expect(await screen.findByText('Место на складе — не длиннее 50 символов')).toBeTruthy();
    expect((await db.mirrored('products_wh').get(p.id))!.shelf).toBe('В-1-4');
    expect((await outbox())[0]!.body).toEqual({ shelf: 'В-1-4' });
  });

  it('emptied, it is sent as empty and the line goes', async () => {
    const p = await seedProduct('Кружка', { shelf: 'Б-12' });
    await openProduct(p.id);
    await screen.findByTestId('product-shelf');
    type('shelf', '');
    fireEvent.blur(field('shelf'));
    await waitFor(async () => expect((await outbox())[0]?.body).toEqual({ shelf: '' }));
    await waitFor(() => expect(screen.queryByTestId('product-shelf')).toBeNull());
  });
});
