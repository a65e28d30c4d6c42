// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedLot, seedMovement, seedProduct, seedRow } from '../test/seed.ts';
import { RealizationsTab } from './realizations-tab.tsx';
import { ReservesTab } from './reserves-tab.tsx';

function Reserves() {
  const { productId } = useParams({ strict: false });
  return <ReservesTab productId={productId ?? ''} />;
}
function Sales() {
  const { productId } = useParams({ strict: false });
  return <RealizationsTab productId={productId ?? ''} />;
}
const open = (Page: () => React.JSX.Element, id: string) => renderAt(Page, '/product/$productId', `/product/${id}`);
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const rowsOf = (testId: string) => screen.queryAllByTestId(testId);
const at = (h: number) => new Date(2025, 1, 3, h, 0).toISOString();

describe('tab 6 «Резерв»', () => {
  it('adds a reserve of free units; more than free is refused with the server’s message', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 3, price: 10, at: at(8) });
    await open(Reserves, p);
    fireEvent.change(await screen.findByLabelText('Количество'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарезервировать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно товара на складе: доступно 3 шт.');
    fireEvent.change(field('count'), { target: { value: '2' } });
    fireEvent.change(field('price'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарезервировать' }));
    await waitFor(() => expect(rowsOf('reserve-row')).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/reserve/',
      body: { count: 2, price: 150, product: p },
    });
    expect(within(rowsOf('reserve-row')[0]!).getByText('В резерве')).toBeTruthy();
    expect(await loadProductStock(p)).toMatchObject({ onHand: 3, reserved: 2, free: 1 });
  });

  it('an active reserve can be released or realized (not both); realizing takes its units from the projected stock', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 3, price: 10, at: at(8) });
    const r1 = await seedRow('reserves', { product: p, count: 2, price: 99, status: 'active' });
    const r2 = await seedRow('reserves', {
      product: p,
      count: 1,
      price: 99,
      status: 'active',
      updated_at: '2024-01-01T00:00:00.000Z',
    });
    await open(Reserves, p);
    await waitFor(() => expect(rowsOf('reserve-row')).toHaveLength(2));
    fireEvent.click(within(rowsOf('reserve-row')[0]!).getByRole('button', { name: 'Продать' }));
    await waitFor(() => expect(within(rowsOf('reserve-row')[0]!).getByText('Продан')).toBeTruthy());
    expect(within(rowsOf('reserve-row')[0]!).queryByRole('button', { name: 'Снять' })).toBeNull();
    expect(await loadProductStock(p)).toMatchObject({ onHand: 1, reserved: 1, free: 0 });
    fireEvent.click(within(rowsOf('reserve-row')[1]!).getByRole('button', { name: 'Снять' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    expect((await outbox()).map((e) => [e.path, e.body])).toEqual([
      [`/api/v1/reserve/${r1}/`, { status: 'realized' }],
      [`/api/v1/reserve/${r2}/`, { status: 'released' }],
    ]);
    expect(await loadProductStock(p)).toMatchObject({ onHand: 1, reserved: 0, free: 1 });
  });

  it('count saves on blur within free + its own units; delete removes the row at once', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 3, price: 10, at: at(8) });
    const r1 = await seedRow('reserves', { product: p, count: 2, price: 99, status: 'active' });
    await open(Reserves, p);
    const count = (await screen.findAllByLabelText(/^Количество,/))[0] as HTMLInputElement;
    fireEvent.change(count, { target: { value: '4' } });
    fireEvent.blur(count);
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно товара на складе: доступно 3 шт.');
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.blur(count);
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Удалить резерв/ }));
    await waitFor(() => expect(rowsOf('reserve-row')).toHaveLength(0));
    expect((await outbox()).map((e) => [e.method, e.path])).toEqual([['DELETE', `/api/v1/reserve/${r1}/delete/`]]);
  });
});

describe('tab 7 «Продажи»', () => {
  it('a sale made offline shows the cost price FIFO will give and takes its units from the projected stock', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 1, price: 10, at: at(8) });
    await seedLot(p, { count: 5, price: 20, at: at(9) });
    await open(Sales, p);
    fireEvent.change(await screen.findByLabelText('Количество'), { target: { value: '3' } });
    fireEvent.change(field('realization_price'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продать' }));
    await waitFor(() => expect(rowsOf('realization-row')).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/realization/',
      body: { count: 3, realization_price: 50, product: p },
    });
    // (1 × 10 + 2 × 20) / 3
    expect((await db.mirrored('realizations').get((entry!.body as { id: string }).id))!.price).toBe(16.67);
    expect(within(rowsOf('realization-row')[0]!).getByText(/16,67/)).toBeTruthy();
    expect((await loadProductStock(p)).onHand).toBe(3);
  });

  it('cancel puts the units back (status «Отменено», fields locked); a cancelled sale cannot be cancelled again', async () => {
    const p = await seedProduct();
    const lot = await seedLot(p, { count: 1, price: 10, at: at(8), countMax: 3 });
    const s1 = await seedRow('realizations', {
      product: p,
      count: 2,
      price: 10,
      realization_price: 30,
      status: 'completed',
      datetime: at(10),
    });
    await seedMovement(p, lot.id, -2, { table: 'realizations', id: s1, reason: 'realization' });
    await open(Sales, p);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(within(rowsOf('realization-row')[0]!).getByText('Отменено')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Отменить' })).toBeNull();
    expect((screen.getByLabelText('Количество, 03.02.2025 10:00') as HTMLInputElement).disabled).toBe(true);
    expect((await outbox()).map((e) => [e.path, e.body])).toEqual([
      [`/api/v1/realization/${s1}/`, { status: 'cancelled' }],
    ]);
    expect((await loadProductStock(p)).onHand).toBe(3);
  });

  it('sale price saves on blur; delete queues DELETE …/delete/ and the units come back', async () => {
    const p = await seedProduct();
    const lot = await seedLot(p, { count: 1, price: 10, at: at(8), countMax: 3 });
    const s1 = await seedRow('realizations', {
      product: p,
      count: 2,
      price: 10,
      realization_price: 30,
      status: 'completed',
      datetime: at(10),
    });
    await seedMovement(p, lot.id, -2, { table: 'realizations', id: s1, reason: 'realization' });
    await open(Sales, p);
    const price = (await screen.findByLabelText('Цена продажи, 03.02.2025 10:00')) as HTMLInputElement;
    fireEvent.change(price, { target: { value: '35' } });
    fireEvent.blur(price);
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Удалить продажу/ }));
    await waitFor(() => expect(rowsOf('realization-row')).toHaveLength(0));
    expect((await outbox()).map((e) => [e.method, e.path])).toEqual([['DELETE', `/api/v1/realization/${s1}/delete/`]]);
    expect((await loadProductStock(p)).onHand).toBe(3);
  });
});
