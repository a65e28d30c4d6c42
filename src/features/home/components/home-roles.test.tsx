// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { HomeScreen } from './home-screen.tsx';

/*
 * «Главная» for a warehouse member without leave to see costs (issue 24): the units on hand and the edits, but no
 * value of the stock and no charts of money — its lots come without prices, so any sum would be made up.
 */
const meta = { version: 1, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };

describe('/ without costs', () => {
  it('units, no «на сумму», no charts', async () => {
    signInAsRole('warehouse', { costs: false });
    await db.mirrored('products_wh').add({ ...meta, id: 'P1', name: 'Кружка', images: [] });
    await db.mirrored('lots').add({
      ...meta,
      id: 'A',
      product_id: 'P1',
      count: 2,
      count_max: 2,
      created_at: '2025-03-03T00:00:00.000Z',
    });
    await renderWithRouter(HomeScreen);
    await waitFor(() => expect(screen.getByTestId('home-units').textContent).toBe('2'));
    expect(screen.queryByTestId('home-value')).toBeNull();
    expect(screen.queryByTestId('home-value-section')).toBeNull();
    expect(screen.queryByTestId('home-sales-section')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN|₽/);
  });

  it('with leave to see costs the value and the charts are there', async () => {
    signInAsRole('warehouse', { costs: true });
    await renderWithRouter(HomeScreen);
    expect(await screen.findByTestId('home-value-section')).toBeTruthy();
    expect(screen.getByTestId('home-sales-section')).toBeTruthy();
  });
});
