// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { getAppState } from '../../../state/app-state.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { HomeScreen } from './home-screen.tsx';

const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const text = (testId: string) => screen.getByTestId(testId).textContent!.replace(/[\u00a0\u202f]/g, ' ');

describe('/ «Главная»', () => {
  it('shows the device’s figures, links the short products, charts with a title and a table, and opens «Синхронизация»', async () => {
    await db.mirrored('products_wh').add({ ...meta, id: 'P1', name: 'Кружка', images: [] });
    await db
      .mirrored('products_mp')
      .add({ ...meta, id: 'L1', product_wh_id: 'P1', offer_id: 'cup', marketplace: 'OZON', market_id: 'oz' });
    await db.mirrored('lots').add({
      ...meta,
      id: 'A',
      product_id: 'P1',
      count: 2,
      count_max: 2,
      price: 1500.5,
      created_at: '2025-03-03T00:00:00.000Z',
    });
    await db.rows('posting_statuses').add({
      ...meta,
      id: 's',
      product_mp_id: 'L1',
      awaiting_packaging: 5,
      awaiting_deliver: 0,
      delivering: 0,
      fetched_at: meta.created_at,
    });
    await renderWithRouter(HomeScreen);
    await waitFor(() => expect(text('home-units')).toBe('2'));
    expect(text('home-value')).toBe('3 001 ₽');
    expect(text('home-shortfall-count')).toBe('1');
    const row = screen.getByTestId('shortfall-row');
    expect(within(row).getByRole('link', { name: 'Кружка' }).getAttribute('href')).toBe('/product/P1');
    expect(row.textContent).toContain('не хватает 3');
    expect(screen.getByRole('link', { name: 'Открыть «Отгрузки и доставки»' }).getAttribute('href')).toBe(
      '/shipping-delivery?sufficiency=not_enough',
    );

    const chart = await screen.findByRole('img', {
      name: /^Стоимость склада по себестоимости с \d\d\.\d\d\.\d{4} по \d\d\.\d\d\.\d{4}/,
    });
    expect(chart.querySelector('desc')!.textContent!.replace(/[\u00a0\u202f]/g, ' ')).toContain('Сейчас 3 001 ₽');
    const valueRows = screen.getByTestId('value-table').querySelectorAll('tbody tr');
    expect(valueRows[valueRows.length - 1]!.textContent!.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/3 001 ₽$/);
    expect(screen.getByRole('img', { name: /^Продажи и валовая прибыль по неделям/ })).toBeTruthy();
    expect(screen.getByTestId('sales-table').querySelectorAll('tbody tr')).toHaveLength(13);

    fireEvent.click(screen.getByRole('button', { name: 'Открыть «Синхронизацию»' }));
    // The header's indicator shows the dialog from the app state.
    expect(getAppState().syncDialogOpen).toBe(true);
  });
});

describe('/ «Главная» on a device still filling its mirror', () => {
  it('says the data is still coming while the first pull runs, and stops saying it when it is done', async () => {
    // As src/sync/pull.ts leaves a device whose first pull stopped halfway: a cursor, and the pull marked unfinished.
    await db.meta.bulkPut([
      { key: 'cursor', value: 10 },
      { key: 'first-pull-unfinished', value: 1 },
    ]);
    await renderWithRouter(HomeScreen);
    expect((await screen.findByTestId('home-filling')).textContent).toContain('Данные загружаются на устройство');
    await db.meta.delete('first-pull-unfinished');
    await waitFor(() => expect(screen.queryByTestId('home-filling')).toBeNull());
  });
});
