// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { nbsp, seedLine, seedOrder, seedProduct, seedStore } from '../test/seed.ts';
import { PickListScreen } from './pick-list-screen.tsx';

const groups = () => screen.queryAllByTestId('pick-group');
const column = (id: string) => groups().map((g) => nbsp(within(g).getByTestId(id).textContent));

/**
 * Озон and ВБ orders awaiting packaging: Кружка on А-10 (2 + 1), Ложка on А-2 (4), Миска and Блюдо without a shelf,
 * one unlinked CAP-1; a delivering and a cancelled order that the pick list leaves out.
 */
async function seed() {
  const oz = await seedStore('Озон', 'OZON');
  const wb = await seedStore('ВБ', 'WILDBERRIES');
  const cup = await seedProduct('Кружка', 'А-10');
  const spoon = await seedProduct('Ложка', 'А-2');
  const bowl = await seedProduct('Миска');
  const plate = await seedProduct('Блюдо', '');
  const a = await seedOrder(oz, '0001-1');
  await seedLine(a, 'CUP', { product_id: cup, books: 'reserved', quantity: 2 });
  await seedLine(a, 'BWL', { product_id: bowl, books: 'reserved' });
  const b = await seedOrder(wb, 'WB-77', { marketplace: 'WILDBERRIES' });
  await seedLine(b, 'W-CUP', { product_id: cup, books: 'reserved' });
  await seedLine(b, 'W-SPN', { product_id: spoon, books: 'reserved', quantity: 4 });
  await seedLine(b, 'PLT', { product_id: plate, books: 'reserved' });
  await seedLine(await seedOrder(oz, '0002-1'), 'CAP-1', { name: 'Кепка синяя', quantity: 2 });
  await seedLine(await seedOrder(oz, '0003-1', { stage: 'delivering' }), 'CUP', {
    product_id: cup,
    books: 'sold',
    quantity: 9,
  });
  await seedLine(await seedOrder(oz, '0004-1', { stage: 'cancelled' }), 'SPN', {
    product_id: spoon,
    books: 'released',
  });
  return { oz, wb };
}

describe('/orders/pick-list — «Лист сборки»', () => {
  it('products in shelf order (А-2 before А-10, no shelf last, then by name), units and postings; unlinked at the end', async () => {
    await seed();
    await renderWithRouter(() => <PickListScreen />, { path: '/orders/pick-list' });
    expect(getAppState().title).toBe('Лист сборки');
    await waitFor(() => expect(column('pick-name')).toEqual(['Ложка', 'Кружка', 'Блюдо', 'Миска']));
    expect(column('pick-shelf')).toEqual(['А-2', 'А-10', '—', '—']);
    expect(column('pick-units')).toEqual(['4 шт.', '3 шт.', '1 шт.', '1 шт.']);
    expect(
      within(groups()[1]!)
        .getAllByTestId('pick-posting')
        .map((p) => p.textContent),
    ).toEqual(['0001-1 × 2', 'WB-77 × 1']);
    const unlinked = screen.getByRole('region', { name: 'Не связаны с товаром' });
    expect(nbsp(within(unlinked).getByTestId('pick-unlinked').textContent)).toBe('CAP-1Кепка синяя2 шт.0002-1 × 2');
    expect(nbsp(screen.getByTestId('pick-totals').textContent)).toBe('3 заказа, 4 товара, 11 шт.');
    expect(screen.getByRole('heading', { name: /^Лист сборки на \d\d\.\d\d\.\d{4} \d\d:\d\d$/ })).toBeTruthy();
  });

  it('one store when opened from /orders with a store chosen; the way back keeps it', async () => {
    const { wb } = await seed();
    await renderWithRouter(() => <PickListScreen store={wb} />, { path: '/orders/pick-list' });
    await waitFor(() => expect(column('pick-name')).toEqual(['Ложка', 'Кружка', 'Блюдо']));
    expect(column('pick-units')).toEqual(['4 шт.', '1 шт.', '1 шт.']);
    expect(screen.queryByTestId('pick-unlinked')).toBeNull();
    expect(screen.getByRole('link', { name: '← К заказам' }).getAttribute('href')).toBe(`/orders?store=${wb}`);
  });

  it('«Печать» prints the page', async () => {
    await seed();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderWithRouter(() => <PickListScreen />, { path: '/orders/pick-list' });
    await waitFor(() => expect(groups()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Печать' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('nothing awaiting packaging says so', async () => {
    await renderWithRouter(() => <PickListScreen />, { path: '/orders/pick-list' });
    await screen.findByText('Нет заказов, ждущих сборки.');
    expect(nbsp(screen.getByTestId('pick-totals').textContent)).toBe('0 заказов, 0 товаров, 0 шт.');
  });
});
