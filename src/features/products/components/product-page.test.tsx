// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { productSearchSchema } from '../api/products-search.ts';
import { markPulled, productRow, seedListing, seedLot, seedProduct } from '../test/seed.ts';
import { ProductPage } from './product-page.tsx';

function ProductRoute() {
  const { productId } = useParams({ strict: false });
  const { td } = productSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  // The route adds the stock tabs (another feature); a stand-in here.
  const moreTabs = [{ label: 'Учёт', content: <p>Партии товара</p> }];
  return (
    <ProductPage
      productId={productId ?? ''}
      tab={td}
      onTabChange={(next) => void navigate({ to: '.', search: { td: next } as never, replace: true })}
      moreTabs={moreTabs}
    />
  );
}
const open = (id: string, query = '') =>
  renderWithRouter(ProductRoute, { path: '/product/$productId', url: `/product/${id}${query}` });
const field = (name: string) => document.querySelector<HTMLTextAreaElement>(`[name="${name}"]`)!;
const tab = (name: string) => screen.getByRole('tab', { name });

describe('/product/{id} (docs/screens.md)', () => {
  it('td selects the starting tab; the tabs the route adds follow 0 and 1', async () => {
    const p = await seedProduct('Чайник');
    await open(p.id, '?td=1');
    await waitFor(() => expect(tab('На маркетплейсах').getAttribute('aria-selected')).toBe('true'));
    expect(getAppState().title).toBe('Чайник');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Товар', 'На маркетплейсах', 'Учёт']);
    fireEvent.mouseDown(tab('Учёт'));
    expect(await screen.findByText('Партии товара')).toBeTruthy();
  });

  it('a malformed td falls back to the info tab', async () => {
    const p = await seedProduct('Чайник');
    await open(p.id, '?td=99');
    await waitFor(() => expect(tab('Товар').getAttribute('aria-selected')).toBe('true'));
    expect(field('name').value).toBe('Чайник');
  });

  it('says so when the product is not on the device', async () => {
    await markPulled();
    await open(crypto.randomUUID());
    expect(await screen.findByText('Товар не найден')).toBeTruthy();
  });

  it('opened before the first pull brought it: waits, «загружается», then the card with a note until the mirror is whole', async () => {
    const row = productRow('Чайник из сервера');
    await open(row.id);
    expect(await screen.findByText('Товар загружается на устройство…')).toBeTruthy();
    // The pull's page with the product arrives (the first pull still unfinished: no cursor yet).
    await act(() => db.mirrored('products_wh').add(row));
    expect(await screen.findByDisplayValue('Чайник из сервера')).toBeTruthy();
    expect(screen.getByTestId('product-filling').textContent).toContain('могут быть неполными');
    await act(() => markPulled());
    await waitFor(() => expect(screen.queryByTestId('product-filling')).toBeNull());
  });

  it('name and description save on blur: one PATCH each with only that field; an unchanged blur queues nothing', async () => {
    const p = await seedProduct('Чайник', { description: 'Старое' });
    await open(p.id);
    await screen.findByRole('button', { name: 'Обновить' });
    fireEvent.blur(field('name'));
    fireEvent.change(field('name'), { target: { value: 'Чайник стеклянный' } });
    fireEvent.blur(field('name'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/products/warehouse/${p.id}/update/`,
      body: { name: 'Чайник стеклянный' },
    });
    expect((await db.mirrored('products_wh').get(p.id))!.name).toBe('Чайник стеклянный');

    fireEvent.change(field('name'), { target: { value: '' } });
    fireEvent.blur(field('name'));
    expect(await screen.findByText('Укажите название товара')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows uploaded and waiting pictures; removing an uploaded one queues the images list without it', async () => {
    const p = await seedProduct('Чайник', { images: ['/uploads/a.png', '/uploads/b.png'] });
    await db.pending_images.add({
      id: 'w1',
      product_id: p.id,
      data: new ArrayBuffer(4),
      type: 'image/png',
      name: 'c.png',
      created_at: 1,
    });
    await open(p.id);
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(3));
    expect(screen.getAllByText('Ждёт загрузки')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить фото 1' }));
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(2));
    const [entry] = await db.outbox.toArray();
    expect(entry!.body).toEqual({ images: ['/uploads/b.png'] });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить фото 2' }));
    await waitFor(async () => expect(await db.pending_images.count()).toBe(0));
  });

  it('delete asks first, queues DELETE with the id list and returns to /products', async () => {
    const p = await seedProduct('Чайник');
    const page = await open(p.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить товар' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await page.waitForPath('/products');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/products/warehouse/delete/',
      body: { products: [p.id] },
    });
    expect(await db.mirrored('products_wh').get(p.id)).toBeUndefined();
  });

  it('a product with stock is not deleted: an error instead', async () => {
    const p = await seedProduct('Чайник');
    await seedLot(p.id, 2, 100);
    const page = await open(p.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить товар' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(getAppState().notification?.text).toMatch(/с остатком/));
    expect(page.pathname()).toBe(`/product/${p.id}`);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a lone listing cannot be selected', async () => {
    const p = await seedProduct('Чайник');
    await seedListing(p.id, 'A-1');
    await open(p.id, '?td=1');
    const box = await screen.findByRole('checkbox', { name: 'Выбрать A-1' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Единственную карточку нельзя отделить от товара.')).toBeTruthy();
  });

  it('ungrouping selected listings queues the call; all of them cannot be ungrouped', async () => {
    const p = await seedProduct('Чайник');
    const a = await seedListing(p.id, 'A-1');
    await seedListing(p.id, 'B-2');
    await open(p.id, '?td=1');
    const ungroup = () => screen.getByRole('button', { name: /Разгруппировать/ }) as HTMLButtonElement;
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать A-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать B-2' }));
    expect(ungroup().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать B-2' }));
    expect(ungroup().disabled).toBe(false);
    fireEvent.click(ungroup());
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PATCH', path: `/api/v1/products/ungroup/${p.id}/`, body: [a.id] });
    await waitFor(() => expect(screen.queryByText(/A-1/)).toBeNull());
  });
});
