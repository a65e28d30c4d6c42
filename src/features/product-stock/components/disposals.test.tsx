// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedLot, seedMovement, seedProduct, seedRow } from '../test/seed.ts';
import { DisposalForm } from './disposal-form.tsx';
import { DisposalsTab } from './disposals-tab.tsx';

function FormRoute() {
  const { productId } = useParams({ strict: false });
  return <DisposalForm productId={productId ?? ''} />;
}
function TabRoute() {
  const { productId } = useParams({ strict: false });
  return <DisposalsTab productId={productId ?? ''} />;
}
const openForm = (id: string) =>
  renderAt(FormRoute, '/product/$productId/disposal/$disposalId', `/product/${id}/disposal/new`);
const openTab = (id: string) => renderAt(TabRoute, '/product/$productId', `/product/${id}`);
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const at = (h: number) => new Date(2025, 1, 3, h, 0).toISOString();

describe('/product/{id}/disposal/new — «Списать»', () => {
  it('starts at count 1, price 0; writes off on the device and returns to tab 4', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 2, price: 10, at: at(8) });
    await seedLot(p, { count: 5, price: 20, at: at(9) });
    const page = await openForm(p);
    await screen.findByText('Можно списать: 7 шт.');
    expect([field('count').value, field('price').value]).toEqual(['1', '0']);
    fireEvent.change(field('count'), { target: { value: '3' } });
    fireEvent.change(field('description'), { target: { value: 'Бой' } });
    fireEvent.click(screen.getByRole('button', { name: 'Списать' }));
    await page.wentTo(`/product/${p}`, { td: 4 });
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/disposal/',
      body: { product_id: p, count: 3, price: 0, description: 'Бой' },
    });
    expect(await db.mirrored('disposals').get((entry!.body as { id: string }).id)).toMatchObject({
      product_id: p,
      count: 3,
      batch_id: null,
    });
    // The projection takes it FIFO: the older lot first.
    expect((await loadProjectedLots(p)).map((l) => l.count).sort()).toEqual([0, 4]);
  });

  it('refuses more than the free units (on hand minus reserves, offline edits included), as the server would', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 5, price: 10, at: at(8) });
    await seedRow('reserves', { product: p, count: 2, price: 0, status: 'active' });
    const body = { id: 'd0', product_id: p, count: 1, price: 0 };
    await db.outbox.add({
      id: 'e0',
      group: null,
      method: 'POST',
      path: '/api/v1/disposal/',
      body,
      table: 'disposals',
      row_id: 'd0',
      before: null,
      created_at: 1,
      status: 'pending',
      attempts: 0,
      error: null,
    });
    const page = await openForm(p);
    await screen.findByText('Можно списать: 2 шт.');
    fireEvent.change(field('count'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Списать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно товара на складе: доступно 2 шт.');
    expect(await outbox()).toHaveLength(1);
    expect(page.pathname()).toBe(`/product/${p}/disposal/new`);
  });
});

describe('tab 4 «Списание»', () => {
  it('lists write-offs with the total Σ count × price; count and price save on blur', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 4, price: 10, at: at(8), countMax: 6 });
    const d1 = await seedRow('disposals', { product_id: p, count: 2, price: 15, datetime: at(10), description: '' });
    await seedRow('disposals', { product_id: p, count: 1, price: 0.5, datetime: at(11), description: '' });
    await seedMovement(p, 'lot', -2, { table: 'disposals', id: d1, reason: 'disposal' });
    await openTab(p);
    await waitFor(() => expect(screen.getAllByTestId('disposal-row')).toHaveLength(2));
    expect(nbsp(screen.getByTestId('disposal-total').textContent)).toBe('Списано: 3 шт. на сумму 30,50 ₽');
    const count = screen.getByLabelText('Количество, 03.02.2025 10:00') as HTMLInputElement;
    fireEvent.change(count, { target: { value: '7' } });
    fireEvent.blur(count);
    // Its own 2 units come back first: 4 on hand + 2 = 6 at most.
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно товара на складе: доступно 6 шт.');
    fireEvent.change(count, { target: { value: '5' } });
    fireEvent.blur(count);
    const price = screen.getByLabelText('Цена, 03.02.2025 10:00') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '20' } });
    fireEvent.blur(price);
    await waitFor(() =>
      expect(nbsp(screen.getByTestId('disposal-total').textContent)).toBe('Списано: 6 шт. на сумму 100,50 ₽'),
    );
    const entries = await outbox();
    // The price folds into the waiting count edit: one PATCH.
    expect(entries.map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', `/api/v1/disposal/${d1}/`, { count: 5, price: 20 }],
    ]);
  });

  it('delete removes the row at once and queues DELETE with the id list; a write-off made offline just disappears', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 4, price: 10, at: at(8) });
    const d1 = await seedRow('disposals', { product_id: p, count: 2, price: 15, datetime: at(10), description: '' });
    const page = await openForm(p);
    fireEvent.click(await screen.findByRole('button', { name: 'Списать' }));
    await page.wentTo(`/product/${p}`, { td: 4 });
    page.unmount();
    await openTab(p);
    await waitFor(() => expect(screen.getAllByTestId('disposal-row')).toHaveLength(2));
    for (const button of screen.getAllByRole('button', { name: /Удалить списание/ })) fireEvent.click(button);
    await waitFor(() => expect(screen.queryAllByTestId('disposal-row')).toHaveLength(0));
    const entries = await outbox();
    expect(entries.map((e) => [e.method, e.path, e.body])).toEqual([['DELETE', '/api/v1/disposal/', { ids: [d1] }]]);
  });

  it('«+ Списать» opens the form', async () => {
    const p = await seedProduct();
    const page = await openTab(p);
    fireEvent.click(await screen.findByRole('link', { name: '+ Списать' }));
    await page.wentTo(`/product/${p}/disposal/new`);
  });
});
