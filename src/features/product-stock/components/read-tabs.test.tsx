// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { seedLot, seedMovement, seedProduct, seedRow } from '../test/seed.ts';
import { HistoryTab } from './history-tab.tsx';
import { OtherRealizationsTab } from './other-realizations-tab.tsx';

function Other() {
  const { productId } = useParams({ strict: false });
  return <OtherRealizationsTab productId={productId ?? ''} />;
}
function History() {
  const { productId } = useParams({ strict: false });
  return <HistoryTab productId={productId ?? ''} />;
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
const at = (d: number, h: number) => new Date(2025, 1, d, h, 0).toISOString();

describe('tab 5 «Прочая реализация»', () => {
  it('reads rows: date, marketplace, count, cost price, realization price', async () => {
    const p = await seedProduct();
    await seedRow('other_realizations', {
      product_id: p,
      date: at(3, 9),
      marketplace: 'WB',
      count: 2,
      price: 10.5,
      realization_price: 30,
      description: '',
      release: false,
      batch_id: null,
    });
    await seedRow('other_realizations', {
      product_id: p,
      date: at(4, 9),
      marketplace: null,
      count: 1,
      price: 10,
      realization_price: 0,
      description: '',
      release: false,
      batch_id: null,
    });
    await renderAt(Other, '/product/$productId', `/product/${p}`);
    await waitFor(() => expect(screen.getAllByTestId('other-realization-row')).toHaveLength(2));
    expect(screen.getAllByTestId('other-realization-row').map(cells)).toEqual([
      ['04.02.2025 09:00', '—', '1', '10 ₽', '0 ₽', '—'],
      ['03.02.2025 09:00', 'Wildberries', '2', '10,50 ₽', '30 ₽', '—'],
    ]);
  });
});

describe('tab 8 «История»', () => {
  it('lists the ledger newest first: time, reason in Russian, signed quantity, lot date, unit cost', async () => {
    const p = await seedProduct();
    const lot = await seedLot(p, { count: 3, price: 12, at: at(1, 8) });
    await seedMovement(p, lot.id, 5, { table: 'lots', id: lot.id, reason: 'receipt' }, at(1, 8), 12);
    await seedMovement(
      p,
      lot.id,
      -2,
      { table: 'disposals', id: crypto.randomUUID(), reason: 'disposal' },
      at(2, 10),
      12,
    );
    await seedMovement(
      p,
      crypto.randomUUID(),
      1,
      { table: 'realizations', id: crypto.randomUUID(), reason: 'reversal' },
      at(3, 11),
      7.5,
    );
    await renderAt(History, '/product/$productId', `/product/${p}`);
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(3));
    expect(screen.getAllByTestId('movement-row').map(cells)).toEqual([
      ['03.02.2025 11:00', 'Возврат на склад (отмена или правка расхода)', '+1', '—', '7,50 ₽', '—'],
      ['02.02.2025 10:00', 'Списание', '−2', '01.02.2025 08:00', '12 ₽', '—'],
      ['01.02.2025 08:00', 'Поступление', '+5', '01.02.2025 08:00', '12 ₽', '—'],
    ]);
  });
});
