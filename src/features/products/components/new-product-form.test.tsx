// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { NewProductForm } from './new-product-form.tsx';

const open = () => renderWithRouter(NewProductForm, { path: '/new/product' });
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Добавить фото'), { target: { files } });
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

describe('/new/product (docs/screens.md)', () => {
  it('name is required: a Russian error, nothing stored or queued', async () => {
    const page = await open();
    expect(getAppState().title).toBe('Новый товар');
    type('name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    expect((await screen.findByText('Укажите название товара')).getAttribute('role')).toBe('alert');
    expect(await db.mirrored('products_wh').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(page.pathname()).toBe('/new/product');
    type('name', 'Чайник');
    expect(screen.queryByText('Укажите название товара')).toBeNull();
  });

  it('creates the row with a client id and one queued POST, then opens its page', async () => {
    const page = await open();
    type('name', '  Чайник  ');
    type('description', 'Стеклянный, 1,7 л');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    await waitFor(async () => expect(await db.mirrored('products_wh').count()).toBe(1));
    const [row] = await db.mirrored('products_wh').toArray();
    expect(row).toMatchObject({ name: 'Чайник', description: 'Стеклянный, 1,7 л', images: [] });
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForPath(`/product/${row!.id}`);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/products/products/',
      table: 'products_wh',
      row_id: row!.id,
      status: 'pending',
    });
    expect(entries[0]!.body).toEqual({ id: row!.id, name: 'Чайник', description: 'Стеклянный, 1,7 л', images: [] });
  });

  it('offline, picked pictures wait on the device as bytes for the sync to upload; a removed one is dropped', async () => {
    const page = await open();
    type('name', 'Кружка');
    pick([png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить фото 1' }));
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    await waitFor(async () => expect(await db.pending_images.count()).toBe(1));
    const [row] = await db.mirrored('products_wh').toArray();
    await page.waitForPath(`/product/${row!.id}`);
    const [image] = await db.pending_images.toArray();
    expect(image).toMatchObject({ product_id: row!.id, name: 'b.png', type: 'image/png' });
    expect(new Uint8Array(image!.data)[0]).toBe(0x89);
    // The create carries no placeholder: the server only ever gets real picture URLs.
    expect((await db.outbox.toArray())[0]!.body).toMatchObject({ images: [] });
  });

  it('a double tap creates the product once', async () => {
    const page = await open();
    type('name', 'Двойное нажатие');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить товар' }));
    await waitFor(async () => expect(await db.mirrored('products_wh').count()).toBe(1));
    await page.waitForPath(`/product/${(await db.mirrored('products_wh').toArray())[0]!.id}`);
    expect(await db.outbox.count()).toBe(1);
  });
});
