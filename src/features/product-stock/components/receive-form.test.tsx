// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toApiDate } from '../../../lib/dates.ts';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { receiveSearchSchema } from '../api/search.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedProduct } from '../test/seed.ts';
import { ReceiveForm } from './receive-form.tsx';

function Route() {
  const { productId } = useParams({ strict: false });
  const { backToInventoryList } = receiveSearchSchema.parse(useSearch({ strict: false }));
  return <ReceiveForm productId={productId ?? ''} backToInventoryList={backToInventoryList} />;
}
const open = (id: string, query = '') =>
  renderAt(Route, '/product/$productId/inventory/$inventoryId', `/product/${id}/inventory/new${query}`);
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('/product/{id}/inventory/new — «Оприходовать»', () => {
  it('starts at count 1, price 100, today as ДД.ММ.ГГГГ; date limited to 1900–2099; title names the product', async () => {
    const p = await seedProduct('Чайник');
    await open(p);
    await screen.findByRole('button', { name: 'Оприходовать' });
    expect([field('count').value, field('price').value]).toEqual(['1', '100']);
    const [y, m, d] = toApiDate().split('-');
    expect(field('date').value).toBe(`${d}.${m}.${y}`);
    fireEvent.change(field('date'), { target: { value: '31121899' } });
    expect((await screen.findByText('Дата должна быть с 01.01.1900 по 31.12.2099')).getAttribute('role')).toBe('alert');
    await waitFor(() => expect(getAppState().title).toBe('Оприходование: Чайник'));
  });

  it('receives on the device at once, queues POST /api/v1/inventory/ with the same id, then opens tab 2', async () => {
    const p = await seedProduct();
    const page = await open(p);
    fireEvent.change(await screen.findByLabelText('Количество'), { target: { value: '3' } });
    fireEvent.change(field('price'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    await page.wentTo(`/product/${p}`, { td: 2 });
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/inventory/',
      body: { product_id: p, count: 3, price: 12.5 },
    });
    const lot = await db.mirrored('lots').get((entry!.body as { id: string }).id);
    expect(lot).toMatchObject({ product_id: p, count: 3, count_max: 3, price: 12.5, batch_id: null, is_return: false });
  });

  it('a past receipt date is sent as YYYY-MM-DD', async () => {
    const p = await seedProduct();
    const page = await open(p);
    fireEvent.change(await screen.findByLabelText('Дата поступления'), { target: { value: '31.12.2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    await page.wentTo(`/product/${p}`, { td: 2 });
    const [entry] = await outbox();
    expect(entry!.body).toMatchObject({ date: '2024-12-31' });
  });

  it('with backToInventoryList it returns to /inventory', async () => {
    const p = await seedProduct();
    const page = await open(p, '?backToInventoryList=true');
    fireEvent.click(await screen.findByRole('button', { name: 'Оприходовать' }));
    await page.wentTo('/inventory');
  });

  it('count 0 or a fraction is refused with a message; nothing is queued', async () => {
    const p = await seedProduct();
    const page = await open(p);
    fireEvent.change(await screen.findByLabelText('Количество'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Количество должно быть целым числом больше 0');
    await waitFor(async () => expect(await outbox()).toHaveLength(0));
    expect(page.pathname()).toBe(`/product/${p}/inventory/new`);
  });
});
