// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { outbox, seedLot, seedProduct, seedRow } from '../test/seed.ts';
import { AccountingTab } from './accounting-tab.tsx';

function Tab() {
  const { productId } = useParams({ strict: false });
  return <AccountingTab productId={productId ?? ''} />;
}
const open = (id: string) => renderWithRouter(Tab, { path: '/product/$productId', url: `/product/${id}` });
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('tab 2 «Учёт»', () => {
  it('lists the lots oldest first: date DD.MM.YYYY HH:mm, received, remaining, price, sum; totals below', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 1, price: 20, at: new Date(2025, 2, 7, 9, 5).toISOString(), countMax: 4 });
    await seedLot(p, { count: 3, price: 10.5, at: new Date(2025, 0, 2, 18, 30).toISOString() });
    await open(p);
    const rows = await screen.findAllByTestId('lot-row');
    // The last column, «Кто»: seeded rows name no member.
    expect(cells(rows[0]!)).toEqual(['02.01.2025 18:30', '3', '', '', '31,50 ₽', '—']);
    expect(cells(rows[1]!)).toEqual(['07.03.2025 09:05', '4', '', '', '20 ₽', '—']);
    expect(input('Остаток, 02.01.2025 18:30').value).toBe('3');
    expect(input('Цена, 07.03.2025 09:05').value).toBe('20');
    expect(input('Цена, 02.01.2025 18:30').value).toBe('10,5');
    expect(input('Остаток, 07.03.2025 09:05')).toMatchObject({ type: 'text', inputMode: 'numeric' });
    expect(nbsp(screen.getByTestId('accounting-totals').textContent)).toBe(
      'Остаток на сумму 51,50 ₽ · закуплено на сумму 111,50 ₽',
    );
    expect(nbsp(screen.getByTestId('stock-line').textContent)).toBe(
      'На складе: 4 шт., в резерве: 0 шт., свободно: 4 шт.',
    );
  });

  it('shows remaining units as the server will have them: a write-off waiting in the outbox already took FIFO', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 2, price: 10, at: '2025-01-01T10:00:00.000Z' });
    await seedLot(p, { count: 5, price: 20, at: '2025-01-02T10:00:00.000Z' });
    await seedRow('reserves', { product: p, count: 1, price: 0, status: 'active' });
    await open(p);
    await screen.findAllByTestId('lot-row');
    const body = { id: 'd1', product_id: p, count: 3, price: 0 };
    await queueCreate(
      'disposals',
      { ...body, datetime: new Date().toISOString(), version: 0 },
      { method: 'POST', path: '/api/v1/disposal/', body },
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('lot-row').map((r) => (r.querySelector('input') as HTMLInputElement).value)).toEqual(
        ['0', '4'],
      ),
    );
    expect(nbsp(screen.getByTestId('stock-line').textContent)).toBe(
      'На складе: 4 шт., в резерве: 1 шт., свободно: 3 шт.',
    );
  });

  it('remaining count saves on blur as an absolute PATCH queued after what already waits; price too', async () => {
    const p = await seedProduct();
    const lot = await seedLot(p, { count: 5, price: 10, at: '2025-01-01T10:00:00.000Z' });
    await open(p);
    await screen.findAllByTestId('lot-row');
    const count = () => screen.getAllByLabelText(/^Остаток,/)[0] as HTMLInputElement;
    fireEvent.change(count(), { target: { value: '4' } });
    fireEvent.blur(count());
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    fireEvent.change(count(), { target: { value: '2' } });
    fireEvent.blur(count());
    const price = screen.getAllByLabelText(/^Цена,/)[0] as HTMLInputElement;
    fireEvent.change(price, { target: { value: '12,5' } });
    fireEvent.blur(price);
    await waitFor(async () => expect(await outbox()).toHaveLength(3));
    const entries = await outbox();
    expect(entries.map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', `/api/v1/inventory/${lot.id}/`, { count: 4 }],
      ['PATCH', `/api/v1/inventory/${lot.id}/`, { count: 2 }],
      ['PATCH', `/api/v1/inventory/${lot.id}/`, { price: 12.5 }],
    ]);
    // Count edits never fold into an earlier edit, which could sit ahead of a waiting outflow.
    expect(entries[0]!.group).not.toBeNull();
    expect(entries[1]!.group).not.toBe(entries[0]!.group);
    await waitFor(() => expect(count().value).toBe('2'));
    expect((await db.mirrored('lots').get(lot.id))!.price).toBe(12.5);
  });

  it('refuses a remaining count above what was received, or one that would eat into reserves: message, nothing queued', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 3, price: 10, at: '2025-01-01T10:00:00.000Z', countMax: 5 });
    await seedRow('reserves', { product: p, count: 2, price: 0, status: 'active' });
    await open(p);
    await screen.findAllByTestId('lot-row');
    const count = () => screen.getAllByLabelText(/^Остаток,/)[0] as HTMLInputElement;
    fireEvent.change(count(), { target: { value: '6' } });
    fireEvent.blur(count());
    expect((await screen.findByRole('alert')).textContent).toBe('Остаток не может быть больше поступившего (5 шт.)');
    expect(count().value).toBe('3');
    fireEvent.change(count(), { target: { value: '0' } });
    fireEvent.blur(count());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Нельзя убрать 3 шт.: свободно только 1 шт., остальное в резерве',
      ),
    );
    expect(await outbox()).toHaveLength(0);
  });

  it('«+ Оприходовать» opens the receive form', async () => {
    const p = await seedProduct();
    const page = await open(p);
    fireEvent.click(await screen.findByRole('link', { name: '+ Оприходовать' }));
    await page.waitForPath(`/product/${p}/inventory/new`);
  });
});
