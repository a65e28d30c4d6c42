// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db, type Market } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { MarketsList } from './markets-list.tsx';

const market = (market_id: string, name: string, description: string, created_at: string): Market => ({
  id: crypto.randomUUID(),
  market_id,
  name,
  description,
  marketplace: 'OZON',
  access_token: '',
  has_access_token: false,
  order_intake: true,
  order_intake_interval: 60,
  order_intake_error: null,
  created_at,
  updated_at: created_at,
  version: 1,
});

describe('/markets — «Мои магазины» (docs/screens.md)', () => {
  it('lists stores oldest first with name and description; a click opens /market/{market_id}', async () => {
    await db.markets.bulkAdd([
      market('b-2', 'Второй', 'Зимний склад', '2025-02-01T00:00:00Z'),
      market('a-1', 'Первый', 'Летний склад', '2025-01-01T00:00:00Z'),
    ]);
    const page = await renderWithRouter(MarketsList, { path: '/markets' });
    expect(getAppState().title).toBe('Мои магазины');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('Первый');
    expect(rows[0]).toContain('Летний склад');
    expect(rows[1]).toContain('Второй');

    fireEvent.click(screen.getByText('Второй'));
    await page.waitForPath('/market/b-2');
  });

  it('says when there are no stores; «Добавить» goes to /market/new', async () => {
    const page = await renderWithRouter(MarketsList, { path: '/markets' });
    expect(await screen.findByText(/Магазинов пока нет/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await page.waitForPath('/market/new');
  });

  it('a store added on the device appears without reloading', async () => {
    await renderWithRouter(MarketsList, { path: '/markets' });
    await screen.findByText(/Магазинов пока нет/);
    await db.markets.add(market('c-3', 'Новый', 'Только что', '2025-03-01T00:00:00Z'));
    expect(await screen.findByText('Новый')).toBeTruthy();
    expect(screen.queryByText(/Магазинов пока нет/)).toBeNull();
  });

  it('paints the stores read before it rendered (the route loader’s) at once, then follows the device', async () => {
    const first = market('a-1', 'Первый', 'Летний склад', '2025-01-01T00:00:00Z');
    await db.markets.add(first);
    await renderWithRouter(() => <MarketsList initial={[first]} />, { path: '/markets' });
    // The first render already has them: no empty list, no «Магазинов пока нет» before the query answers.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Первый')]);
    await db.markets.add(market('b-2', 'Второй', 'Зимний склад', '2025-02-01T00:00:00Z'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });
});
