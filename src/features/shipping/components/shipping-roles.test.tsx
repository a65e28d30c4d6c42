// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { seedListing, seedLot, seedProduct, seedStatus, seedStore } from '../test/seed.ts';
import { ShippingScreen } from './shipping-screen.tsx';

/*
 * /shipping-delivery for a warehouse member without leave to see costs (issue 24): the lots come without prices,
 * so there is no delivery sum — no column, no sum in the summary, never «0 ₽» — and no «Обновить статусы»
 * (loading from the marketplaces is the owner's and the managers').
 */
function Route() {
  return <ShippingScreen search={{ sufficiency: 'all', search: '', page: 1 }} onSearchChange={() => undefined} />;
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('/shipping-delivery without costs', () => {
  it('units only: no sum column, no sum in the summary, no «Обновить статусы»', async () => {
    signInAsRole('warehouse', { costs: false });
    await seedStore('oz-1', 'OZON', 'Озон');
    const cup = await seedProduct('Кружка');
    const lot = await seedLot(cup, 3, 100, '2025-01-10');
    await db.mirrored('lots').update(lot, { price: undefined });
    await seedStatus(await seedListing(cup, 'CUP-1'), 1, 0, 2, '2025-03-01T09:30:00.000Z');
    await renderWithRouter(Route, { path: '/shipping-delivery' });
    const [row] = await screen.findAllByTestId('shipping-row');
    expect(within(row!).queryByTestId('delivery-sum')).toBeNull();
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Сумма доставки');
    await waitFor(() => expect(nbsp(screen.getByTestId('shipping-summary').textContent)).toBe('Доставляется: 2 шт.'));
    expect(screen.queryByRole('button', { name: 'Обновить статусы' })).toBeNull();
    expect(nbsp(document.body.textContent)).not.toMatch(/NaN|\d ₽/);
  });
});
