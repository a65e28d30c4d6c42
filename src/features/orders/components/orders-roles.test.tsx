// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { ordersSearchSchema } from '../api/orders-search.ts';
import { nbsp, seedLine, seedOrder, seedStore } from '../test/seed.ts';
import { OrdersScreen } from './orders-screen.tsx';

/*
 * /orders for the warehouse role (issue 24): the orders and what waits to be linked, with nothing to press — the
 * links and the stores' intake are the owner's and the managers'; without leave to see costs a line's price «—».
 */
function Route() {
  const search = ordersSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <OrdersScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}

async function seed(prices: boolean) {
  const oz = await seedStore('Озон', 'OZON');
  await seedStore('ВБ', 'WILDBERRIES', { order_intake: false });
  const order = await seedOrder(oz, '1001');
  const line = await seedLine(order, 'CAP-1', { quantity: 2 });
  if (!prices) await db.mirrored('order_lines').update(line, { price: undefined });
}

describe('/orders by role', () => {
  it('warehouse without costs: no «Связать с товаром…», no «Включить», the price «—»', async () => {
    signInAsRole('warehouse', { costs: false });
    await seed(false);
    await renderWithRouter(Route, { path: '/orders', url: '/orders' });
    const [offer] = await screen.findAllByTestId('unlinked-offer');
    expect(within(offer!).queryByRole('button')).toBeNull();
    expect(await screen.findByTestId('intake-off')).toBeTruthy();
    expect(within(screen.getByTestId('intake-off')).queryByRole('button')).toBeNull();
    await waitFor(() => expect(nbsp(screen.getByTestId('quantity').textContent)).toBe('2 × —'));
  });

  it('manager: links and turns intake on', async () => {
    signInAsRole('manager');
    await seed(true);
    await renderWithRouter(Route, { path: '/orders', url: '/orders' });
    const [offer] = await screen.findAllByTestId('unlinked-offer');
    expect(within(offer!).getByRole('button', { name: 'Связать артикул «CAP-1» с товаром…' })).toBeTruthy();
    expect(within(await screen.findByTestId('intake-off')).getByRole('button', { name: /Включить/ })).toBeTruthy();
    expect(nbsp(screen.getByTestId('quantity').textContent)).toBe('2 × 500 ₽');
  });
});
